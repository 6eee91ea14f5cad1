import MicroblogKit
import Testing

/// Issue 26, item 19: a post's length counted as Mastodon counts it, so line mode refuses what the server would.
@Suite struct PostLengthTests {
    @Test func issue26LinksCountAs23AndRemoteMentionsAsTheNameAlone() {
        let link = "https://example.org/" + String(repeating: "p", count: 200)
        #expect(PostLength.counted(text: "@ana@example.org hi \(link)") == "@ana hi ".count + 23)
        #expect(PostLength.counted(text: "see http://a.b/c.") == "see ".count + 23 + 1)
        // An address is not a mention, and a local mention counts whole.
        #expect(PostLength.counted(text: "mail ana@example.org or @bob") == 28)
        #expect(PostLength.counted(text: "héllo 👨‍👩‍👧", spoilerText: "cw") == 2 + 7)
    }

    @Test func issue26OverTellsHowManyCharactersTooMany() {
        #expect(PostLength.over(NewPost(text: String(repeating: "a", count: 500)), limit: 500) == nil)
        #expect(PostLength.over(NewPost(text: String(repeating: "a", count: 498), spoilerText: "abc"), limit: 500) == 1)
    }
}
