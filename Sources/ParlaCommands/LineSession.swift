import Foundation
import MicroblogKit
import ParlaBase
import ParlaEngine

/// What a line-mode command produced: paragraphs to print (and say with `--speak`) and JSON.
public struct LineOutput: Sendable {
    public var paragraphs: [Paragraph]
    /// The `--json` form; nil for commands that only report. Made when asked for, so that a command
    /// printing paragraphs does not encode its JSON too.
    public var json: Data? { makeJSON() }
    private let makeJSON: @Sendable () -> Data?
    /// Said and printed when there are no paragraphs ("No posts.").
    public var empty: String

    public init(paragraphs: [Paragraph], json: @autoclosure @escaping @Sendable () -> Data? = nil, empty: String = "") {
        self.paragraphs = paragraphs
        self.makeJSON = json
        self.empty = empty
    }

    /// One sentence of confirmation ("Boosted.").
    public static func done(_ sentence: String, json: @autoclosure @escaping @Sendable () -> Data? = nil) -> LineOutput {
        LineOutput(paragraphs: [Paragraph(text: sentence, spoken: sentence, language: nil)], json: json())
    }
}

/// The line-mode commands over one account: each reads or acts through the account's engine (its outbox
/// for posts, so a post is sent exactly once and never lost; its cache for what changed, so the screens
/// show what line mode did) and returns output.
public struct LineSession: Sendable {
    public let account: OpenedAccount
    public let opener: AccountOpener
    public let formatter: LineFormatter

    /// The session's sentences are in the words of the account's network ("Liked." on Bluesky).
    public init(account: OpenedAccount, opener: AccountOpener, formatter: LineFormatter) {
        self.account = account
        self.opener = opener
        self.formatter = LineFormatter(presenter: formatter.presenter, localizer: account.capabilities.speaking(formatter.localizer),
                                       settings: formatter.settings, now: formatter.now)
    }

    /// The account's engine, opened on first use.
    func openEngine() async throws -> Engine { try await opener.engine(account) }
    var localizer: Localizer { formatter.localizer }

    // MARK: Reading

    /// A timeline's newest `limit` posts (several pages when more than one page is asked for).
    public func timeline(_ spec: TimelineSpec, limit: Int) async throws -> LineOutput {
        let limit = max(1, limit)
        switch spec {
        case .notifications:
            let engine = try await openEngine()
            // Those of one group are told as one ("Ana, Jordi and 2 others favourited your post").
            let items = NotificationGrouping.grouped(try await collect(limit: limit, pageSize: 80) { page in
                try await engine.notificationsPage(page)
            })
            return LineOutput(paragraphs: items.map(formatter.paragraph), json: formatter.json(items),
                              empty: localizer.string("line.empty.notifications"))
        case .timeline(let kind):
            return try await posts(kind, limit: limit)
        case .user(let acct):
            let user = try await lookup(acct)
            return try await posts(.user(accountId: user.id), limit: limit)
        case .list(let title):
            try account.capabilities.require(.lists)
            let lists = try await openEngine().lists()
            guard let list = lists.first(where: { $0.title.lowercased() == title.lowercased() }) else {
                throw LineCommandError.noList(title: title, available: lists.map(\.title))
            }
            return try await posts(.list(id: list.id), limit: limit)
        case .feed(let name):
            try account.capabilities.require(.customFeeds)
            let feeds = try await openEngine().customFeeds()
            let folded = { (text: String) in text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
            guard let feed = feeds.first(where: { folded($0.name) == folded(name) }) else {
                throw LineCommandError.noFeed(name: name, available: feeds.map(\.name))
            }
            return try await posts(.feed(id: feed.id), limit: limit)
        }
    }

    /// The posts of a page; those a server filter hides are left out and counted at the end.
    ///
    /// The first page is asked for while the engine opens (``AccountOpener/engine(_:reading:_:)``).
    private func posts(_ kind: TimelineKind, limit: Int) async throws -> LineOutput {
        try account.capabilities.require(reading: kind)
        var engine: Engine?
        var unreadable = 0
        var postless: [PostlessConversation] = []
        let read = try await collect(limit: limit, pageSize: Self.postPageSize) { page in
            let fetched: Page<Post>
            if let engine {
                fetched = try await engine.page(kind, page)
            } else {
                (engine, fetched) = try await opener.engine(account, reading: kind, page)
            }
            unreadable += fetched.unreadable
            postless += fetched.postless
            return fetched
        }
        let posts = read.filter { !$0.isHiddenByFilter }
        var paragraphs = posts.map(formatter.paragraph) + postless.map(formatter.paragraph)
        if posts.count < read.count {
            let hidden = localizer.plural("line.hidden-by-filters", count: read.count - posts.count, placeholder: "n")
            paragraphs.append(Paragraph(text: hidden, spoken: hidden, language: nil))
        }
        if unreadable > 0 {
            let told = localizer.plural("line.unreadable-posts", count: unreadable)
            paragraphs.append(Paragraph(text: told, spoken: told, language: nil))
        }
        return LineOutput(paragraphs: paragraphs, json: formatter.json(posts), empty: localizer.string("line.empty.posts"))
    }

    /// Posts asked for per request (Mastodon's largest page).
    static let postPageSize = 40

    /// Pages older and older until `limit` items came or the timeline ended; each page as large as
    /// still needed (never more than `pageSize`). Pages that overlap give each item once, in the shape
    /// it came in last; a page with nothing new ends the reading.
    func collect<Item: Sendable & Identifiable>(limit: Int, pageSize: Int, _ fetch: (PageRequest) async throws -> Page<Item>) async throws -> [Item] {
        var items: [Item] = []
        var request = PageRequest(limit: min(limit, pageSize))
        while items.count < limit {
            let page = try await fetch(request)
            let added = items.merge(page: page.items)
            guard let older = page.older, added > 0 else { break }
            request = older
            request.limit = min(limit - items.count, pageSize)
        }
        return Array(items.prefix(limit))
    }

    /// A post with what led to it and the replies, in reading order.
    public func thread(id: String) async throws -> LineOutput {
        let engine = try await openEngine()
        let thread = try await engine.thread(id: id)
        let posts = thread.all
        return LineOutput(paragraphs: posts.map(formatter.paragraph), json: formatter.json(posts), empty: localizer.string("line.empty.posts"))
    }

    /// A user's profile and how the user relates to them.
    public func user(_ acct: String) async throws -> LineOutput {
        let engine = try await openEngine()
        let user = try await lookup(acct)
        let relationship = try await engine.relationships(accountIds: [user.id]).first
        return LineOutput(paragraphs: [formatter.paragraph(user, relationship: relationship)], json: formatter.json(user, relationship: relationship))
    }

    /// Who follows the user (`followers: true`) or whom the user follows, with relationships fetched in batches.
    public func people(_ acct: String, followers: Bool, limit: Int) async throws -> LineOutput {
        let engine = try await openEngine()
        let user = try await lookup(acct)
        let accounts = try await collect(limit: max(1, limit), pageSize: 80) { page in
            followers ? try await engine.followers(accountId: user.id, page: page) : try await engine.following(accountId: user.id, page: page)
        }
        let relationships = Dictionary(
            (try await engine.relationships(accountIds: accounts.map(\.id))).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return LineOutput(
            paragraphs: accounts.map { formatter.paragraph($0, relationship: relationships[$0.id]) },
            json: formatter.json(accounts, relationships: relationships), empty: localizer.string("line.empty.people"))
    }

    /// Accounts, hashtags and posts matching a text.
    public func search(_ query: String, limit: Int) async throws -> LineOutput {
        let engine = try await openEngine()
        let results = try await engine.search(query, limit: limit)
        var paragraphs: [Paragraph] = results.accounts.map { formatter.paragraph($0) }
        paragraphs += results.hashtags.map { tag in
            let text = localizer.string("line.search.hashtag", ["tag": TextSafety.stripped(tag)])
            return Paragraph(text: text, spoken: text, language: nil)
        }
        paragraphs += results.posts.map(formatter.paragraph)
        let json = SearchJSON(
            accounts: results.accounts.map { formatter.accountJSON($0, relationship: nil) },
            hashtags: results.hashtags.map(TextSafety.stripped), statuses: results.posts.map(formatter.postJSON))
        let data = LineFormatter.encode(json)
        return LineOutput(paragraphs: paragraphs, json: data, empty: localizer.string("line.empty.search"))
    }

    // MARK: Acting

    /// Publishes through the account's outbox and waits for the answer: sent, still queued (it will be
    /// retried by Parla later: `parla outbox`), or refused (kept in the outbox).
    public func publish(_ post: NewPost) async throws -> LineOutput {
        // What the network lacks (a poll on Bluesky) is said before anything is kept or sent.
        try account.capabilities.require(offering: post)
        let engine = try await openEngine()
        // Over the server's limit, the server would refuse it: said now, and nothing kept (as compose does).
        // When the limit cannot be asked for (offline), the post waits in the outbox as any other.
        if let capabilities = try? await engine.instance().capabilities, let over = capabilities.over(post) {
            throw LineCommandError.tooLong(over: over, limit: capabilities.maxCharacters, counting: capabilities)
        }
        switch try await engine.sendNow(post) {
        case .sent(_, let sent):
            return .done(localizer.string("line.posted", ["id": TextSafety.stripped(sent.id)]), json: formatter.json([sent]))
        case .failed(_, let refusal):
            throw LineCommandError.refused(refusal)
        case .unconfirmed(let id, let reason):
            throw LineCommandError.unconfirmed(reason, outboxId: id)
        case .queued(_, let transient):
            throw LineCommandError.queued(transient)
        }
    }

    /// Answers a post, mentioning its author first (unless the text already does) so they hear of it, where the
    /// network's replies name their author (Mastodon's; not Bluesky's).
    public func reply(to postId: String, text: String, spoilerText: String, language: String?) async throws -> LineOutput {
        let engine = try await openEngine()
        let original = try await engine.post(id: postId).shown
        let handle = "@" + original.account.acct
        let named = !account.capabilities.repliesNameTheirAuthor || text.lowercased().contains(handle.lowercased())
        let body = named ? text : handle + " " + text
        let warning = spoilerText.isEmpty ? original.spoilerText : spoilerText
        let visibility: Visibility = original.visibility == .direct ? .direct : (original.visibility == .private ? .private : .public)
        return try await publish(NewPost(text: body, spoilerText: warning, visibility: visibility, language: language, inReplyToId: original.id))
    }

    /// Boost, favourite or bookmark a post, or undo one; says what it did.
    public func act(_ action: PostAction, postId: String) async throws -> LineOutput {
        if action == .bookmark || action == .unbookmark { try account.capabilities.require(.bookmarks) }
        let engine = try await openEngine()
        let post: Post
        switch action {
        case .boost: post = try await engine.setBoosted(true, postId: postId)
        case .unboost: post = try await engine.setBoosted(false, postId: postId)
        case .favourite: post = try await engine.setFavourited(true, postId: postId)
        case .unfavourite: post = try await engine.setFavourited(false, postId: postId)
        case .bookmark: post = try await engine.setBookmarked(true, postId: postId)
        case .unbookmark: post = try await engine.setBookmarked(false, postId: postId)
        }
        return .done(doneSentence(action), json: formatter.json([post]))
    }

    /// What an action did, in the words of the account's network where it has its own (Bluesky's likes and
    /// reposts: `bluesky-line.done.…`), else Mastodon's.
    func doneSentence(_ action: PostAction) -> String {
        let own = "\(account.capabilities.network.rawValue)-line.done.\(action.rawValue)"
        return localizer.string(localizer.has(own, in: localizer.language) ? own : "line.done.\(action.rawValue)")
    }

    /// Follows or unfollows a user by handle.
    public func follow(_ acct: String, _ following: Bool) async throws -> LineOutput {
        let engine = try await openEngine()
        let user = try await lookup(acct)
        let relationship = try await engine.setFollowing(following, accountId: user.id)
        let key = following ? (relationship.requested && !relationship.following ? "line.done.follow-requested" : "line.done.follow") : "line.done.unfollow"
        return .done(localizer.string(key, ["handle": "@" + TextSafety.stripped(user.acct)]),
                     json: formatter.json(user, relationship: relationship))
    }

    /// Votes in the poll of a post; choices are 1-based option numbers.
    public func vote(postId: String, choices: [Int]) async throws -> LineOutput {
        try account.capabilities.require(.polls)
        let engine = try await openEngine()
        let post = try await engine.post(id: postId).shown
        guard let poll = post.poll else { throw LineCommandError.noPoll }
        let indexes = choices.map { $0 - 1 }
        guard !indexes.isEmpty, indexes.allSatisfy({ poll.options.indices.contains($0) }) else {
            throw LineCommandError.badChoice(count: poll.options.count)
        }
        guard poll.multiple || indexes.count == 1 else { throw LineCommandError.singleChoice }
        let result = try await engine.vote(pollId: poll.id, choices: indexes)
        var updated = post
        updated.poll = result
        let titles = indexes.map { TextSafety.stripped(poll.options[$0].title) }.joined(separator: ", ")
        let voted = updated
        return .done(localizer.string("line.done.vote", ["options": titles]), json: formatter.json([voted]))
    }

    /// Deletes one of the user's posts.
    public func delete(postId: String) async throws -> LineOutput {
        let engine = try await openEngine()
        try await engine.delete(postId: postId)
        return .done(localizer.string("line.done.delete"))
    }

    /// `ana`, `@ana` and `@ana@server` all name `ana` / `ana@server`.
    static func handle(_ text: String) -> String {
        text.hasPrefix("@") ? String(text.dropFirst()) : text
    }

    /// Looks a user up by handle; a 404 becomes "no user @x" rather than a generic not-found.
    func lookup(_ acct: String) async throws -> Account {
        let engine = try await openEngine()
        do {
            return try await engine.lookup(acct: Self.handle(acct))
        } catch MicroblogError.notFound {
            throw LineCommandError.noUser(acct: Self.handle(acct))
        }
    }
}

/// The single-post actions of line mode.
public enum PostAction: String, Sendable, CaseIterable {
    case boost, unboost, favourite, unfavourite, bookmark, unbookmark
}

struct SearchJSON: Encodable {
    var accounts: [AccountJSON]
    var hashtags: [String]
    var statuses: [PostJSON]
}

/// Line-mode failures that are not the server's.
public enum LineCommandError: Error, Sendable {
    /// The post is kept in the outbox and will be sent later.
    case queued(MicroblogError)
    /// The server refused the post; it is kept in the outbox.
    case refused(MicroblogError)
    /// The post was sent but the answer could not be read: it may be published. It is kept in the outbox
    /// as sent, not confirmed; sending it again is safe (its idempotency key).
    case unconfirmed(MicroblogError, outboxId: String)
    case noList(title: String, available: [String])
    /// No saved custom feed has that name; `available` are the names of those saved.
    case noFeed(name: String, available: [String])
    case noPoll
    case badChoice(count: Int)
    case singleChoice
    case emptyPost
    /// The post is `over` characters longer than the server's `limit`, counted as its network counts (`counting`:
    /// Mastodon's links as 23, or Bluesky's graphemes); nothing was sent.
    case tooLong(over: Int, limit: Int, counting: NetworkCapabilities = .mastodon)
    case noOutboxItem(id: String)
    /// No authorisation code was given at the login prompt.
    case noCode
    case noUser(acct: String)
    /// A profile may have at most four fields.
    case tooManyFields
    /// The hashtag is not featured on the user's profile.
    case notFeatured(tag: String)

    /// The sentence for stderr, in the user's language; given `now`, a wait that ends on another day is said
    /// with its date.
    public func message(_ localizer: Localizer, now: Date? = nil) -> String {
        switch self {
        case .queued(let error): localizer.string("line.error.queued", ["reason": error.message(localizer, now: now)])
        case .refused(let error): localizer.string("line.error.refused", ["reason": error.message(localizer, now: now)])
        case .unconfirmed(let error, let id):
            localizer.string("line.error.unconfirmed", ["reason": error.message(localizer, now: now), "id": TextSafety.stripped(id)])
        case .noList(let title, let available):
            localizer.string("line.error.no-list", [
                "title": TextSafety.stripped(title),
                "lists": available.isEmpty ? localizer.string("line.none") : available.map(TextSafety.stripped).joined(separator: ", "),
            ])
        case .noFeed(let name, let available):
            localizer.string(available.isEmpty ? "custom-feeds.none-saved" : "custom-feeds.unknown", [
                "name": TextSafety.stripped(name), "feeds": available.map(TextSafety.stripped).joined(separator: ", "),
            ])
        case .noPoll: localizer.string("line.error.no-poll")
        case .badChoice(let count): localizer.string("line.error.bad-choice", ["count": String(count)])
        case .singleChoice: localizer.string("line.error.single-choice")
        case .emptyPost: localizer.string("line.error.empty-post")
        case .tooLong(let over, let limit, let counting) where counting.lengthCounting == .graphemes:
            localizer.plural("network.too-long.graphemes", count: over, ["limit": String(limit), "network": counting.network.name(localizer)])
        case .tooLong(let over, let limit, _):
            localizer.plural("line.error.too-long", count: over, ["limit": String(limit)])
        case .noOutboxItem(let id): localizer.string("line.error.no-outbox-item", ["id": TextSafety.stripped(id)])
        case .noCode: localizer.string("line.error.no-code")
        case .noUser(let acct): localizer.string("line.error.no-user", ["handle": "@" + TextSafety.stripped(acct)])
        case .tooManyFields: localizer.string("profile.too-many-fields", ["count": String(ProfileEdit.maxFields)])
        case .notFeatured(let tag): localizer.string("featured.not-featured", ["tag": TextSafety.stripped(tag)])
        }
    }

    /// The exit status: queued posts are a temporary failure (75), refused ones a data error (65).
    public var exitCode: Int32 {
        switch self {
        case .queued: 75
        case .refused: 65
        case .unconfirmed(let error, _): error.exitCode
        case .noList, .noFeed, .noPoll, .badChoice, .singleChoice, .emptyPost, .tooLong, .noOutboxItem, .noUser, .tooManyFields, .notFeatured: 65
        case .noCode: 77
        }
    }
}
