import Foundation
import Mastodon
import MicroblogKit
import ParlaBase
import ParlaPresentation
import TestSupport
import Testing

/// The fixed "now" of the SpeechText tests: 2026-03-01 12:00 UTC.
let speechNow = Date(timeIntervalSince1970: 1_772_366_400)

let anaAccount = Account(id: "1", acct: "ana", username: "ana", displayName: "Ana García", note: RichText(html: "<p>Reads <b>poetry</b> aloud.</p>"),
                         url: "https://example.social/@ana", followersCount: 12, followingCount: 7, postsCount: 42)
let beaAccount = Account(id: "2", acct: "bea@other.example", username: "bea", displayName: "Bea 🌸", url: "https://other.example/@bea",
                         followersCount: 1, followingCount: 0, postsCount: 1)
let anaMention = Mention(id: "1", username: "ana", acct: "ana", url: "https://example.social/@ana")
let beaMention = Mention(id: "2", username: "bea", acct: "bea@other.example", url: "https://other.example/@bea")

/// Mastodon's mention markup.
func mentionHTML(_ name: String, _ url: String) -> String {
    #"<span class="h-card" translate="no"><a href="\#(url)" class="u-url mention">@<span>\#(name)</span></a></span>"#
}

/// Mastodon's hashtag markup.
func hashtagHTML(_ tag: String) -> String {
    #"<a href="https://example.social/tags/\#(tag.lowercased())" class="mention hashtag" rel="tag">#<span>\#(tag)</span></a>"#
}

/// Mastodon's link markup with the invisible scheme and the ellipsis.
let longLinkHTML = #"<a href="https://www.example.com/a/very/long/path/to/a/page.html" rel="nofollow noopener noreferrer" translate="no" target="_blank">"#
    + #"<span class="invisible">https://www.</span><span class="ellipsis">example.com/a/very/long/path/t</span><span class="invisible">o/a/page.html</span></a>"#

func samplePost(
    _ html: String, by author: Account = anaAccount, minutesAgo: Double = 5, language: String? = "en", spoiler: String = "",
    media: [MediaAttachment] = [], mentions: [Mention] = [], poll: Poll? = nil, inReplyTo: String? = nil, replyAccount: String? = nil,
    replies: Int = 0, boosts: Int = 0, favourites: Int = 0
) -> Post {
    Post(id: "100", createdAt: speechNow.addingTimeInterval(-60 * minutesAgo), account: author, content: RichText(html: html), spoilerText: spoiler,
         language: language, inReplyToId: inReplyTo, inReplyToAccountId: replyAccount, media: media, mentions: mentions, poll: poll,
         repliesCount: replies, reblogsCount: boosts, favouritesCount: favourites)
}

func speechText(_ language: Language = .english, links: SpeechText.LinkDisplay = .short, readWarningBody: Bool = false) -> SpeechText {
    SpeechText(localizer: TestLocalization.localizer(language), options: SpeechText.Options(linkDisplay: links, readWarningBody: readWarningBody))
}

/// One golden post: what the text label shows and what is said with the default full template.
struct Golden: Sendable, CustomTestStringConvertible {
    var name: String
    var post: Post
    var display: String
    var spoken: String
    var language: Language = .english
    var links: SpeechText.LinkDisplay = .short
    var readWarningBody = false
    var level: PostTemplate.Level = .all

    var testDescription: String { name }
}

/// Segments as `[lang]text` (`[-]` for the interface's voice), joined: which voice says each word.
func voiced(_ segments: [SpeechText.Segment]) -> String {
    segments.map { "[\($0.language ?? "-")]\($0.text)" }.joined()
}
