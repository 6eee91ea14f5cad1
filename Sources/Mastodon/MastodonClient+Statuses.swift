import Foundation
import MastodonAPI
import MicroblogKit

extension MastodonClient {
    public func post(id: String) async throws -> Post {
        let (status, _) = try await get(API.Statuses.status(id: id))
        return try Self.model(status)
    }

    public func thread(id: String) async throws -> MicroblogKit.Thread {
        let post = try await post(id: id)
        let (context, _) = try await get(API.Statuses.context(id: id))
        return MicroblogKit.Thread(
            ancestors: (context.ancestors ?? []).decoded().compactMap { $0.toModel() }, post: post,
            descendants: (context.descendants ?? []).decoded().compactMap { $0.toModel() })
    }

    public func publish(_ post: NewPost) async throws -> Post {
        let status = try await call(API.Statuses.publish(form: Self.statusForm(post)), idempotencyKey: post.idempotencyKey)
        return try Self.model(status)
    }

    public func delete(postId: String) async throws -> Post? {
        let endpoint = API.Statuses.delete(id: postId)
        let response = try await send(request(endpoint.method.rawValue, try url(endpoint), form: nil), retryable: false)
        // Mastodon answers the deleted status with its attachments; a server answering less still deleted it.
        return (try? MastodonJSON.decode(MastodonEntities.Status.self, from: response.body)).flatMap { try? Self.model($0) }
    }

    public func setBoosted(_ boosted: Bool, postId: String) async throws -> Post {
        let post = try await action(boosted ? API.Statuses.reblog : API.Statuses.unreblog, postId: postId)
        // A reblog answers with the boost; the client shows the boosted post.
        return post.reblog?.value ?? post
    }

    public func setFavourited(_ favourited: Bool, postId: String) async throws -> Post {
        try await action(favourited ? API.Statuses.favourite : API.Statuses.unfavourite, postId: postId)
    }

    public func setBookmarked(_ bookmarked: Bool, postId: String) async throws -> Post {
        try await action(bookmarked ? API.Statuses.bookmark : API.Statuses.unbookmark, postId: postId)
    }

    func action(_ endpoint: Endpoint<MastodonEntities.Status>, postId: String) async throws -> Post {
        let status = try await call(endpoint(id: postId))
        return try Self.model(status)
    }

    /// One poll as it is now.
    public func poll(id: String) async throws -> Poll {
        let (poll, _) = try await get(API.Polls.poll(id: id))
        guard let model = poll.toModel() else { throw MicroblogError.malformedResponse(detail: "poll without id") }
        return model
    }

    public func vote(pollId: String, choices: [Int]) async throws -> Poll {
        let form: Parameters = choices.map { ("choices[]", String($0)) }
        let poll = try await call(API.Polls.vote(id: pollId, form: form))
        guard let model = poll.toModel() else { throw MicroblogError.malformedResponse(detail: "poll without id") }
        return model
    }

    static func model(_ status: MastodonEntities.Status) throws -> Post {
        guard let post = status.toModel() else { throw MicroblogError.malformedResponse(detail: "status without id, author or date") }
        return post
    }
}
