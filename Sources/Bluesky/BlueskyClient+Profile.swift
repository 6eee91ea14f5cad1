import Foundation
import MicroblogKit

/// The user's profile record (`app.bsky.actor.profile`, key `self`): the name and bio the profile editor
/// changes, and the one pinned post (`pinnedPost`; pinning another replaces it). Every change writes the
/// record back whole (avatar, banner, and whatever fields newer apps wrote, as they were read), and only
/// over the version read: a change made meanwhile elsewhere makes the write fail rather than be lost.
extension BlueskyClient {
    /// The profile record's collection; its text's limits are ``NetworkCapabilities/bluesky``'s (the lexicon's
    /// `maxGraphemes`).
    enum ProfileRecord {
        static let collection = "app.bsky.actor.profile"
    }

    /// The profile record as stored, with the version it was read at (none for an account that never wrote one).
    struct StoredProfile: Decodable {
        var cid: String?
        var value: [String: XRPCValue]
    }

    /// Reads the user's profile record.
    func storedProfile() async throws -> StoredProfile {
        do {
            return try await get(
                "com.atproto.repo.getRecord", [("repo", await me), ("collection", ProfileRecord.collection), ("rkey", "self")],
                as: StoredProfile.self)
        } catch MicroblogError.notFound {
            // A profile never written yet (a new account): a record of its own type with nothing else in it.
            return StoredProfile(cid: nil, value: ["$type": .string(ProfileRecord.collection)])
        }
    }

    /// Writes the profile record back over the version `stored` was read at; nothing is written when nothing changed.
    func writeProfile(_ record: [String: XRPCValue], over stored: StoredProfile) async throws {
        guard record != stored.value else { return }
        let me = await self.me
        var body: [String: XRPCValue] = [
            "repo": .string(me), "collection": .string(ProfileRecord.collection), "rkey": .string("self"), "record": .object(record),
        ]
        if let cid = stored.cid { body["swapRecord"] = .string(cid) }
        try await perform("com.atproto.repo.putRecord", body, points: WritePoints.update)
    }

    // MARK: Name and bio

    /// The name and bio as written; Bluesky has no profile fields and no approval of followers.
    public func profileEdit() async throws -> ProfileEdit {
        let record = try await storedProfile().value
        func text(_ key: String) -> String { if case .string(let value)? = record[key] { value } else { "" } }
        return ProfileEdit(displayName: text("displayName"), note: text("description"))
    }

    /// Saves the name and bio; the rest of the record stays as it was.
    ///
    /// - Throws: ``MicroblogError/rejected(status:message:)`` for a name over 64 graphemes or a bio over 256,
    ///   before anything is sent, as the server would.
    public func updateProfile(_ edit: ProfileEdit) async throws -> Account {
        for (name, text, limit) in [("displayName", edit.displayName, capabilities.maxDisplayName), ("description", edit.note, capabilities.maxBio)]
        where text.count > limit {
            throw MicroblogError.rejected(status: 400, message: "Record/\(name) must not be longer than \(limit) graphemes")
        }
        let stored = try await storedProfile()
        var record = stored.value
        record["displayName"] = edit.displayName.isEmpty ? nil : .string(edit.displayName)
        record["description"] = edit.note.isEmpty ? nil : .string(edit.note)
        try await writeProfile(record, over: stored)
        return try await currentAccount()
    }

    // MARK: The pinned post

    /// The post an account pinned to its profile, if any (none when the server no longer has it).
    public func pinnedPosts(accountId: String) async throws -> [Post] {
        guard let pinned = try await profile(accountId).pinnedPost else { return [] }
        return try await postsByURI([pinned.uri])[pinned.uri].map { [$0] } ?? []
    }

    /// Pins one of the user's own posts to the profile (in place of the one pinned before), or unpins it;
    /// returns the post as it now is.
    ///
    /// - Throws: ``MicroblogError/notFound`` for a post that is not the user's own.
    public func setPinned(_ pinned: Bool, postId: String) async throws -> Post {
        let view = try await postView(postId)
        guard view.author.did == (await me) else { throw MicroblogError.notFound }
        let stored = try await storedProfile()
        var record = stored.value
        let current: String? = if case .object(let reference)? = record["pinnedPost"], case .string(let uri)? = reference["uri"] { uri } else { nil }
        if pinned {
            record["pinnedPost"] = Self.strongRef(uri: view.uri, cid: view.cid)
        } else if current == view.uri {
            record["pinnedPost"] = nil
        }
        try await writeProfile(record, over: stored)
        var post = try await post(id: postId)
        post.pinned = pinned
        return post
    }
}
