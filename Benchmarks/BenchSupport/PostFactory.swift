import Foundation
import Mastodon
import MicroblogKit

/// Makes realistic home-timeline posts for benchmarks: varied lengths, boosts, content warnings,
/// media with and without descriptions, polls, links, mentions, hashtags and several languages.
///
/// Deterministic: the same seed gives the same posts, so runs compare.
public struct PostFactory: Sendable {
    /// The "now" of the posts (2026-03-01 12:00 UTC); the newest post is a few seconds old.
    public static let now = Date(timeIntervalSince1970: 1_772_366_400)

    private static let words = [
        "morning", "coffee", "train", "late", "again", "reading", "a", "book", "about", "terminals", "and", "screen", "readers",
        "the", "garden", "is", "full", "of", "tomatoes", "this", "year", "new", "release", "out", "now", "thanks", "everyone",
        "who", "helped", "accessibility", "matters", "keyboard", "only", "works", "fine", "weather", "rain", "sun", "walk",
        "dog", "cat", "music", "concert", "tonight", "library", "Swift", "Linux", "eSpeak", "braille", "display", "café",
        "mañana", "però", "niño", "Barcelona", "València", "Madrid", "emoji", "🎉", "☕", "🌧️", "日本語", "テスト",
    ]
    private static let languages = ["en", "en", "en", "es", "ca", "de", nil]
    private static let names = ["Ana García", "Ben Jones", "Carla Puig", "Dmitri Ivanov", "Eve", "Françoise Dupont", "Gü Lee",
                                "Hana 山田", "Iker Etxeberria", "Joan Martí"]

    private let authors: [Account]

    public init() {
        authors = Self.names.enumerated().map { index, name in
            let user = name.lowercased().split(separator: " ").first.map(String.init) ?? "user"
            let remote = index.isMultiple(of: 3) ? "\(user)" : "\(user)@social\(index).example"
            return Account(id: "a\(index)", acct: remote, username: user, displayName: name, note: RichText(html: "<p>Bio of \(name)</p>"),
                           followersCount: 10 * index, followingCount: index, postsCount: 100 + index)
        }
    }

    /// `count` posts, newest first, with ids counting down from `firstId + count - 1`.
    public func posts(_ count: Int, firstId: Int = 1_000_000) -> [Post] {
        (0..<count).map { offset in post(number: count - 1 - offset, id: firstId + count - 1 - offset, secondsAgo: offset * 37 + 5) }
    }

    /// The HTML body of post `number`, as the server sends it (what ``post(number:id:secondsAgo:)`` reads into runs).
    public func html(number: Int) -> String {
        var generator = SplitMix(seed: UInt64(number))
        _ = generator.next()
        return Self.body(&generator, number: number).html
    }

    /// A body of varied length with, now and then, a hashtag, a mention and a link; and its words.
    private static func body(_ generator: inout SplitMix, number: Int) -> (html: String, words: [String]) {
        let wordCount = [3, 8, 15, 30, 60, 90][Int(generator.next() % 6)]
        var words: [String] = []
        for _ in 0..<wordCount { words.append(Self.words[Int(generator.next() % UInt64(Self.words.count))]) }
        if generator.next() % 4 == 0 { words.append("#\(Self.words[Int(generator.next() % 40)])") }
        if generator.next() % 5 == 0 { words.insert("<span class=\"h-card\"><a href=\"https://social.example/@ben\">@ben</a></span>", at: 0) }
        if generator.next() % 6 == 0 { words.append("<a href=\"https://example.com/article/\(number)\">example.com/article/\(number)</a>") }
        let half = words.count / 2
        return ("<p>" + words[..<half].joined(separator: " ") + "</p><p>" + words[half...].joined(separator: " ") + " &amp; more</p>", words)
    }

    /// One post; `number` picks its shape.
    public func post(number: Int, id: Int, secondsAgo: Int) -> Post {
        var generator = SplitMix(seed: UInt64(number))
        let author = authors[Int(generator.next() % UInt64(authors.count))]
        let created = Self.now.addingTimeInterval(Double(-secondsAgo))
        let (html, words) = Self.body(&generator, number: number)
        let language = Self.languages[Int(generator.next() % UInt64(Self.languages.count))]
        let spoiler = generator.next() % 10 == 0 ? "Spoilers for episode \(number % 12)" : ""
        var media: [MediaAttachment] = []
        if generator.next() % 5 == 0 {
            let described = generator.next() % 2 == 0
            media.append(MediaAttachment(id: "m\(id)", kind: .image, url: "https://files.example/\(id).png",
                                         description: described ? "A photo of \(words.prefix(4).joined(separator: " "))" : nil))
        }
        var poll: Poll?
        if generator.next() % 25 == 0 {
            poll = Poll(id: "p\(id)", options: [Poll.Option(title: "Yes", votesCount: 3), Poll.Option(title: "No", votesCount: 1),
                                                Poll.Option(title: "Maybe later", votesCount: 0)])
        }
        let original = Post(id: String(id), uri: "https://social.example/posts/\(id)", createdAt: created, account: author, content: RichText(html: html),
                            spoilerText: spoiler, sensitive: !spoiler.isEmpty, language: language, media: media, poll: poll,
                            repliesCount: number % 7, reblogsCount: number % 11, favouritesCount: number % 13)
        guard generator.next() % 6 == 0 else { return original }
        // A boost: the booster's post wraps another author's.
        let booster = authors[Int(generator.next() % UInt64(authors.count))]
        var boosted = original
        boosted.id = "b\(id)"
        return Post(id: String(id), createdAt: created, account: booster, content: .empty, reblog: boosted)
    }
}

/// A small, fast, deterministic random number generator (SplitMix64).
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
