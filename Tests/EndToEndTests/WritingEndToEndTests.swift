import Foundation
import Testing
import TestSupport

/// The real binary in tmux against its embedded instance: a post written with a file (chosen by its typed
/// path, described) and a poll, sent, and found on the server with both.
@Suite(.serialized) struct WritingEndToEndTests {
    @Test func aPostWithAnAttachedFileAndAPollIsSent() async throws {
        let app = AppDriver()
        let image = app.dataDir.appendingPathComponent("heron.png")
        try FileManager.default.createDirectory(at: app.dataDir, withIntermediateDirectories: true)
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 5]).write(to: image)
        // The fastest voice: "Sent" waits its turn behind the post being read and the upload's progress.
        let session = try TmuxSession(width: 80, height: 24, command: app.command("--rate 450"))
        defer { session.close() }
        _ = try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("▶ Posts") } }
        try session.send("c")
        _ = try await session.waitFor { $0.first?.contains("New post") == true }
        try session.send("Which walk?")
        _ = try await session.waitFor { $0.joined().contains("Which walk?") }
        // Text, keypad, warning, then Attach: Enter opens the chooser.
        try session.send("Tab", "Tab", "Tab")
        _ = try await session.waitFor { $0.contains { $0.contains("▶ Attach a file, 0 of 4") } }
        try session.send("Enter")
        _ = try await session.waitFor { $0.first?.contains("Choose a file") == true }
        try session.send("Tab")
        _ = try await session.waitFor { $0.contains { $0.contains("▶ Path") } }
        try session.send(image.path)
        _ = try await session.waitFor { $0.joined().contains("heron.png") }
        try session.send("Enter")
        _ = try await session.waitFor { $0.contains { $0.contains("▶ Attach a file, 1 of 4") } }
        #expect(await app.waitForSpeech(session) { $0 == "heron.png attached. Its description is the next field." } != nil)
        try session.send("Tab")
        _ = try await session.waitFor { $0.contains { $0.contains("▶ Description of heron.png") } }
        try session.send("A grey heron on one leg")
        _ = try await session.waitFor { $0.joined().contains("A grey heron on one leg") }
        try session.send("Tab", "Enter")
        _ = try await session.waitFor { $0.contains { $0.contains("Remove poll") } }
        try session.send("Tab")
        _ = try await session.waitFor { $0.contains { $0.contains("▶ Poll options") } }
        try session.send("river, hills")
        _ = try await session.waitFor { $0.joined().contains("river, hills") }
        try session.send("F3")
        _ = try await session.waitFor { $0.last?.contains("▶ [Send]") == true }
        let sending = app.spoken().count
        try session.send("Enter")
        let said = await app.waitForSpeech(session, after: sending, timeout: .seconds(30)) { $0.hasPrefix("Sent") }
        let transcript = ((try? String(contentsOf: app.dataDir.appendingPathComponent("transcript.jsonl"), encoding: .utf8)) ?? "")
        #expect(said != nil, "\(transcript.split(separator: "\n").suffix(40).joined(separator: "\n"))")
        try await session.quit()

        let timeline = try app.line(["timeline", "home", "--json", "--limit", "5"])
        #expect(timeline.status == 0, "\(timeline.errors)")
        let posts = try #require(try JSONSerialization.jsonObject(with: Data(timeline.output.utf8)) as? [[String: Any]])
        let sent = try #require(posts.first { ($0["text"] as? String)?.hasPrefix("Which walk?") == true }, "\(posts)")
        #expect(sent["spoken"] as? String == "Daniel Reyes: Which walk? Image: A grey heron on one leg. Poll: river, 0 votes, 0 percent; hills, 0 votes, 0 percent. 0 votes. Closes in 1 day. just now.")
    }
}
