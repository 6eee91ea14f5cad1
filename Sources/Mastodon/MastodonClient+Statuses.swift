import Foundation
import MicroblogKit

extension MastodonClient {
    public func post(id: String) async throws -> Post {
        let (status, _) = try await get(MastodonEntities.Status.self, "/api/v1/statuses/" + Self.pathComponent(id))
        return try Self.model(status)
    }

    public func thread(id: String) async throws -> MicroblogKit.Thread {
        let post = try await post(id: id)
        let (context, _) = try await get(MastodonEntities.Context.self, "/api/v1/statuses/" + Self.pathComponent(id) + "/context")
        return MicroblogKit.Thread(
            ancestors: (context.ancestors ?? []).decoded().compactMap { $0.toModel() }, post: post,
            descendants: (context.descendants ?? []).decoded().compactMap { $0.toModel() })
    }

    public func publish(_ post: NewPost) async throws -> Post {
        var form: Parameters = [("status", post.text), ("visibility", post.visibility.rawValue)]
        if !post.spoilerText.isEmpty { form.append(("spoiler_text", post.spoilerText)) }
        if let language = post.language { form.append(("language", language)) }
        if let reply = post.inReplyToId { form.append(("in_reply_to_id", reply)) }
        if !post.pollOptions.isEmpty {
            for option in post.pollOptions { form.append(("poll[options][]", option)) }
            form.append(("poll[expires_in]", String(post.pollExpiresIn)))
            form.append(("poll[multiple]", post.pollMultiple ? "true" : "false"))
        }
        let status = try await call(MastodonEntities.Status.self, "POST", "/api/v1/statuses", form: form, idempotencyKey: post.idempotencyKey)
        return try Self.model(status)
    }

    public func delete(postId: String) async throws {
        let outgoing = request("DELETE", try url("/api/v1/statuses/" + Self.pathComponent(postId)))
        _ = try await send(outgoing, retryable: false)
    }

    public func setBoosted(_ boosted: Bool, postId: String) async throws -> Post {
        let post = try await action(boosted ? "reblog" : "unreblog", postId: postId)
        // A reblog answers with the boost; the client shows the boosted post.
        return post.reblog?.value ?? post
    }

    public func setFavourited(_ favourited: Bool, postId: String) async throws -> Post {
        try await action(favourited ? "favourite" : "unfavourite", postId: postId)
    }

    public func setBookmarked(_ bookmarked: Bool, postId: String) async throws -> Post {
        try await action(bookmarked ? "bookmark" : "unbookmark", postId: postId)
    }

    func action(_ name: String, postId: String) async throws -> Post {
        let status = try await call(MastodonEntities.Status.self, "POST", "/api/v1/statuses/" + Self.pathComponent(postId) + "/" + name)
        return try Self.model(status)
    }

    /// One poll as it is now.
    public func poll(id: String) async throws -> Poll {
        let (poll, _) = try await get(MastodonEntities.Poll.self, "/api/v1/polls/" + Self.pathComponent(id))
        guard let model = poll.toModel() else { throw MicroblogError.malformedResponse(detail: "poll without id") }
        return model
    }

    public func vote(pollId: String, choices: [Int]) async throws -> Poll {
        let form: Parameters = choices.map { ("choices[]", String($0)) }
        let poll = try await call(MastodonEntities.Poll.self, "POST", "/api/v1/polls/" + Self.pathComponent(pollId) + "/votes", form: form)
        guard let model = poll.toModel() else { throw MicroblogError.malformedResponse(detail: "poll without id") }
        return model
    }

    static func model(_ status: MastodonEntities.Status) throws -> Post {
        guard let post = status.toModel() else { throw MicroblogError.malformedResponse(detail: "status without id, author or date") }
        return post
    }
}
