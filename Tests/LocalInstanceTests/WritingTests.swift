import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LocalInstance
import MastodonAPI
import ParlaBase
import ParlaBaseTesting
import Testing
import TestSupport

extension TestHTTP {
    /// Uploads `data` as `file` in a multipart form, with a description when given.
    func upload(_ path: String, fileName: String, type: String, data: Data, description: String?) async throws -> HTTPReply {
        var request = URLRequest(url: URL(string: baseURL + path)!)
        request.httpMethod = "POST"
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let boundary = "test-boundary-42"
        request.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
        var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(fileName)\"\r\nContent-Type: \(type)\r\n\r\n".utf8)
        body.append(data)
        body.append(Data("\r\n".utf8))
        if let description {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"description\"\r\n\r\n\(description)\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        request.httpBody = body
        let (answer, response) = try await URLSession.shared.data(for: request)
        return HTTPReply(status: (response as! HTTPURLResponse).statusCode, headers: [:], body: answer)
    }
}

@Suite("Local instance: media with descriptions and scheduled posts")
struct WritingTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3, 4])

    @Test("an image uploaded with its description is posted with media_ids[] and read back with it")
    func imageWithDescription() async throws {
        try await withInstance { _, http in
            let upload = try await http.upload("/api/v2/media", fileName: "heron.png", type: "image/png", data: Self.png, description: "A grey heron on one leg")
            #expect(upload.status == 200)
            #expect(upload.object["type"] as? String == "image")
            #expect(upload.object["description"] as? String == "A grey heron on one leg")
            let id = try #require(upload.object["id"] as? String)
            let changed = try await http.call(API.Media.update(id: id, form: [("description", "A grey heron standing on one leg")]))
            #expect(changed.object["description"] as? String == "A grey heron standing on one leg")
            let posted = try await http.call(API.Statuses.publish(form: [("status", "At the river"), ("media_ids[]", id)]))
            #expect(posted.status == 200)
            let statusID = try #require(posted.object["id"] as? String)
            let read = try await http.call(API.Statuses.status(id: statusID))
            let media = read.object["media_attachments"] as? [[String: Any]] ?? []
            #expect(media.map { $0["description"] as? String } == ["A grey heron standing on one leg"])
            // An upload goes on one post only.
            let again = try await http.call(API.Statuses.publish(form: [("status", "Again"), ("media_ids[]", id)]))
            #expect(again.status == 422)
            // Media alone is a post.
            let second = try await http.upload("/api/v2/media", fileName: "b.png", type: "image/png", data: Self.png, description: nil)
            let alone = try await http.call(API.Statuses.publish(form: [("media_ids[]", second.object["id"] as? String ?? "")]))
            #expect(alone.status == 200)
        }
    }

    @Test("an edit changes its files' descriptions (media_attributes), keeps the files, and refuses another set of files")
    func editChangesDescriptions() async throws {
        try await withInstance { _, http in
            let upload = try await http.upload("/api/v2/media", fileName: "heron.png", type: "image/png", data: Self.png, description: "A heron")
            let id = try #require(upload.object["id"] as? String)
            let posted = try await http.call(API.Statuses.publish(form: [("status", "At the river"), ("media_ids[]", id)]))
            let statusID = try #require(posted.object["id"] as? String)
            let edited = try await http.call(API.Statuses.edit(id: statusID, form: [
                ("status", "At the river, early"), ("media_ids[]", id), ("media_attributes[0][id]", id),
                ("media_attributes[0][description]", "A grey heron on one leg"),
            ]))
            #expect(edited.status == 200)
            #expect(edited.object["content"] as? String == "<p>At the river, early</p>")
            let media = edited.object["media_attachments"] as? [[String: Any]] ?? []
            #expect(media.map { $0["id"] as? String } == [id])
            #expect(media.map { $0["description"] as? String } == ["A grey heron on one leg"])
            // Without media_ids the files stay as they are; a different set is refused, nothing changed.
            let textOnly = try await http.call(API.Statuses.edit(id: statusID, form: [("status", "At the river")]))
            #expect((textOnly.object["media_attachments"] as? [[String: Any]])?.count == 1)
            let other = try await http.upload("/api/v2/media", fileName: "b.png", type: "image/png", data: Self.png, description: nil)
            let refused = try await http.call(API.Statuses.edit(id: statusID, form: [
                ("status", "Swapped"), ("media_ids[]", other.object["id"] as? String ?? ""),
            ]))
            #expect(refused.status == 422)
            let read = try await http.call(API.Statuses.status(id: statusID))
            #expect(read.object["content"] as? String == "<p>At the river</p>")
        }
    }

    @Test("audio is processed: 202, then 206 on the first look, then 200; limits come from the instance")
    func processingAndLimits() async throws {
        try await withInstance { _, http in
            let upload = try await http.upload("/api/v2/media", fileName: "song.ogg", type: "audio/ogg", data: Data([1, 2, 3]), description: "Birdsong")
            #expect(upload.status == 202)
            let id = try #require(upload.object["id"] as? String)
            let early = try await http.call(API.Statuses.publish(form: [("status", "Listen"), ("media_ids[]", id)]))
            #expect(early.status == 422)
            #expect(try await http.call(API.Media.attachment(id: id)).status == 206)
            #expect(try await http.call(API.Media.attachment(id: id)).status == 200)
            let refused = try await http.upload("/api/v2/media", fileName: "notes.txt", type: "text/plain", data: Data([1]), description: nil)
            #expect(refused.status == 422)
            let instance = try await http.call(API.Misc.instance)
            let configuration = instance.object["configuration"] as? [String: Any]
            let media = configuration?["media_attachments"] as? [String: Any]
            #expect((media?["supported_mime_types"] as? [String])?.contains("image/jpeg") == true)
            #expect(media?["image_size_limit"] as? Int == 8_388_608)
            #expect(media?["description_limit"] as? Int == 1_500)
        }
    }

    @Test("a scheduled post is kept, listed, and published at its time on the virtual clock")
    func scheduledPublishedAtItsTime() async throws {
        let clock = ManualClock()
        let sleeper = ManualSleeper(clock: clock)
        try await withInstance(clock: clock, sleeper: sleeper) { _, http in
            // The instance's epoch is 1_800_000_000 (2027-01-15T08:00:00Z).
            let kept = try await http.call(API.Statuses.publish(form: [("status", "Good morning, later"), ("scheduled_at", "2027-01-15T09:00:00.000Z")]))
            #expect(kept.status == 200)
            #expect(kept.object["scheduled_at"] as? String == "2027-01-15T09:00:00.000Z")
            #expect((kept.object["params"] as? [String: Any])?["text"] as? String == "Good morning, later")
            let id = try #require(kept.object["id"] as? String)
            let soon = try await http.call(API.Statuses.publish(form: [("status", "Too soon"), ("scheduled_at", "2027-01-15T08:01:00.000Z")]))
            #expect(soon.status == 422)
            let other = try await http.call(API.Statuses.publish(form: [("status", "Cancelled"), ("scheduled_at", "2027-01-15T10:00:00.000Z")]))
            #expect(try await http.call(API.ScheduledStatuses.cancel(id: other.object["id"] as? String ?? "")).status == 200)
            let listed = try await http.call(API.ScheduledStatuses.list)
            #expect(listed.array.map { $0["id"] as? String } == [id])
            func homeTexts() async throws -> [String] {
                try await http.call(API.Timelines.home(query: [("limit", "40")])).array.compactMap { $0["content"] as? String }
            }
            #expect(try await !homeTexts().contains("<p>Good morning, later</p>"))
            sleeper.advance(by: .seconds(3_599))
            #expect(try await !homeTexts().contains("<p>Good morning, later</p>"))
            sleeper.advance(by: .seconds(1))
            let home = try await http.call(API.Timelines.home(query: [("limit", "40")])).array
            let published = try #require(home.first { $0["content"] as? String == "<p>Good morning, later</p>" })
            #expect(published["created_at"] as? String == "2027-01-15T09:00:00.000Z")
            #expect(try await http.call(API.ScheduledStatuses.list).array.isEmpty)
            #expect(try await http.call(API.ScheduledStatuses.one(id: id)).status == 404)
        }
    }
}
