import Foundation
import MicroblogKit

/// Bluesky keeps one pinned post per account, in the profile record's `pinnedPost`: pinning a post writes
/// it there (replacing the one pinned before), unpinning takes it out. The rest of the record (name,
/// description, avatar, banner, and whatever fields newer apps wrote) is written back as it was read.
extension BlueskyClient {
    /// The post an account pinned to its profile, if any (none when the server no longer has it).
    public func pinnedPosts(accountId: String) async throws -> [Post] {
        guard let pinned = try await profile(accountId).pinnedPost else { return [] }
        return try await postsByURI([pinned.uri])[pinned.uri].map { [$0] } ?? []
    }

    /// Pins one of the user's own posts to the profile, or unpins it; returns the post as it now is.
    ///
    /// - Throws: ``MicroblogError/notFound`` for a post that is not the user's own.
    public func setPinned(_ pinned: Bool, postId: String) async throws -> Post {
        let view = try await postView(postId)
        let me = await self.me
        guard view.author.did == me else { throw MicroblogError.notFound }
        struct Stored: Decodable {
            var cid: String?
            var value: [String: XRPCValue]
        }
        // A profile never written yet (a new account) is a record of its own type with nothing else in it.
        let stored: Stored
        do {
            stored = try await get(
                "com.atproto.repo.getRecord", [("repo", me), ("collection", ProfileRecord.collection), ("rkey", "self")], as: Stored.self)
        } catch MicroblogError.notFound {
            stored = Stored(cid: nil, value: ["$type": .string(ProfileRecord.collection)])
        }
        var record = stored.value
        let current: String? = if case .object(let reference)? = record["pinnedPost"], case .string(let uri)? = reference["uri"] { uri } else { nil }
        if pinned {
            record["pinnedPost"] = Self.strongRef(uri: view.uri, cid: view.cid)
        } else if current == view.uri {
            record["pinnedPost"] = nil
        }
        if record != stored.value {
            var body: [String: XRPCValue] = [
                "repo": .string(me), "collection": .string(ProfileRecord.collection), "rkey": .string("self"), "record": .object(record),
            ]
            // Written only over the record read: a change made meanwhile elsewhere is not lost, the write fails.
            if let cid = stored.cid { body["swapRecord"] = .string(cid) }
            try await perform("com.atproto.repo.putRecord", body, points: WritePoints.update)
        }
        var post = try await post(id: postId)
        post.pinned = pinned
        return post
    }

    /// The profile record's collection and key.
    enum ProfileRecord {
        static let collection = "app.bsky.actor.profile"
    }
}
