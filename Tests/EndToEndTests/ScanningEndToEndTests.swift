import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// Issue 17's one-switch access, as a switch user meets it: the real `parla` in tmux at 80×24 with scanning
/// on, a post written on the keypad and sent with the switch (Space) and the second switch (Backspace) alone,
/// each press made when the transcript says the wanted item is the one being offered.
@Suite(.serialized) struct ScanningEndToEndTests {
    @Test func aPostIsWrittenAndSentWithTheSwitchAlone() async throws {
        let app = AppDriver()
        let config = app.dataDir.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data(#"{"scanning": true, "dwellMilliseconds": 2000}"#.utf8).write(to: config.appendingPathComponent("settings.json"))
        let session = try TmuxSession(width: 80, height: 24, command: app.command())
        defer { session.close() }

        /// Presses `key` once what is being said (the transcript's last line) is `wanted`.
        func press(_ key: String = "Space", when wanted: String, exactly: Bool = false) async throws {
            func offered() -> Bool {
                guard let last = app.spoken().last else { return false }
                return exactly ? last == wanted : last.hasPrefix(wanted)
            }
            await session.waitUntil(timeout: .seconds(60)) { offered() }
            try #require(offered(), "never offered '\(wanted)'; last said: \(app.spoken().suffix(3))")
            try session.send(key)
        }

        try await press(when: "New post, button")
        try await press(when: "Keypad, keypad")
        try await press(when: "Row 2:")
        try await press(when: "4: g h i")
        try await press(when: "h", exactly: true)
        try await press(when: "Row 2:")
        try await press(when: "4: g h i")
        try await press(when: "i", exactly: true)
        try await press("BSpace", when: "Row 1:")
        let screen = try await session.waitFor { $0.contains { $0.contains("Text:") } }
        #expect(screen.contains { $0.trimmingCharacters(in: .whitespaces) == "hi" }, "\(screen)")
        try await press(when: "Send, button")
        // The outbox has published it once "Sent" is said.
        await session.waitUntil(timeout: .seconds(20)) { app.spoken().contains("Sent: hi.") }
        #expect(app.spoken().contains("Sent: hi."), "\(app.spoken().suffix(5))")
        try await session.quit()

        let timeline = try app.line(["timeline", "home", "--json", "--limit", "5"])
        #expect(timeline.status == 0, "\(timeline.errors)")
        let posts = try #require(try JSONSerialization.jsonObject(with: Data(timeline.output.utf8)) as? [[String: Any]])
        #expect(posts.first?["text"] as? String == "hi", "\(posts.first ?? [:])")
    }
}
