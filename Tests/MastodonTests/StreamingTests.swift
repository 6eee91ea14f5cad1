import Foundation
import LocalInstance
@testable import Mastodon
import MastodonAPI
import MicroblogKit
import ParlaBase
import Testing
import SystemTestSupport
import TestSupport

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
                case .update(let post): received.append("update " + post.account.acct + ": " + (post.content.source.contains("Streamed hello") ? "Streamed hello" : post.content.source.contains("Tom streams too") ? "Tom streams too" : "other"))
                case .delete(let id): received.append(id == posted.id ? "delete mine" : "delete other")
                case .notification: received.append("notification")
                case .edited: received.append("edited")
                }
                if received.count == 3 { break }
            }
            #expect(received == ["update owner: Streamed hello", "update tom: Tom streams too", "delete mine"])
            #expect(h.transport.entries.first { $0.streamed }?.path == API.Streaming.user.path)
        }
    }
}

@Suite("Stream events decoded from fixtures")
struct StreamFixtureTests {
    @Test("notification, status.update, delete and unknown events; heartbeats skipped")
    func events() async throws {
        let status = #"{"id":"9","created_at":"2024-05-01T10:20:30Z","account":\#(accountJSON),"content":"edited text"}"#
        let body = ":)\n\n:thump\n\n"
            + "event: notification\ndata: {\"id\":\"4\",\"type\":\"favourite\",\"created_at\":\"2024-05-01T10:20:30Z\",\"account\":\(accountJSON),\"status\":\(status)}\n\n"
            + "event: status.update\ndata: \(status)\n\n"
            + "event: announcement\ndata: {}\n\n"
            + "event: delete\ndata: 9\n\n"
        let transport = FixtureTransport { _ in HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream")], body: Data(body.utf8)) }
        var received: [String] = []
        for try await event in try await transport.client().stream(.publicLocal) {
            switch event {
            case .notification(let notification): received.append("notification \(notification.kind.rawValue) \(notification.post?.id ?? "")")
            case .edited(let post): received.append("edited \(post.id)")
            case .delete(let id): received.append("delete \(id)")
            case .update(let post): received.append("update \(post.id)")
            }
        }
        #expect(received == ["notification favourite 9", "edited 9", "delete 9"])
        #expect(transport.requests.first?.url.path == API.Streaming.publicLocal.path)
        #expect(transport.requests.first?.header("Accept") == "text/event-stream")
    }

    @Test("a stream refused by the server is an error, not an empty stream")
    func refused() async throws {
        let transport = FixtureTransport { _ in HTTPResponse(status: 401, body: Data(#"{"error":"The access token is invalid"}"#.utf8)) }
        await #expect(throws: MicroblogError.unauthorized) { _ = try await transport.client().stream(.user) }
    }
}
