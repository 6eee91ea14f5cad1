import MicroblogKit
import ParlaBase

/// The choices for completing the @mention or #hashtag at the cursor: accounts and hashtags the cache
/// knows first, then what the server's search found.
struct ComposeCompletion {
    /// The @mention or #hashtag being typed.
    struct Token: Equatable {
        /// Where it is in the text, `@` or `#` included, up to the cursor.
        var range: Range<Int>
        /// `@` or `#`.
        var sigil: Character
        /// What follows the sigil.
        var query: String

        var kind: SearchKind { sigil == "@" ? .accounts : .hashtags }
        /// The key results are kept under ("@an", "#sw").
        var key: String { String(sigil) + query.lowercased() }
    }

    /// The cache is searched from this many characters after the sigil, the server from `serverMinimum`.
    static let minimum = 1
    static let serverMinimum = 2
    /// Choices shown at most.
    static let maxChoices = 8
    /// Results asked of the server per search.
    static let serverLimit = 5

    /// Accounts known from the cache, most recently seen first.
    private(set) var accounts: [Account] = []
    /// Hashtags seen in cached posts, without `#`.
    private(set) var hashtags: [String] = []
    /// What the server answered, by ``Token/key``.
    private var served: [String: [ComposeField.Choice]] = [:]

    /// The token at `cursor` in `characters`, when it is an @mention or #hashtag long enough to complete.
    static func token(in characters: [Character], cursor: Int) -> Token? {
        guard cursor > 0, cursor <= characters.count else { return nil }
        if cursor < characters.count, !characters[cursor].isWhitespace { return nil }
        var start = cursor
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        guard start < cursor else { return nil }
        let sigil = characters[start]
        guard sigil == "@" || sigil == "#" else { return nil }
        let query = String(characters[(start + 1)..<cursor])
        let allowed: (Character) -> Bool = sigil == "@"
            ? { $0.isLetter || $0.isNumber || "_.-@".contains($0) }
            : { $0.isLetter || $0.isNumber || $0 == "_" }
        guard query.count >= minimum, query.allSatisfy(allowed) else { return nil }
        return Token(range: start..<cursor, sigil: sigil, query: query)
    }

    /// Learns accounts and hashtags from cached posts and notifications (authors, boosters, mentions, tags).
    mutating func learn(posts: [Post], notifications: [MicroblogNotification], me: Account?) {
        var seenAccounts = Set(accounts.map { $0.acct.lowercased() })
        var seenTags = Set(hashtags.map { $0.lowercased() })
        func add(_ account: Account) {
            guard account.acct != me?.acct, seenAccounts.insert(account.acct.lowercased()).inserted else { return }
            accounts.append(account)
        }
        func add(_ post: Post) {
            add(post.account)
            for mention in post.mentions {
                add(Account(id: mention.id, acct: mention.acct, username: mention.username, displayName: ""))
            }
            for tag in post.tags where seenTags.insert(tag.lowercased()).inserted { hashtags.append(tag) }
        }
        for post in posts {
            add(post)
            if let boosted = post.reblog?.value { add(boosted) }
        }
        for notification in notifications {
            add(notification.account)
            if let post = notification.post { add(post) }
        }
    }

    /// Keeps what the server found for a token.
    mutating func remember(_ results: SearchResults, for token: Token) {
        served[token.key] = token.kind == .accounts ? results.accounts.map(Self.choice) : results.hashtags.map(Self.choice)
    }

    /// Whether the server was already asked about this token (or one it narrows: "@an" covers "@ana" when
    /// "@an" brought fewer than a full page).
    func asked(_ token: Token) -> Bool {
        if served[token.key] != nil { return true }
        var prefix = token.query.lowercased()
        while prefix.count > Self.serverMinimum {
            prefix.removeLast()
            if let found = served[String(token.sigil) + prefix], found.count < Self.serverLimit { return true }
        }
        return false
    }

    /// The choices for a token: the cache's first, then the server's for it or for a shorter query, that match.
    func choices(for token: Token) -> [ComposeField.Choice] {
        let query = token.query.lowercased()
        var result: [ComposeField.Choice]
        if token.kind == .accounts {
            result = accounts.filter { Self.matches($0, query) }.map(Self.choice)
        } else {
            result = hashtags.filter { $0.lowercased().hasPrefix(query) }.map(Self.choice)
        }
        var prefix = query
        var fromServer: [ComposeField.Choice] = []
        while prefix.count >= Self.serverMinimum {
            if let found = served[String(token.sigil) + prefix] {
                fromServer = found
                break
            }
            prefix.removeLast()
        }
        for choice in fromServer where !result.contains(where: { $0.text.lowercased() == choice.text.lowercased() }) {
            let name = choice.text.dropFirst().lowercased()
            let label = choice.label.lowercased()
            if name.hasPrefix(query) || label.contains(query) { result.append(choice) }
        }
        return Array(result.prefix(Self.maxChoices))
    }

    private static func matches(_ account: Account, _ query: String) -> Bool {
        if account.acct.lowercased().hasPrefix(query) || account.username.lowercased().hasPrefix(query) { return true }
        return account.displayName.lowercased().split(separator: " ").contains { $0.hasPrefix(query) }
    }

    private static func choice(_ account: Account) -> ComposeField.Choice {
        let handle = "@" + TextSafety.stripped(account.acct)
        let name = TextSafety.stripped(account.displayName).trimmingCharacters(in: .whitespaces)
        return ComposeField.Choice(text: handle, label: name.isEmpty ? handle : handle + ", " + name)
    }

    private static func choice(_ hashtag: String) -> ComposeField.Choice {
        let tag = "#" + TextSafety.stripped(hashtag)
        return ComposeField.Choice(text: tag, label: tag)
    }
}
