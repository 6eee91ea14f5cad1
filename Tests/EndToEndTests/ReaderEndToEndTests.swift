import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// Issue 16's must-show for whole posts, on the real binary in tmux: a 500-character post read whole in
/// the reader at 40×12, the hardware cursor on the first letter of each word as it is said; line mode
/// prints the same post whole.
@Suite(.serialized) struct ReaderEndToEndTests {
    static let body = "I spent the whole weekend at the lake with my sister and our old dog. The water was cold, the sky was clear "
        + "and the bread from the village bakery was still warm when we ate it on the pier. Nobody checked their phone for two days. "
        + "We talked about our grandmother, who taught us both to swim in that same lake, and about whether we should rent the cabin "
        + "again next summer. My sister says yes, the dog says nothing, and I think we should go in June when the water is warmer. "
        + "We could even bring a canoe."

    @Test func aFiveHundredCharacterPostIsReadWordByWordAt40x12WithTheCursorOnEachWord() async throws {
        #expect(Self.body.count == 500)
        let app = AppDriver()
        let posted = try app.line(["post", Self.body])
        #expect(posted.status == 0, "\(posted.errors)")

        let session = try TmuxSession(width: 40, height: 12, command: app.command())
        defer { session.close() }
        _ = try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("Posts 1 of") } }
        try session.send("x")
        let opened = try await session.waitFor(timeout: .seconds(15)) { $0.contains { $0.contains("Lines 1 to 7 of") } }
        #expect(opened[0].contains("Post by"), "\(opened)")

        // Word by word to the post's last word: each word said is the one under the cursor.
        var read: [String] = []
        var misplaced: [String] = []
        while read.last != "canoe.", read.count < 200 {
            let before = app.spoken().count
            try session.send("Right")
            await session.waitUntil(timeout: .seconds(15)) { app.spoken().count > before }
            guard let word = app.spoken().last, app.spoken().count > before else {
                misplaced.append("nothing said after \(read.last ?? "the start")")
                break
            }
            read.append(word)
            var seen = ""
            await session.waitUntil(timeout: .seconds(10)) {
                guard let screen = try? session.capture(), let cursor = try? session.cursor(),
                      screen.indices.contains(cursor.y) else { return false }
                let row = Array(screen[cursor.y])
                seen = cursor.x < row.count ? String(row[cursor.x...]) : ""
                return seen.hasPrefix(word)
            }
            if !seen.hasPrefix(word) { misplaced.append("\(word): cursor on '\(seen)'") }
        }
        #expect(misplaced.isEmpty, "\(misplaced)")
        let bodyWords = Self.body.split(separator: " ").map(String.init)
        #expect(Array(read.suffix(bodyWords.count)) == bodyWords)
        // The view scrolled to the end: the last lines are shown, the last word on the cursor's row.
        let end = try await session.waitFor { $0.contains { $0.contains("We could even bring a canoe.") } }
        #expect(end.contains { $0.contains("Lines") && $0.contains("of") && !$0.contains("Lines 1 to") }, "\(end)")

        try session.send("Escape")
        _ = try await session.waitFor { $0.contains { $0.contains("Posts 1 of") } }
        try await session.quit()

        let line = try app.line(["timeline", "home", "--limit", "1"])
        #expect(line.status == 0, "\(line.errors)")
        #expect(line.output.contains(Self.body), "\(line.output)")
        #expect(!line.output.contains("..."))

        // The interactive line mode (output to a pipe) prints the reader's lines whole: `x`, then Ctrl+Q.
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = "80"
        environment["LINES"] = "24"
        let piped = try Command.run(
            [TestPaths.parlaExecutable.path, "--data-dir", app.dataDir.path, "--lang", "en", "--audio", "none"],
            environment: environment, input: Data("x\u{11}".utf8))
        #expect(piped.status == 0, "\(piped.errors)")
        let printed = piped.output.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(printed.contains { $0.hasPrefix("Post by") }, "\(printed)")
        #expect(printed.joined(separator: " ").contains(Self.body), "\(printed)")
    }
}
