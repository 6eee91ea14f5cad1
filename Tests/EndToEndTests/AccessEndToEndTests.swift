import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// Issue 17 item 4 in a real terminal: Ctrl+Space, Ctrl+R and F1 reach the program through tmux and do
/// what they say, read back from the transcript and the screen.
@Suite struct AccessEndToEndTests {
    /// Every transcript line as (kind, text or sound).
    func entries(_ app: AppDriver) -> [(kind: String, text: String)] {
        let url = app.dataDir.appendingPathComponent("transcript.jsonl")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let kind = object["kind"] as? String else { return nil }
            return (kind, object["text"] as? String ?? object["sound"] as? String ?? "")
        }
    }

    func interruptions(of text: String, _ app: AppDriver) -> Int {
        entries(app).filter { $0.kind == "interrupt" && $0.text == text }.count
    }

    @Test func ctrlRRepeatsCtrlSpaceStopsAndF1IsAListEscapeCloses() async throws {
        let app = AppDriver()
        let session = try TmuxSession(width: 40, height: 12, command: app.command())
        defer { session.close() }
        // At 40 columns the wheel is one line: "▶ Posts: <the post> 1 of N".
        _ = try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("▶ Posts") } }
        let first = await app.waitForSpeech(session, timeout: .seconds(45)) { $0.contains("Parla Tips") }
        let post = try #require(first)
        // Ctrl+R says the post again.
        try session.send("C-r")
        await session.waitUntil { app.spoken().filter { $0 == post }.count >= 2 }
        #expect(app.spoken().filter { $0 == post }.count == 2)
        // Ctrl+Space cuts it at once, while it is still being said (a post takes seconds at real-time pace).
        let cutBefore = interruptions(of: post, app)
        try session.send("C-Space")
        await session.waitUntil { interruptions(of: post, app) > cutBefore }
        #expect(interruptions(of: post, app) == cutBefore + 1)
        // F1: the help is a list on screen, reviewed line by line; Esc closes it and focus is back on the posts.
        try session.send("F1")
        _ = try await session.waitFor { $0.contains { $0.contains("Help lines 1 of") } }
        try await session.expectCursorOnFocus("help")
        try session.send("Down")
        let help = try await session.waitFor { $0.contains { $0.contains("Help lines 2 of") } }
        #expect(help.first?.contains("Help: Home") == true)
        try session.send("Escape")
        let back = try await session.waitFor { $0.contains { $0.contains("▶ Posts") } }
        #expect(back.first?.contains("Home") == true)
        try await session.expectCursorOnFocus("after help")
        await session.waitUntil { entries(app).contains { $0.kind == "earcon" && $0.text == "leave" } }
        #expect(entries(app).contains { $0.kind == "earcon" && $0.text == "leave" })
        try await session.quit()
    }
}
