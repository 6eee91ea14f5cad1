import Foundation
import MastodonAPI
import MicroblogKit

extension MastodonClient {
    /// How often, and how many times, an upload still being processed is looked at again.
    static let processingPoll: (interval: Duration, attempts: Int) = (.seconds(1), 120)

    /// Uploads through `/api/v2/media` (multipart), then waits until the server has processed the file.
    public func uploadMedia(_ file: MediaFile) async throws -> MediaAttachment {
        let boundary = "parla-" + UUID().uuidString
        var outgoing = request("POST", try url(API.Media.upload()))
        outgoing.headers.append(("Content-Type", "multipart/form-data; boundary=\(boundary)"))
        outgoing.body = Self.multipart(file, boundary: boundary)
        let response = try await send(outgoing, retryable: false)
        var attachment = try MastodonJSON.decode(MastodonEntities.Attachment.self, from: response.body)
        if response.status == 202, let id = attachment.id {
            var attempts = 0
            while true {
                try await sleeper.sleep(for: Self.processingPoll.interval)
                let (current, answer) = try await get(API.Media.attachment(id: id))
                attachment = current
                if answer.status == 200 { break }
                attempts += 1
                if attempts >= Self.processingPoll.attempts { throw MicroblogError.timedOut(host: host) }
            }
        }
        return try Self.model(attachment)
    }

    public func describeMedia(id: String, description: String) async throws -> MediaAttachment {
        try Self.model(try await call(API.Media.update(id: id, form: [("description", description)])))
    }

    public func schedule(_ post: NewPost) async throws -> ScheduledPost {
        guard post.scheduledAt != nil else { throw MicroblogError.rejected(status: 422, message: nil) }
        let answer = try await call(API.ScheduledStatuses.create(form: Self.statusForm(post)), idempotencyKey: post.idempotencyKey)
        return try Self.model(answer)
    }

    public func scheduledPosts() async throws -> [ScheduledPost] {
        let (list, _) = try await get(API.ScheduledStatuses.list(query: [("limit", "40")]))
        return list.decoded().compactMap { try? Self.model($0) }
    }

    public func cancelScheduled(id: String) async throws {
        try await perform(API.ScheduledStatuses.cancel(id: id))
    }

    /// The form of a new post: text, warning, visibility, language, reply, poll, uploads and time.
    static func statusForm(_ post: NewPost) -> Parameters {
        var form: Parameters = [("status", post.text), ("visibility", post.visibility.rawValue)]
        if !post.spoilerText.isEmpty { form.append(("spoiler_text", post.spoilerText)) }
        if let language = post.language { form.append(("language", language)) }
        if let reply = post.inReplyToId { form.append(("in_reply_to_id", reply)) }
        if !post.pollOptions.isEmpty {
            for option in post.pollOptions { form.append(("poll[options][]", option)) }
            form.append(("poll[expires_in]", String(post.pollExpiresIn)))
            form.append(("poll[multiple]", post.pollMultiple ? "true" : "false"))
        }
        for attachment in post.attachments { if let id = attachment.mediaId { form.append(("media_ids[]", id)) } }
        if let date = post.scheduledAt {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            form.append(("scheduled_at", formatter.string(from: date)))
        }
        return form
    }

    /// A `multipart/form-data` body with the file and its description.
    static func multipart(_ file: MediaFile, boundary: String) -> Data {
        var body = Data()
        func text(_ value: String) { body.append(Data(value.utf8)) }
        let name = file.fileName.replacingOccurrences(of: "\"", with: "_").replacingOccurrences(of: "\r", with: "")
            .replacingOccurrences(of: "\n", with: "")
        text("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\nContent-Type: \(file.mimeType)\r\n\r\n")
        body.append(file.data)
        text("\r\n")
        if let description = file.description, !description.isEmpty {
            text("--\(boundary)\r\nContent-Disposition: form-data; name=\"description\"\r\n\r\n\(description)\r\n")
        }
        text("--\(boundary)--\r\n")
        return body
    }

    static func model(_ attachment: MastodonEntities.Attachment) throws -> MediaAttachment {
        guard let id = attachment.id else { throw MicroblogError.malformedResponse(detail: "media attachment without id") }
        return attachment.toModel(id: id)
    }

    static func model(_ scheduled: MastodonEntities.ScheduledStatus) throws -> ScheduledPost {
        guard let id = scheduled.id, let date = scheduled.scheduledAt else {
            throw MicroblogError.malformedResponse(detail: "scheduled status without id or date")
        }
        return ScheduledPost(
            id: id, scheduledAt: date, text: scheduled.params?.text ?? "", spoilerText: scheduled.params?.spoilerText ?? "",
            mediaCount: scheduled.params?.mediaIds?.count ?? 0, pollOptions: scheduled.params?.poll?.options ?? [])
    }

    /// The media limits of an instance document (`configuration.media_attachments`), where it gives them.
    static func addMediaLimits(_ body: Data, to info: inout InstanceInfo) {
        guard let limits = (try? MastodonJSON.decode(MastodonEntities.MediaConfiguration.self, from: body))?.configuration?.mediaAttachments
        else { return }
        if let types = limits.supportedMimeTypes { info.supportedMimeTypes = types }
        if let size = limits.imageSizeLimit { info.imageSizeLimit = size }
        if let size = limits.videoSizeLimit, size > 0 { info.videoSizeLimit = size }
        if let limit = limits.descriptionLimit { info.descriptionLimit = limit }
    }
}
