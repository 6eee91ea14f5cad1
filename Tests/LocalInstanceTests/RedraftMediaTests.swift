import Foundation
import LocalInstance
import MastodonAPI
import Testing
import TestSupport

@Suite("Local instance: a deleted post's files kept for a redraft, as Mastodon keeps them")
struct RedraftMediaTests {
    @Test("DELETE answers the post with its attachments; a new post attaches them again by id, descriptions kept")
    func deletedFilesAreAttachedAgain() async throws {
        try await withInstance { _, http in
            let upload = try await http.upload(
                "/api/v2/media", fileName: "heron.png", type: "image/png", data: WritingTests.png, description: "A grey heron on one leg")
            let mediaID = try #require(upload.object["id"] as? String)
            let posted = try await http.call(API.Statuses.publish(form: [("status", "At the river"), ("media_ids[]", mediaID)]))
            let statusID = try #require(posted.object["id"] as? String)

            let deleted = try await http.call(API.Statuses.delete(id: statusID))
            #expect(deleted.status == 200)
            let kept = deleted.object["media_attachments"] as? [[String: Any]] ?? []
            #expect(kept.map { $0["id"] as? String } == [mediaID])
            #expect(kept.map { $0["description"] as? String } == ["A grey heron on one leg"])
            #expect(try await http.call(API.Statuses.status(id: statusID)).status == 404)

            let again = try await http.call(API.Statuses.publish(form: [("status", "At the river"), ("media_ids[]", mediaID)]))
            #expect(again.status == 200)
            let media = again.object["media_attachments"] as? [[String: Any]] ?? []
            #expect(media.map { $0["id"] as? String } == [mediaID])
            #expect(media.map { $0["description"] as? String } == ["A grey heron on one leg"])
        }
    }

    @Test("delete_media=true deletes the files with the post")
    func deleteMediaDeletesThem() async throws {
        try await withInstance { _, http in
            let upload = try await http.upload("/api/v2/media", fileName: "heron.png", type: "image/png", data: WritingTests.png, description: "A heron")
            let mediaID = try #require(upload.object["id"] as? String)
            let posted = try await http.call(API.Statuses.publish(form: [("status", "Gone for good"), ("media_ids[]", mediaID)]))
            let statusID = try #require(posted.object["id"] as? String)
            let deleted = try await http.request("DELETE", "/api/v1/statuses/\(statusID)?delete_media=true")
            #expect(deleted.status == 200)
            let again = try await http.call(API.Statuses.publish(form: [("status", "Again"), ("media_ids[]", mediaID)]))
            #expect(again.status == 422)
        }
    }
}
