import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// `--key-echo none` (issue 26, item 8): typing in the screen's fields says nothing.
@Suite(.serialized) struct KeyEchoEndToEndTests {
    @Test func keyEchoNoneSaysNoTypedCharacter() async throws {
        let app = AppDriver()
        let session = try TmuxSession(width: 80, height: 24, command: app.command("--key-echo none"))
        defer { session.close() }
        _ = try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("▶ Posts") } }
        try session.send("c")
        await app.waitForSpeech(session) { $0.hasPrefix("New post") }
        let before = app.spoken().count
        try session.send("q", "z", "Space", "q")
        _ = try await session.waitFor { $0.contains { $0.contains("qz q") } }
        // Tab after the typing: its field is said, and nothing of what was typed came before it.
        try session.send("Tab")
        await app.waitForSpeech(session, after: before) { $0.hasPrefix("Keypad") }
        #expect(app.spoken().dropFirst(before).first?.hasPrefix("Keypad") == true, "\(Array(app.spoken().dropFirst(before)))")
        try session.send("C-q")
        await session.waitUntil { !session.isRunning() }
    }
}
