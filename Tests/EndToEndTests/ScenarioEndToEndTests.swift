import Foundation
import Testing
import TestSupport

/// Issue 7's scenarios on the real binary in tmux, at 80×24 and at 40×12, against the embedded local
/// instance: after every step the hardware cursor is on the focused item.
@Suite(.serialized) struct ScenarioEndToEndTests {
    static let sizes = [(80, 24), (40, 12)]

    /// Starts the app and waits until the first post has been read.
    private func open(_ app: AppDriver, width: Int, height: Int, extra: String = "") async throws -> TmuxSession {
        let session = try TmuxSession(width: width, height: height, command: app.command(extra))
        _ = try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("▶ Posts") } }
        #expect(await app.waitForSpeech(session, timeout: .seconds(45)) { $0.contains("Parla Tips:") } != nil,
                "the first post is read: \(app.spokenLines())")
        try await session.expectCursorOnFocus("start")
        return session
    }

    @Test(arguments: sizes)
    func replyThroughTheKeypadAndFindTheReplyOnTheServer(width: Int, height: Int) async throws {
        let app = AppDriver()
        // The fastest voice: "Sent: …" waits its turn behind the post being read.
        let session = try await open(app, width: width, height: height, extra: "--rate 450")
        defer { session.close() }
        try session.send("r")
        let compose = try await session.waitFor { $0.first?.contains("Reply to Parla Tips") == true }
        #expect(compose.contains { $0.contains("▶ Text:") }, "the reply opens on its text: \(compose)")
        #expect(await app.waitForSpeech(session) { $0.hasPrefix("Reply to Parla Tips. Text, text field, @parlatips , cursor at the end,") } != nil)
        try await session.expectCursorOnFocus("reply opened", rowContains: "@parlatips")
        // The keypad: 2 once is "a", as on a phone.
        try session.send("Tab")
        _ = try await session.waitFor { $0.contains { $0.contains("▶ Keypad") } }
        try await session.expectCursorOnFocus("keypad", rowContains: "[5 jkl]")
        let before = app.spoken().count
        try session.send("2")
        #expect(await app.waitForSpeech(session, after: before) { $0 == "a" } != nil, "the letter is said")
        _ = try await session.waitFor { $0.contains { $0.contains("typing a") } }
        try await session.expectCursorOnFocus("letter typed", rowContains: "[5 jkl]")
        // F3 goes to Send (the letter is kept), Enter sends.
        try session.send("F3")
        _ = try await session.waitFor { $0.last?.contains("▶ [Send]") == true }
        try await session.expectCursorOnFocus("send")
        let sending = app.spoken().count
        try session.send("Enter")
        _ = try await session.waitFor { $0.contains { $0.contains("▶ Posts") } }
        try await session.expectCursorOnFocus("back on home")
        #expect(await app.waitForSpeech(session, after: sending, timeout: .seconds(30)) { $0.hasPrefix("Sent: ") } != nil,
                "the result is said, naming the post: \(app.spokenLines().suffix(6))")
        try await session.expectCursorOnFocus("after sent")
        try await session.quit()
        #expect(!session.isRunning())

        // The reply is on the server, once, replying to the post it answers.
        let timeline = try app.line(["timeline", "home", "--json", "--limit", "40"])
        #expect(timeline.status == 0, "\(timeline.errors)")
        let posts = try #require(try JSONSerialization.jsonObject(with: Data(timeline.output.utf8)) as? [[String: Any]])
        let replies = posts.filter { $0["text"] as? String == "@parlatips a" }
        #expect(replies.count == 1)
        let reply = try #require(replies.first)
        #expect(reply["acct"] as? String == "owner")
        let parent = try #require(reply["in_reply_to_id"] as? String)
        let thread = try app.line(["thread", parent])
        #expect(thread.output.contains("Tip: filters you set on your server work in Parla too."), "\(thread.output)")
    }

    @Test(arguments: sizes)
    func followAUserFromTheirDetails(width: Int, height: Int) async throws {
        let app = AppDriver()
        let session = try await open(app, width: width, height: height)
        defer { session.close() }
        // Down to a post by Pablo Ruiz, whom the owner does not follow.
        var found = false
        for step in 1...12 where !found {
            let before = app.spoken().count
            try session.send("Down")
            let said = await app.waitForSpeech(session, after: before) { _ in true } ?? ""
            try await session.expectCursorOnFocus("Down \(step)")
            found = said.contains("boosted Pablo Ruiz") || said.hasPrefix("Pablo Ruiz")
        }
        try #require(found, "a post by Pablo Ruiz in the first 12")
        try session.send("u")
        _ = try await session.waitFor { $0.contains { $0.contains("▶ Handle: @pablo") } }
        // The profile opens with who they are to the owner and their bio, then the handle (issue 26, item 8).
        #expect(await app.waitForSpeech(session) {
            $0 == "Pablo Ruiz. They follow you. Estudiante de Historia en Sevilla. Cocina de batalla, fútbol y apuntes compartidos. "
                + "Handle, label, @pablo, Right and Left read word by word."
        } != nil)
        try await session.expectCursorOnFocus("details")
        try session.send("F2")
        #expect(await app.waitForSpeech(session) { $0.hasPrefix("Follow, button") } != nil)
        try await session.expectCursorOnFocus("follow button")
        try session.send("Enter")
        #expect(await app.waitForSpeech(session) { $0 == "You now follow Pablo Ruiz" } != nil)
        let screen = try await session.waitFor { $0.joined(separator: " ").contains("you follow them") }
        #expect(screen.joined(separator: " ").contains("Relationship: you follow them"), "\(screen)")
        try await session.expectCursorOnFocus("followed")
        try await session.quit()

        // The server agrees.
        let user = try app.line(["user", "@pablo", "--json"])
        #expect(user.status == 0, "\(user.errors)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(user.output.utf8)) as? [String: Any])
        let relationship = try #require(object["relationship"] as? [String: Any])
        #expect(relationship["following"] as? Bool == true)
    }

    @Test(arguments: sizes)
    func switchToSpanishInSettingsAndHearSpanishAtOnce(width: Int, height: Int) async throws {
        let app = AppDriver()
        let session = try await open(app, width: width, height: height)
        defer { session.close() }
        try session.send("F9")
        _ = try await session.waitFor { $0.first?.contains("Settings") == true }
        #expect(await app.waitForSpeech(session) {
            $0 == "Settings. Language, choice, English, 1 of 3, Left and Right change, Enter keeps, Escape restores."
        } != nil)
        try await session.expectCursorOnFocus("settings")
        let before = app.spokenLines().count
        try session.send("Right", "Enter")
        let heading = try await session.waitFor { $0.first?.contains("Ajustes") == true }
        #expect(heading.contains { $0.contains("▶ Idioma:") })
        let spanish = "Ajustes. Idioma, selector, Español, 2 de 3, Izquierda y Derecha cambian, Intro guarda, Escape restaura."
        await session.waitUntil { app.spokenLines().dropFirst(before).contains { $0.text == spanish } }
        let said = Array(app.spokenLines().dropFirst(before))
        // The choice is said in English, then at once everything is Spanish, in the Spanish voice.
        #expect(said.map(\.text).suffix(2) == ["Spanish (Español) chosen", spanish], "\(said)")
        #expect(said.last?.language == "es", "\(said)")
        try await session.expectCursorOnFocus("language changed")
        let back = app.spokenLines().count
        try session.send("Escape")
        let home = try await session.waitFor { $0.first?.contains("Inicio · local") == true }
        #expect(home.contains { $0.contains("Estás en Inicio · 1 de 40") })
        // Back on it, only its first post is said (issue 26, item 5), with the interface's words in Spanish.
        let first = await app.waitForSpeech(session, after: back) { _ in true }
        #expect(first?.hasPrefix("Inicio") == false && first?.contains(" hace ") == true, "\(first ?? "")")
        try await session.expectCursorOnFocus("home in Spanish")
        try await session.quit()
        // Kept in the settings file for the next start.
        let data = try Data(contentsOf: app.dataDir.appendingPathComponent("config/settings.json"))
        let settings = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(settings["language"] as? String == "es", "\(settings)")
    }
}

extension ScenarioEndToEndTests {
    @Test func switchBetweenTwoAccountsFromTheScreen() async throws {
        let first = try ServeProcess()
        let second = try ServeProcess()
        defer { first.stop(); second.stop() }
        let app = AppDriver()
        for server in [first, second] {
            let login = try app.line(["login", server.url, "--token", server.token])
            #expect(login.status == 0, "\(login.errors)")
        }
        let session = try TmuxSession(width: 80, height: 24, command: app.command())
        defer { session.close() }
        // The first account stored opens.
        _ = try await session.waitFor(timeout: .seconds(30)) { $0.first?.contains("Home · \(first.accountName)") == true }
        try await session.expectCursorOnFocus("start")
        try session.send("g")
        _ = try await session.waitFor { $0.first?.contains("Go to") == true }
        try await session.expectCursorOnFocus("go to")
        // Letters jump in the wheel of places.
        try session.send("S", "w")
        #expect(await app.waitForSpeech(session) { $0 == "Switch to account \(second.accountName)" } != nil, "\(app.spoken().suffix(3))")
        try await session.expectCursorOnFocus("switch item")
        let before = app.spoken().count
        try session.send("Enter")
        _ = try await session.waitFor(timeout: .seconds(20)) { $0.first?.contains("Home · \(second.accountName)") == true }
        #expect(await app.waitForSpeech(session, after: before) { $0.hasPrefix("Home · \(second.accountName). Posts, wheel list,") } != nil)
        try await session.expectCursorOnFocus("second account")
        try await session.quit()
    }
}
