import Foundation
import MicroblogKit
import ServiceHTTP

extension BlueskyClient {
    /// Record-write points Bluesky counts: a create costs 3, an update 2, a delete 1.
    enum WritePoints {
        static let create = 3
        static let update = 2
        static let delete = 1
    }

    /// Writes a record (`com.atproto.repo.createRecord`) into the user's repository.
    func createRecord(_ collection: String, _ record: [String: XRPCValue]) async throws -> Lexicon.CreatedRecord {
        var record = record
        record["$type"] = .string(collection)
        record["createdAt"] = record["createdAt"] ?? .string(Lexicon.timestamp(budget.now()))
        let body: [String: XRPCValue] = ["repo": .string(await me), "collection": .string(collection), "record": .object(record)]
        return try await post("com.atproto.repo.createRecord", body, points: WritePoints.create, as: Lexicon.CreatedRecord.self)
    }

    /// Deletes one of the user's records by its `at://` address.
    func deleteRecord(_ uri: String) async throws {
        let parts = uri.dropFirst("at://".count).split(separator: "/")
        guard uri.hasPrefix("at://"), parts.count == 3 else { throw MicroblogError.notFound }
        let body = ["repo": String(parts[0]), "collection": String(parts[1]), "rkey": String(parts[2])]
        try await perform("com.atproto.repo.deleteRecord", body, points: WritePoints.delete)
    }

    /// A reference to a record as records hold it.
    static func strongRef(uri: String, cid: String) -> XRPCValue {
        .object(["uri": .string(uri), "cid": .string(cid)])
    }

    public func publish(_ post: NewPost) async throws -> Post {
        try await publish(post, quoting: nil)
    }

    /// Publishes a post, quoting another (`app.bsky.embed.record`, or `recordWithMedia` with images).
    ///
    /// Mentions, links and hashtags become facets on their UTF-8 bytes; a mentioned handle that does not
    /// resolve stays plain text. A reply names the thread's root and its parent.
    public func publish(_ post: NewPost, quoting quotedId: String?) async throws -> Post {
        try Self.refuseUnsupported(post)
        try BlueskyPostText.check(post.text)
        guard post.attachments.count <= BlueskyPostText.maxImages else {
            throw MicroblogError.rejected(status: 400, message: "Record/embed/images must not have more than \(BlueskyPostText.maxImages) elements")
        }
        var record: [String: XRPCValue] = ["text": .string(post.text), "createdAt": .string(Lexicon.timestamp(budget.now()))]
        let facets = try await facets(for: post.text)
        if !facets.isEmpty { record["facets"] = try XRPCValue.from(facets) }
        if let language = post.language, !language.isEmpty { record["langs"] = .array([.string(language)]) }
        var reply: Lexicon.ReplyRef?
        if let parentId = post.inReplyToId {
            let parent = try await postView(parentId)
            let parentRef = Lexicon.StrongRef(uri: parent.uri, cid: parent.cid)
            let ref = Lexicon.ReplyRef(root: parent.record.reply?.root ?? parentRef, parent: parentRef)
            reply = ref
            record["reply"] = try XRPCValue.from(ref)
        }
        let images = try imagesEmbed(post.attachments)
        var quoted: Lexicon.PostView?
        if let quotedId {
            let view = try await postView(quotedId)
            quoted = view
            let recordEmbed: XRPCValue = .object(["$type": .string("app.bsky.embed.record"), "record": Self.strongRef(uri: view.uri, cid: view.cid)])
            if let images {
                record["embed"] = .object(["$type": .string("app.bsky.embed.recordWithMedia"), "record": recordEmbed, "media": images])
            } else {
                record["embed"] = recordEmbed
            }
        } else if let images {
            record["embed"] = images
        }
        let created = try await createRecord("app.bsky.feed.post", record)
        for attachment in post.attachments { if let id = attachment.mediaId { _ = uploads.with { $0.removeValue(forKey: id) } } }
        return await written(created, text: post.text, facets: facets, reply: reply, language: post.language, attachments: post.attachments, quoted: quoted)
    }

    /// The post just written, as the server will show it (without asking: the AppView may not have it yet).
    private func written(
        _ created: Lexicon.CreatedRecord, text: String, facets: [Lexicon.Facet], reply: Lexicon.ReplyRef?, language: String?,
        attachments: [NewAttachment], quoted: Lexicon.PostView?
    ) async -> Post {
        let session = await keeper.session
        let record = Lexicon.PostRecord(text: text, facets: facets, reply: reply, langs: language.map { [$0] }, createdAt: Lexicon.timestamp(budget.now()))
        // Named as the server names the user (display name and all) once the profile was read; else by handle.
        let author = ownProfile.with { $0 } ?? Lexicon.Profile(did: session.did, handle: session.handle)
        let view = Lexicon.PostView(uri: created.uri, cid: created.cid, author: author, record: record, embed: nil)
        var made = view.post(records)
        made.media = attachments.map { MediaAttachment(id: $0.mediaId ?? $0.path, kind: .image, description: $0.description.isEmpty ? nil : $0.description) }
        if let quoted { made.quote = Quote(state: .accepted, post: quoted.post(records)) }
        return made
    }

    /// Refuses what Bluesky has no way to say: polls, scheduling, content warnings as text, visibility.
    static func refuseUnsupported(_ post: NewPost) throws {
        if !post.pollOptions.isEmpty { throw MicroblogError.notSupported(feature: NetworkCapabilities.Feature.polls.rawValue) }
        if post.scheduledAt != nil { throw MicroblogError.notSupported(feature: NetworkCapabilities.Feature.scheduling.rawValue) }
        if !post.spoilerText.isEmpty { throw MicroblogError.notSupported(feature: NetworkCapabilities.Feature.contentWarnings.rawValue) }
        switch post.visibility {
        case .public: break
        case .direct: throw MicroblogError.notSupported(feature: Visibility.direct.rawValue)
        default: throw MicroblogError.notSupported(feature: Visibility.private.rawValue)
        }
    }

    /// The facets of a text being written; mentions whose handle resolves get their DID.
    func facets(for text: String) async throws -> [Lexicon.Facet] {
        var facets: [Lexicon.Facet] = []
        var resolved: [String: String?] = [:]
        for found in FacetedText.detect(text) {
            let feature: Lexicon.Feature
            switch found.kind {
            case .mention(let handle):
                if resolved[handle] == nil { resolved[handle] = try await resolveHandle(handle) }
                guard let did = resolved[handle] ?? nil else { continue }
                feature = .mention(did: did)
            case .link(let uri): feature = .link(uri: uri)
            case .tag(let tag): feature = .tag(tag)
            }
            facets.append(Lexicon.Facet(index: .init(byteStart: found.start, byteEnd: found.end), features: [feature]))
        }
        return facets
    }

    /// The DID of a handle, or nil when no account has it.
    func resolveHandle(_ handle: String) async throws -> String? {
        do {
            return try await get("com.atproto.identity.resolveHandle", [("handle", handle)], as: Lexicon.ResolvedHandle.self).did
        } catch MicroblogError.notFound {
            return nil
        } catch MicroblogError.rejected(let status, _) where status == 400 {
            return nil
        }
    }

    /// The `app.bsky.embed.images` of uploaded images, nil when there are none.
    func imagesEmbed(_ attachments: [NewAttachment]) throws -> XRPCValue? {
        guard !attachments.isEmpty else { return nil }
        let images = try attachments.map { attachment -> XRPCValue in
            guard let id = attachment.mediaId, let upload = uploads.with({ $0[id] }) else { throw MicroblogError.notFound }
            let alt = attachment.description.isEmpty ? upload.alt : attachment.description
            return .object(["image": upload.blob, "alt": .string(alt)])
        }
        return .object(["$type": .string("app.bsky.embed.images"), "images": .array(images)])
    }

    /// Uploads an image (`com.atproto.repo.uploadBlob`); it is put in a record when the post is published.
    ///
    /// Bluesky takes images only here (up to 1,000,000 bytes each), each with its alt text.
    public func uploadMedia(_ file: MediaFile) async throws -> MediaAttachment {
        guard file.mimeType.hasPrefix("image/") else { throw MicroblogError.notSupported(feature: "uploads:" + file.mimeType) }
        guard let alt = file.description, !alt.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw MicroblogError.notSupported(feature: "images-without-alt-text")
        }
        guard file.data.count <= BlueskyPostText.maxImageBytes else {
            throw MicroblogError.rejected(status: 400, message: "BlobTooLarge: images may have at most \(BlueskyPostText.maxImageBytes) bytes")
        }
        let call = XRPCCall(nsid: "com.atproto.repo.uploadBlob", method: "POST", body: file.data, contentType: file.mimeType, retryable: false)
        let answer = try XRPCJSON.decode(Lexicon.BlobAnswer.self, from: try await send(call).body)
        guard let id = answer.blob["ref"]?["$link"]?.text else { throw MicroblogError.malformedResponse(detail: "blob without ref") }
        uploads.with { $0[id] = Upload(blob: answer.blob, alt: alt) }
        return MediaAttachment(id: id, kind: .image, description: alt)
    }

    public func describeMedia(id: String, description: String) async throws -> MediaAttachment {
        let known = uploads.with { uploads -> Bool in
            guard uploads[id] != nil else { return false }
            uploads[id]?.alt = description
            return true
        }
        guard known else { throw MicroblogError.notFound }
        return MediaAttachment(id: id, kind: .image, description: description)
    }

    @discardableResult
    public func delete(postId: String) async throws -> Post? {
        try await deleteRecord(postId)
        return nil
    }

    public func setFavourited(_ favourited: Bool, postId: String) async throws -> Post {
        try await toggle(favourited, postId: postId, collection: "app.bsky.feed.like", existing: \.like) { post, on in
            post.favourited = on
            post.favouritesCount = max(post.favouritesCount + (on ? 1 : -1), 0)
        }
    }

    public func setBoosted(_ boosted: Bool, postId: String) async throws -> Post {
        try await toggle(boosted, postId: postId, collection: "app.bsky.feed.repost", existing: \.repost) { post, on in
            post.reblogged = on
            post.reblogsCount = max(post.reblogsCount + (on ? 1 : -1), 0)
        }
    }

    /// Likes or reposts (a record naming the post), or deletes that record: the one the post's view named,
    /// looked up when this client has not seen it.
    private func toggle(
        _ on: Bool, postId: String, collection: String, existing: WritableKeyPath<ViewerRecords.PostRecords, String?>,
        change: (inout Post, Bool) -> Void
    ) async throws -> Post {
        let view = try await postView(postId)
        var post = view.post(records)
        let current = records.post(view.uri)?[keyPath: existing]
        if on {
            guard current == nil else { return post }
            let created = try await createRecord(collection, ["subject": Self.strongRef(uri: view.uri, cid: view.cid)])
            records.update(post: view.uri) { $0[keyPath: existing] = created.uri }
        } else {
            guard let current else { return post }
            try await deleteRecord(current)
            records.update(post: view.uri) { $0[keyPath: existing] = nil }
        }
        change(&post, on)
        return post
    }

    /// Saves or forgets a post (`app.bsky.bookmark.*`; servers before bookmarks say they lack them).
    public func setBookmarked(_ bookmarked: Bool, postId: String) async throws -> Post {
        let view = try await postView(postId)
        if bookmarked {
            try await perform("app.bsky.bookmark.createBookmark", ["uri": view.uri, "cid": view.cid])
        } else {
            try await perform("app.bsky.bookmark.deleteBookmark", ["uri": view.uri])
        }
        var post = view.post(records)
        post.bookmarked = bookmarked
        return post
    }
}
