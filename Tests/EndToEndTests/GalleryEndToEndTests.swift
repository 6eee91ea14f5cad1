import Foundation
import Testing
import SystemTestSupport
import TestSupport

/// `parla gallery` run for real in tmux, with the transcript as the record of what was said.
@Suite(.serialized) struct GalleryEndToEndTests {
    /// How many edge earcons (focus wrapping round) the transcript holds.
    private func edgeCount(_ path: String) -> Int {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return 0 }
        return text.split(separator: "\n").filter { $0.contains("\"kind\":\"earcon\"") && $0.contains("\"sound\":\"edge\"") }.count
    }

    /// Waits until the transcript stops growing for 150 ms (at most 40 looks), so late lines are not
    /// mistaken for the answer to the next key: quiet in another process has no signal to wait on.
    private func settle(_ path: String) async {
        var last = -1
        for _ in 0..<40 {
            let count = speechLines(path).count
            if count == last { return }
            last = count
            try? await Task.sleep(for: .milliseconds(150))
        }
    }

    private func speechLines(_ path: String) -> [String] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["kind"] as? String == "speech" else { return nil }
            return object["text"] as? String
        }
    }

    @Test func tabThroughEveryControlOfEveryStudyApp() async throws {
        let dataDir = TestPaths.temporaryDirectory()
        let transcript = dataDir.appendingPathComponent("transcript.jsonl").path
        let command = "\(TmuxSession.quote(TestPaths.parlaExecutable.path)) gallery --data-dir \(TmuxSession.quote(dataDir.path)) "
            + "--lang en --transcript \(TmuxSession.quote(transcript)) --audio none"
        let session = try TmuxSession(width: 80, height: 24, command: command)
        defer { session.close() }
        await session.waitUntil { !speechLines(transcript).isEmpty }
        #expect(speechLines(transcript).first?.hasPrefix("Gallery of accessible controls.") == true)
        var visitedApps = 0
        for _ in 0..<7 {
            var said = speechLines(transcript).count
            try session.send("Enter")
            await session.waitUntil { speechLines(transcript).count > said }
            await settle(transcript)
            said = speechLines(transcript).count
            let edges = edgeCount(transcript)
            var seen: [String] = []
            // Tab until focus comes back round to the first control (bounded).
            for _ in 0..<40 {
                try session.send("Tab")
                await session.waitUntil { speechLines(transcript).count > said }
                await settle(transcript)
                let lines = speechLines(transcript)
                #expect(lines.count > said, "Tab said nothing")
                said = lines.count
                // The focused control is marked where the cursor is: the focus marker before a control,
                // the bracketed current key of the keypad, or the wheel's current-item marker. The
                // transcript is written just before the frame, so allow the frame a moment to arrive.
                var report = ""
                var marked = false
                try? await eventually("the cursor on the focus", timeout: .seconds(10), every: TmuxSession.pollInterval) {
                    guard let screen = try? session.capture(), let cursor = try? session.cursor() else { return false }
                    if cursor.y >= 0 && cursor.y < screen.count {
                        let row = Array(screen[cursor.y])
                        let around = String(row[max(0, cursor.x - 2)..<min(row.count, cursor.x + 1)])
                        marked = around.contains("▶") || around.contains("[") || around.contains(">")
                        report = "cursor (\(cursor.x), \(cursor.y)) on: \(String(row))"
                    }
                    return marked
                }
                #expect(marked, "\(report)")
                // The edge earcon says focus wrapped round to the first control: every control was visited.
                if edgeCount(transcript) > edges { break }
                seen.append(lines.last ?? "")
            }
            #expect(!seen.isEmpty)
            visitedApps += 1
            try session.send("Escape")
            await session.waitUntil { speechLines(transcript).count > said }
            await settle(transcript)
            said = speechLines(transcript).count
            try session.send("Tab")
            await session.waitUntil { speechLines(transcript).count > said }
            await settle(transcript)
        }
        #expect(visitedApps == 7)
        try session.send("C-q")
        await session.waitUntil { !session.isRunning() }
        #expect(!session.isRunning())
    }
}
