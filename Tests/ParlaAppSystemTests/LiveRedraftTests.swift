import Foundation
import LocalInstance
import MastodonAPI
import MicroblogKit
import ParlaApp
import SpeechKit
import TerminalKit
import Testing
import TestSupport

/// A redraft of a post with an image, on the screen over real HTTP to the local instance: the deleted post's
/// file comes back in compose with its description, and the new post carries the same file.
@Suite(.serialized) struct LiveRedraftTests {
    @Test func aRedraftOfAPostWithAnImageKeepsTheImageAndItsDescription() async throws {
        try await LiveAppHarness.with { h in
            let path = h.folder.appendingPathComponent("heron.png")
            try FileManager.default.createDirectory(at: h.folder, withIntermediateDirectories: true)
            try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 5]).write(to: path)
            var made = NewPost(text: "At the river")
            made.attachments = [NewAttachment(path: path.path, description: "A grey heron on one leg")]
            _ = try await h.engine.outboxStore.enqueue(made)
            guard case .sent(_, let sent)? = await h.engine.outboxStore.sendNext() else {
                Issue.record("expected the post to be sent")
                return
            }
            let mediaId = try #require(sent.media.first?.id)
            try await h.open()
            try await h.until("the post in home") { h.lines.contains { $0.contains("At the river") } }
            #expect(h.lines.contains("   > Daniel Reyes: At the river [Image: A grey heron on one leg]"), "\(h.lines)")
            await h.press(.char("E"), .char("E"))
            try await h.until("compose to open") { h.lines.first?.contains("Write your post again") == true }
            #expect(h.lines.contains("   Description of \(mediaId).png: A grey heron on one leg"), "\(h.lines)")
            h.mark()
            await h.press(.f(3), .enter)
            try await h.until("the new post sent") { h.saidSinceMark.contains { $0.text.hasPrefix("Sent: ") || $0.earcon == .error } }
            let home = try await h.engine.page(.home, .newest).items
            let again = try #require(home.first { $0.content.source.contains("At the river") }, "\(h.saidSinceMark.map(\.text)) \(h.lines)")
            // Deleted, then posted again (the instance may give the new post the freed id, as SQLite reuses the last one).
            #expect(h.requests(API.Statuses.delete) == 1 && h.requests(API.Statuses.publish) == 2)
            // The file is not uploaded again: its description is sent to the one the server kept.
            #expect(h.requests(API.Media.upload) == 1 && h.requests(API.Media.update) == 1)
            #expect(home.filter { $0.content.source.contains("At the river") }.count == 1)
            #expect(again.media.map(\.id) == [mediaId])
            #expect(again.media.map(\.description) == ["A grey heron on one leg"])
        }
    }
}
