import Foundation
import LocalInstance
@testable import Mastodon
import MicroblogKit
import ParlaBase
import Testing

@Suite("Mastodon streaming over Server-Sent Events")
struct StreamingTests {
    @Test("a post made by another request arrives on the user stream as an update; deletes follow")
    func updateArrives() async throws {
        try await withMastodon { h in
            let stream = try await h.client.stream(.user)
            try await eventually("the stream to connect") { h.instance.streamingClients == 1 }
            let posted = try await h.client.publish(NewPost(text: "Streamed hello"))
            try h.instance.publish(as: "tom", text: "Tom streams too")
            try await h.client.delete(postId: posted.id)
            var received: [String] = []
            for try await event in stream {
                switch event {
                case .update(let post): received.append("update " + post.account.acct + ": " + (post.content.contains("Streamed hello") ? "Streamed hello" : post.content.contains("Tom streams too") ? "Tom streams too" : "other"))
                case .delete(let id): received.append(id == posted.id ? "delete mine" : "delete other")
                case .notification: received.append("notification")
                case .edited: received.append("edited")
                }
                if received.count == 3 { break }
            }
            #expect(received == ["update owner: Streamed hello", "update tom: Tom streams too", "delete mine"])
            #expect(h.transport.entries.first { $0.streamed }?.path == "/api/v1/streaming/user")
        }
    }
}
