import Foundation
import MicroblogKit
import ParlaBase

/// Line mode's commands for the rest of an account: lists and their members, followed hashtags, the profile,
/// pins, private notes and trends.
extension LineSession {
    // MARK: Lists

    /// The user's lists, each with its id.
    public func lists() async throws -> LineOutput {
        try account.capabilities.require(.lists)
        let lists = try await openEngine().lists()
        return LineOutput(
            paragraphs: lists.map { listParagraph($0) }, json: LineFormatter.encode(lists.map(ListJSON.init)),
            empty: localizer.string("lists.empty"))
    }

    /// Creates a list.
    public func createList(_ title: String) async throws -> LineOutput {
        try account.capabilities.require(.listManagement)
        let list = try await openEngine().createList(title: title)
        return .done(localizer.string("lists.created", ["title": TextSafety.stripped(list.title)]), json: LineFormatter.encode(ListJSON(list)))
    }

    /// Renames a list named by its title or id.
    public func renameList(_ name: String, to title: String) async throws -> LineOutput {
        try account.capabilities.require(.listManagement)
        let engine = try await openEngine()
        let list = try await engine.renameList(id: try await findList(name).id, title: title)
        return .done(localizer.string("lists.renamed", ["title": TextSafety.stripped(list.title)]), json: LineFormatter.encode(ListJSON(list)))
    }

    /// Deletes a list named by its title or id.
    public func deleteList(_ name: String) async throws -> LineOutput {
        try account.capabilities.require(.listManagement)
        let list = try await findList(name)
        try await openEngine().deleteList(id: list.id)
        return .done(localizer.string("lists.deleted", ["title": TextSafety.stripped(list.title)]), json: LineFormatter.encode(ListJSON(list)))
    }

    /// The people on a list.
    public func listMembers(_ name: String) async throws -> LineOutput {
        try account.capabilities.require(.lists)
        let list = try await findList(name)
        let members = try await openEngine().listAccounts(id: list.id)
        return LineOutput(
            paragraphs: members.map { formatter.paragraph($0) }, json: formatter.json(members),
            empty: localizer.string("lists.no-members", ["title": TextSafety.stripped(list.title)]))
    }

    /// Adds someone to a list (the user must follow them) or takes them off it.
    public func setListMember(_ name: String, _ acct: String, member: Bool) async throws -> LineOutput {
        try account.capabilities.require(.listManagement)
        let list = try await findList(name)
        let user = try await lookup(acct)
        try await openEngine().setListMembership(member, listId: list.id, accountIds: [user.id])
        let values = ["handle": "@" + TextSafety.stripped(user.acct), "title": TextSafety.stripped(list.title)]
        return .done(localizer.string(member ? "lists.added" : "lists.removed", values),
                     json: LineFormatter.encode(ListMemberJSON(list: ListJSON(list), acct: TextSafety.stripped(user.acct), member: member)))
    }

    /// A list by title (any case) or id.
    func findList(_ name: String) async throws -> UserList {
        let lists = try await openEngine().lists()
        guard let list = lists.first(where: { $0.title.lowercased() == name.lowercased() }) ?? lists.first(where: { $0.id == name }) else {
            throw LineCommandError.noList(title: name, available: lists.map(\.title))
        }
        return list
    }

    private func listParagraph(_ list: UserList) -> Paragraph {
        let title = TextSafety.stripped(list.title)
        return Paragraph(text: title + "\n" + localizer.string("line.id", ["id": TextSafety.stripped(list.id)]), spoken: title, language: nil)
    }

    // MARK: Hashtags

    /// The hashtags the user follows.
    public func followedHashtags() async throws -> LineOutput {
        try account.capabilities.require(.followedHashtags)
        let tags = try await openEngine().followedHashtags()
        return LineOutput(paragraphs: tags.map(hashtagParagraph), json: LineFormatter.encode(tags.map(HashtagJSON.init)),
                          empty: localizer.string("tags.empty"))
    }

    /// Follows or stops following a hashtag.
    public func followHashtag(_ name: String, _ followed: Bool) async throws -> LineOutput {
        try account.capabilities.require(.followedHashtags)
        let bare = name.hasPrefix("#") ? String(name.dropFirst()) : name
        let tag = try await openEngine().setHashtagFollowed(followed, name: bare)
        return .done(localizer.string(followed ? "tags.followed" : "tags.unfollowed", ["tag": TextSafety.stripped(tag.name)]),
                     json: LineFormatter.encode(HashtagJSON(tag)))
    }

    /// "#birds: 12 posts by 3 people this week. You follow it."
    func hashtagParagraph(_ tag: Hashtag) -> Paragraph {
        let text = hashtagLine(tag, localizer: localizer)
        return Paragraph(text: text, spoken: text, language: nil)
    }

    // MARK: Profile

    /// The user's profile as written: name, bio, fields and whether follow requests need approval.
    public func profile() async throws -> LineOutput {
        let edit = try await openEngine().profileEdit()
        return LineOutput(paragraphs: [profileParagraph(edit)], json: LineFormatter.encode(ProfileJSON(edit)))
    }

    /// Changes what is given of the profile and keeps the rest.
    public func updateProfile(_ change: ProfileChange) async throws -> LineOutput {
        if !change.fields.isEmpty || !change.removeFields.isEmpty || change.clearFields { try account.capabilities.require(.profileFields) }
        if change.locked != nil { try account.capabilities.require(.followRequests) }
        let engine = try await openEngine()
        var edit = try await engine.profileEdit()
        change.apply(to: &edit)
        if edit.fields.count > ProfileEdit.maxFields { throw LineCommandError.tooManyFields }
        _ = try await engine.updateProfile(edit)
        let saved = try await engine.profileEdit()
        let sentence = localizer.string("profile.saved")
        var paragraph = profileParagraph(saved)
        paragraph.text = sentence + "\n" + paragraph.text
        paragraph.spoken = sentence + " " + paragraph.spoken
        return LineOutput(paragraphs: [paragraph], json: LineFormatter.encode(ProfileJSON(saved)))
    }

    private func profileParagraph(_ edit: ProfileEdit) -> Paragraph {
        var lines = [localizer.string("profile.name", ["name": TextSafety.stripped(edit.displayName)])]
        lines.append(localizer.string("profile.bio", ["bio": TextSafety.stripped(edit.note)]))
        for field in edit.fields {
            lines.append(localizer.string("profile.field", ["name": TextSafety.stripped(field.name), "value": TextSafety.stripped(field.value)]))
        }
        lines.append(localizer.string(edit.locked ? "profile.locked" : "profile.open"))
        return Paragraph(text: lines.joined(separator: "\n"), spoken: lines.joined(separator: " "), language: nil)
    }

    // MARK: Pins and notes

    /// Pins one of the user's posts to their profile, or unpins it.
    public func pin(_ postId: String, _ pinned: Bool) async throws -> LineOutput {
        try account.capabilities.require(.pinnedPosts)
        let post = try await openEngine().setPinned(pinned, postId: postId)
        return .done(localizer.string(pinned ? "pin.done" : "unpin.done"), json: formatter.json([post]))
    }

    /// Someone's pinned posts (the user's own when `acct` is nil).
    public func pinned(_ acct: String?) async throws -> LineOutput {
        try account.capabilities.require(.pinnedPosts)
        let engine = try await openEngine()
        let account: Account
        if let acct { account = try await lookup(acct) } else { account = try await engine.me() }
        let posts = try await engine.pinnedPosts(accountId: account.id)
        return LineOutput(paragraphs: posts.map { formatter.paragraph($0) }, json: formatter.json(posts),
                          empty: localizer.string("pinned.empty"))
    }

    /// Sets the user's private note on someone (empty text removes it).
    public func note(_ acct: String, _ text: String) async throws -> LineOutput {
        try account.capabilities.require(.accountNotes)
        let user = try await lookup(acct)
        let relationship = try await openEngine().setNote(text, accountId: user.id)
        let handle = "@" + TextSafety.stripped(user.acct)
        return .done(localizer.string(text.isEmpty ? "note.removed" : "note.saved", ["handle": handle]),
                     json: formatter.json(user, relationship: relationship))
    }

    // MARK: Trends

    /// What is trending on the server: posts, hashtags or links.
    public func trending(_ kind: TrendKind, limit: Int) async throws -> LineOutput {
        try account.capabilities.require(.trends)
        let engine = try await openEngine()
        let limit = min(max(1, limit), 40)
        switch kind {
        case .posts:
            let posts = try await engine.trendingPosts(limit: limit)
            return LineOutput(paragraphs: posts.map { formatter.paragraph($0) }, json: formatter.json(posts), empty: localizer.string("trends.empty"))
        case .tags:
            let tags = try await engine.trendingHashtags(limit: limit)
            return LineOutput(paragraphs: tags.map(hashtagParagraph), json: LineFormatter.encode(tags.map(HashtagJSON.init)),
                              empty: localizer.string("trends.empty"))
        case .links:
            let links = try await engine.trendingLinks(limit: limit)
            let paragraphs = links.map { link -> Paragraph in
                let line = linkLine(link, localizer: localizer)
                return Paragraph(text: line + "\n" + TextSafety.stripped(link.url), spoken: line, language: nil)
            }
            return LineOutput(paragraphs: paragraphs, json: LineFormatter.encode(links.map(LinkJSON.init)), empty: localizer.string("trends.empty"))
        }
    }
}

/// What `trending` lists.
public enum TrendKind: String, Sendable, CaseIterable {
    case posts, tags, links
}

/// A change to the profile from line mode: only what is given changes.
public struct ProfileChange: Sendable, Hashable {
    public var displayName: String?
    public var note: String?
    /// Fields to set, by name (a field with that name changes its value; a new name is added).
    public var fields: [ProfileField]
    /// Field names to take away.
    public var removeFields: [String]
    public var clearFields: Bool
    public var locked: Bool?

    public init(
        displayName: String? = nil, note: String? = nil, fields: [ProfileField] = [], removeFields: [String] = [], clearFields: Bool = false,
        locked: Bool? = nil
    ) {
        self.displayName = displayName
        self.note = note
        self.fields = fields
        self.removeFields = removeFields
        self.clearFields = clearFields
        self.locked = locked
    }

    func apply(to edit: inout ProfileEdit) {
        if let displayName { edit.displayName = displayName }
        if let note { edit.note = note }
        if let locked { edit.locked = locked }
        if clearFields { edit.fields = [] }
        edit.fields.removeAll { field in removeFields.contains { $0.lowercased() == field.name.lowercased() } }
        for field in fields {
            if let index = edit.fields.firstIndex(where: { $0.name.lowercased() == field.name.lowercased() }) {
                edit.fields[index].value = field.value
            } else {
                edit.fields.append(field)
            }
        }
    }
}

/// "#birds: 12 posts by 3 people this week. You follow it." (the week only when the server gave it).
public func hashtagLine(_ tag: Hashtag, localizer: Localizer) -> String {
    var parts = ["#" + TextSafety.stripped(tag.name)]
    if tag.uses > 0 {
        parts[0] += ":"
        parts.append(localizer.string("tags.week", [
            "posts": localizer.plural("tags.posts", count: tag.uses), "people": localizer.plural("tags.people", count: tag.people),
        ]))
    } else {
        parts[0] += "."
    }
    if tag.following { parts.append(localizer.string("tags.following")) }
    return parts.joined(separator: " ")
}

/// "Heron count at the estuary, from birds.example." (the title, else the address's domain).
public func linkLine(_ link: LinkCard, localizer: Localizer) -> String {
    let title = TextSafety.stripped(link.title)
    let site = link.providerName.isEmpty ? (URL(string: link.url)?.host ?? "") : link.providerName
    return localizer.string(title.isEmpty ? "trends.link-site" : "trends.link", ["title": title, "site": TextSafety.stripped(site)])
}

struct ListJSON: Encodable {
    var id: String
    var title: String

    init(_ list: UserList) {
        id = TextSafety.stripped(list.id)
        title = TextSafety.stripped(list.title)
    }
}

struct ListMemberJSON: Encodable {
    var list: ListJSON
    var acct: String
    var member: Bool
}

struct HashtagJSON: Encodable {
    var name: String
    var following: Bool
    var uses: Int
    var people: Int

    init(_ tag: Hashtag) {
        name = TextSafety.stripped(tag.name)
        following = tag.following
        uses = tag.uses
        people = tag.people
    }
}

struct ProfileJSON: Encodable {
    struct Field: Encodable {
        var name: String
        var value: String
    }

    var displayName: String
    var note: String
    var fields: [Field]
    var locked: Bool

    init(_ edit: ProfileEdit) {
        displayName = TextSafety.stripped(edit.displayName)
        note = TextSafety.stripped(edit.note)
        fields = edit.fields.map { Field(name: TextSafety.stripped($0.name), value: TextSafety.stripped($0.value)) }
        locked = edit.locked
    }
}

struct LinkJSON: Encodable {
    var url: String
    var title: String
    var providerName: String

    init(_ link: LinkCard) {
        url = TextSafety.stripped(link.url)
        title = TextSafety.stripped(link.title)
        providerName = TextSafety.stripped(link.providerName)
    }
}
