import Foundation
import Mastodon
import MicroblogKit
import MicroblogKitTesting
import Testing

@testable import ParlaApp

/// Issue 19 item 3: the timeline keeps posts compact, and gives back the very posts it was given.
@Suite struct CompactPostTests {
    /// A post with every field set, none at its default.
    static func full(_ id: String) -> Post {
        var post = Post(
            id: id, uri: "https://social.example/statuses/\(id)", url: "https://social.example/@ana/\(id)",
            createdAt: Date(timeIntervalSince1970: 1_700_000_123.5), account: Fixtures.account("7"), content: RichText(html: "<p>Full</p>"),
            spoilerText: "Spoilers", sensitive: true, visibility: .unknown("local"), language: "ca", inReplyToId: "41",
            inReplyToAccountId: "8", media: [MediaAttachment(id: "m1", kind: .image, url: "https://files.example/1.png", description: "A cat")],
            mentions: [Mention(id: "8", username: "ben", acct: "ben@else.example")], tags: ["swift"],
            poll: Poll(id: "p1", options: [Poll.Option(title: "Yes", votesCount: 2)], voted: true, ownVotes: [0]),
            repliesCount: 3, reblogsCount: Int(Int32.max) + 5, favouritesCount: 4, favourited: true, reblogged: true, bookmarked: true,
            editedAt: Date(timeIntervalSince1970: 1_700_000_200), filtered: [FilterMatch(title: "Films", action: .warn)],
            quote: Quote(state: .accepted, post: Fixtures.post("30")), card: LinkCard(url: "https://example.com", title: "Example"),
            emojis: [CustomEmoji(shortcode: "blob")])
        post.muted = false
        post.pinned = true
        return post
    }

    @Test func aTextOfWordsAndBreaksIsKeptAsOneStringAndAnyOtherAsItsRunsAndBothComeBackTheSame() {
        let plain = RichText.plain(" Hola ñandú 👋🏽 \nsecond line\n\nnext paragraph ")
        #expect(CompactText(plain) == .plain(" Hola ñandú 👋🏽 \nsecond line\n\nnext paragraph "))
        let linked = RichText(html: #"<p>Read <a href="https://example.com/a">the page</a></p><p>by <a href="https://example.social/@ana" class="mention">@ana</a></p>"#)
        guard case .runs = CompactText(linked) else {
            Issue.record("a text with a link is not kept as its runs")
            return
        }
        let unusual: [RichText] = [
            .empty, RichText([.text("a"), .text("b")]), RichText([.lineBreak, .text("a")]), RichText([.text("a"), .paragraphBreak]),
            RichText([.text("a\nb")]), RichText([.text("a"), .lineBreak, .lineBreak, .text("b")]), RichText([.text("")]),
        ]
        for text in [plain, linked] + unusual {
            #expect(CompactText(text).text == text)
        }
    }

    @Test func aPostComesBackFieldForField() {
        let accounts = AccountTable()
        let plain = Fixtures.post("1")
        let boost = Post(id: "3", createdAt: Date(timeIntervalSince1970: 1_700_000_300), account: Fixtures.account("9"), content: .empty,
                         reblog: Self.full("2"))
        var emptyButPresent = Fixtures.post("4")
        emptyButPresent.filtered = []
        emptyButPresent.emojis = []
        emptyButPresent.pinned = false
        for post in [plain, Self.full("2"), boost, emptyButPresent] {
            #expect(CompactPost(post, accounts: accounts).post == post)
        }
    }

    @Test func postsByTheSameAuthorShareOneCopyOfIt() throws {
        let accounts = AccountTable()
        // Decoded separately, as pages from the network or the cache are: equal values, separate storage.
        let decode = { (post: Post) in try JSONDecoder().decode(Post.self, from: JSONEncoder().encode(post)) }
        let first = CompactPost(try decode(Fixtures.post("1", author: "5")), accounts: accounts)
        let second = CompactPost(try decode(Fixtures.post("2", author: "5")), accounts: accounts)
        let other = CompactPost(try decode(Fixtures.post("3", author: "6")), accounts: accounts)
        #expect(first.account === second.account)
        #expect(first.account !== other.account)
        #expect(accounts.count == 2)
    }

    /// Issue 26 item 31: a post read again is known unchanged without making it whole (a burst of 1 000 into a
    /// timeline of 100 000 made every kept post whole again on each new post); any change is still seen.
    @Test func aKeptPostKnowsAnUnchangedPostWithoutMakingItselfWhole() throws {
        let accounts = AccountTable()
        let post = Fixtures.post("20")
        let kept = CompactPost(post, accounts: accounts)
        let decoded = try JSONDecoder().decode(Post.self, from: JSONEncoder().encode(post))
        #expect(kept.keeps(decoded))
        var favourited = post
        favourited.favouritesCount += 1
        #expect(!kept.keeps(favourited))
        var edited = post
        edited.content = .plain("edited")
        #expect(!kept.keeps(edited))
        #expect(!kept.keeps(Fixtures.post("21")))
    }

    /// A burst into 100 000 posts reads the cache again and again: each post's hash is worked out where it is
    /// read (``FreshEntries``), off the main loop, and the entries kept are known unchanged by it alone.
    @Test func entriesReadAgainAreKeptByTheHashesWorkedOutWhereTheyWereRead() {
        let entries = TimelineEntries([.post(Fixtures.post("12")), .post(Fixtures.post("10"))])
        var favourited = Fixtures.post("10")
        favourited.favourited = true
        let read = FreshEntries([.post(Fixtures.post("13")), .post(Fixtures.post("12")), .post(favourited), .post(Fixtures.post("12"))])
        #expect(read.fingerprints == [Fixtures.post("13").hashValue, Fixtures.post("12").hashValue, favourited.hashValue, Fixtures.post("12").hashValue])
        #expect(read.firstIndex == ["13": 0, "12": 1, "10": 2])
        let kept = entries.keeping(read)
        #expect(kept.ids == ["13", "12", "10", "12"])
        // The changed post is the one read, not the one kept before.
        #expect(kept[2].post == favourited)
        #expect(kept[1].post == Fixtures.post("12"))
        #expect(Array(kept) == read.entries)
    }

    @Test func entriesAreReplacedRemovedAndAppendedById() {
        let original = Fixtures.post("10")
        let boost = Post(id: "11", createdAt: Date(timeIntervalSince1970: 1_700_000_011), account: Fixtures.account("4"), content: .empty,
                         reblog: original)
        let entries = TimelineEntries([.post(Fixtures.post("12")), .post(boost), .post(original)])
        #expect(entries.ids == ["12", "11", "10"])
        #expect(entries.firstIndex(id: "11") == 1)

        var favourited = original
        favourited.favourited = true
        let replaced = entries.replacing(favourited)
        #expect(replaced?[2].post == favourited)
        #expect(replaced?[1].post?.reblog?.value == favourited)
        #expect(replaced?[0].post == Fixtures.post("12"))
        #expect(entries.replacing(Fixtures.post("99")) == nil)

        #expect(entries.removing(id: "11").ids == ["12", "10"])
        #expect(entries.known(among: ["9", "11", "12"]) == ["11", "12"])
        var longer = entries
        longer.append(contentsOf: [.post(Fixtures.post("9"))])
        #expect(longer.ids == ["12", "11", "10", "9"])
        #expect(entries.ids == ["12", "11", "10"])
        // Fresh posts on top; what followed the last of them stays, without repeats.
        let fresh = entries.keeping([.post(Fixtures.post("13")), .post(Fixtures.post("12"))])
        #expect(longer.replacingPrefix(with: fresh, keepingAfter: 0).ids == ["13", "12", "11", "10", "9"])

        // The cache read again: an unchanged post is kept as it was, a changed one as it now is.
        var edited = Fixtures.post("12")
        edited.content = .plain("edited")
        let again = entries.keeping([.post(edited), .post(boost), .post(Fixtures.post("8"))])
        #expect(again.map(\.post) == [edited, boost, Fixtures.post("8")])
    }
}
