import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// Issue 17's one-switch access, as a switch user meets it: the real `parla` in tmux at 80×24 with scanning
/// on, a post written on the keypad and sent with the switch (Space) and the second switch (Backspace) alone,
/// each press made when the transcript says the wanted item is the one being offered.
@Suite(.serialized) struct ScanningEndToEndTests {
    /// The app with one-switch scanning on at `dwellMilliseconds`, in tmux at 80×24, speaking fast.
    static func scanning(dwellMilliseconds: Int) throws -> (AppDriver, TmuxSession) {
        let app = AppDriver()
        let config = app.dataDir.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data(#"{"scanning": true, "dwellMilliseconds": \#(dwellMilliseconds)}"#.utf8).write(to: config.appendingPathComponent("settings.json"))
        return (app, try TmuxSession(width: 80, height: 24, command: app.command("--rate 450")))
    }

    @Test func aPostIsWrittenAndSentWithTheSwitchAlone() async throws {
        let (app, session) = try Self.scanning(dwellMilliseconds: 3000)
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

    /// Issue 26 item 1: ten posts read in a row by scanning inside the wheel, none cut; the tenth chosen, then
    /// favourited, and the answer said at once.
    @Test func aSwitchUserReadsTenPostsInARowWithoutACutAndFavouritesOne() async throws {
        // A dwell long enough for the test's press to land on the action being offered on a busy machine.
        let (app, session) = try Self.scanning(dwellMilliseconds: 1500)
        defer { session.close() }

        // The first post is said as Home opens: the switch goes into the wheel while the list with it is offered
        // (not another control the scan went on to while the posts were loading).
        await session.waitUntil(timeout: .seconds(45)) { app.spoken().last?.contains("Parla Tips:") == true }
        try #require(app.spoken().last?.contains("Parla Tips:") == true, "\(app.spoken().suffix(3))")
        try session.send("Space")
        let entered = app.transcriptRows().count
        // Each scan step says the next post whole: wait for the tenth to begin and to have been said.
        await session.waitUntil(timeout: .seconds(240)) {
            app.transcriptRows().dropFirst(entered).filter { $0["kind"] as? String == "speech" }.count >= 11
        }
        let reading = Array(app.transcriptRows().dropFirst(entered))
        let said = reading.filter { $0["kind"] as? String == "speech" }
        try #require(said.count >= 11, "\(said.map { $0["text"] ?? "" })")
        #expect(reading.filter { $0["kind"] as? String == "interrupt" }.isEmpty, "\(reading)")
        // The switch chooses the post being offered; the scan comes out to its actions.
        try session.send("Space")
        await session.waitUntil(timeout: .seconds(30)) { app.spoken().last?.hasPrefix("Favourite, toggle button") == true }
        try #require(app.spoken().last?.hasPrefix("Favourite, toggle button") == true, "\(app.spoken().suffix(4))")
        try session.send("Space")
        let answer = await app.waitForSpeech(session, after: app.spoken().count - 1, timeout: .seconds(20)) { $0 == "Added to favourites" }
        #expect(answer != nil, "\(app.spokenLines().suffix(4))")
        #expect(app.spokenLines().last(where: { $0.text == "Added to favourites" })?.priority == "answer")
        try await session.quit()
    }
}
