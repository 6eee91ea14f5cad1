import Foundation
@testable import Mastodon
import MicroblogKit
import ParlaBase
import ParlaPresentation
import TestSupport
import Testing

/// What Mastodon 4.x servers send, in the shapes they send it (from Mastodon's entity documentation:
/// Status, FilterResult, Quote, PreviewCard, CustomEmoji, Account, Notification, Report,
/// RelationshipSeveranceEvent, AccountWarning), decoded by the client and read by SpeechText.
enum RealShapes {
    /// "Now" for these tests: 2026-03-01 12:00 UTC; every fixture was posted five minutes before.
    static let now = Date(timeIntervalSince1970: 1_772_366_400)
    static let posted = "2026-03-01T11:55:00.000Z"

    static let blobCat = #"{"shortcode":"blob_cat","url":"https://example.social/system/custom_emojis/images/000/000/001/original/blob_cat.png","static_url":"https://example.social/system/custom_emojis/images/000/000/001/static/blob_cat.png","visible_in_picker":true,"category":"Blobs"}"#

    static func account(id: String = "109", username: String = "ana", displayName: String = "Ana :blob_cat:", locked: Bool = true,
                        bot: Bool = false, moved: String = "null", note: String? = nil, fields: String? = nil) -> String {
        let bio = note ?? #"<p>Poet. Writes with <span class=\"h-card\" translate=\"no\"><a href=\"https://other.example/@club\" class=\"u-url mention\">@<span>club</span></a></span>\u200b.</p>"#
        let profileFields = fields ?? #"[{"name":"Pronouns","value":"she/her","verified_at":null},{"name":"Web","value":"<a href=\"https://ana.example\" target=\"_blank\" rel=\"nofollow noopener me\" translate=\"no\"><span class=\"invisible\">https://</span><span class=\"\">ana.example</span><span class=\"invisible\"></span></a>","verified_at":"2025-01-01T00:00:00.000+00:00"}]"#
        return """
        {"id":"\(id)","username":"\(username)","acct":"\(username)","display_name":"\(displayName)","locked":\(locked),"bot":\(bot),
         "discoverable":true,"indexable":true,"group":false,"created_at":"2022-11-05T00:00:00.000Z","note":"\(bio)",
         "url":"https://example.social/@\(username)","uri":"https://example.social/users/\(username)",
         "avatar":"https://example.social/avatars/original/missing.png","avatar_static":"https://example.social/avatars/original/missing.png",
         "header":"https://example.social/headers/original/missing.png","header_static":"https://example.social/headers/original/missing.png",
         "followers_count":12,"following_count":7,"statuses_count":42,"last_status_at":"2026-02-28","hide_collections":false,"noindex":false,
         "emojis":[\(blobCat)],"roles":[],"fields":\(profileFields),"moved":\(moved)}
        """
    }

    static let bea = account(id: "110", username: "bea", displayName: "Bea", locked: false, note: "", fields: "[]")

    static func status(id: String, content: String, by author: String = account(), spoiler: String = "", sensitive: Bool = false,
                       media: String = "[]", poll: String = "null", card: String = "null", filtered: String? = nil,
                       quote: String? = nil, editedAt: String = "null", emojis: String = "[\(blobCat)]") -> String {
        let filteredField = filtered.map { #","filtered":\#($0)"# } ?? ""
        let quoteField = quote.map { #","quote":\#($0)"# } ?? ""
        return """
        {"id":"\(id)","created_at":"\(posted)","in_reply_to_id":null,"in_reply_to_account_id":null,"sensitive":\(sensitive),
         "spoiler_text":"\(spoiler)","visibility":"public","language":"en","uri":"https://example.social/users/ana/statuses/\(id)",
         "url":"https://example.social/@ana/\(id)","replies_count":0,"reblogs_count":0,"favourites_count":0,"edited_at":\(editedAt),
         "favourited":false,"reblogged":false,"muted":false,"bookmarked":false,"pinned":false,"content":"\(content)","reblog":null,
         "application":{"name":"Web","website":null},"account":\(author),"media_attachments":\(media),"mentions":[],"tags":[],
         "emojis":\(emojis),"card":\(card),"poll":\(poll)\(filteredField)\(quoteField)}
        """
    }

    static func filterResult(_ title: String, action: String) -> String {
        """
        [{"filter":{"id":"3","title":"\(title)","context":["home","public","thread"],"expires_at":null,"filter_action":"\(action)",
          "keywords":[{"id":"8","keyword":"finale","whole_word":true}],"statuses":[]},"keyword_matches":["finale"],"status_matches":[]}]
        """
    }

    static func image(_ id: String, _ description: String) -> String {
        #"{"id":"\#(id)","type":"image","url":"https://files.example.social/\#(id).png","preview_url":"https://files.example.social/\#(id)_small.png","remote_url":null,"text_url":null,"meta":{"original":{"width":640,"height":480}},"description":"\#(description)","blurhash":"UFBWY:8_0Jxv"}"#
    }

    static let card = #"{"url":"https://news.example/rivers","title":"Rivers are back","description":"A long read.","language":"en","type":"link","author_name":"","author_url":"","provider_name":"News Example","provider_url":"","html":"","width":400,"height":200,"image":null,"image_description":"","embed_url":"","blurhash":null,"published_at":null,"authors":[]}"#

    static let poll = #"{"id":"34","expires_at":"2026-03-01T14:00:00.000Z","expired":false,"multiple":false,"votes_count":0,"voters_count":0,"voted":false,"own_votes":[],"options":[{"title":"Herons","votes_count":null},{"title":"Egrets","votes_count":null}],"emojis":[]}"#

    static let link = #"<a href=\"https://news.example/rivers\" target=\"_blank\" rel=\"nofollow noopener\" translate=\"no\"><span class=\"invisible\">https://</span><span class=\"\">news.example/rivers</span><span class=\"invisible\"></span></a>"#

    /// Decodes a page of statuses as the client does.
    static func posts(_ statuses: [String]) async throws -> [Post] {
        let body = "[" + statuses.joined(separator: ",") + "]"
        return try await FixtureTransport { _ in .json(body) }.client().timeline(.home, page: .newest).items
    }

    static func notifications(_ items: [String]) async throws -> [MicroblogNotification] {
        let body = "[" + items.joined(separator: ",") + "]"
        // One by one, as a server without grouped notifications sends them (before Mastodon 4.3).
        return try await FixtureTransport { $0.url.path.hasPrefix("/api/v2/") ? .notFound : .json(body) }
            .client().notifications(page: .newest, kinds: nil).items
    }

    static func speech(_ language: Language = .english, readWarningBody: Bool = false, opened: Bool = false) -> SpeechText {
        SpeechText(localizer: TestLocalization.localizer(language), options: SpeechText.Options(readWarningBody: readWarningBody, opened: opened))
    }

    static func said(_ post: Post, _ speech: SpeechText = speech()) -> String {
        speech.present(post, template: .standard(.all), now: now).spoken
    }

    static func shown(_ post: Post, _ speech: SpeechText = speech()) -> String {
        speech.present(post, template: .standard(.all), now: now).display
    }
}

@Suite("Reading what real Mastodon servers send")
struct RealServerReadingTests {
    @Test("a filter that warns: 'Filtered: <title>', the body only when opened")
    func filterWarn() async throws {
        let post = try #require(try await RealShapes.posts([
            RealShapes.status(id: "1", content: "<p>The finale was wild</p>", filtered: RealShapes.filterResult("Spoilers", action: "warn")),
        ]).first)
        #expect(post.filterMatches == [FilterMatch(title: "Spoilers", action: .warn)])
        #expect(RealShapes.said(post) == "Ana: Filtered: Spoilers. 5 minutes ago.")
        #expect(RealShapes.shown(post) == "Filtered: Spoilers")
        // Reading bodies behind content warnings is not enough: the user filtered this one.
        #expect(RealShapes.said(post, RealShapes.speech(readWarningBody: true)) == "Ana: Filtered: Spoilers. 5 minutes ago.")
        #expect(RealShapes.said(post, RealShapes.speech(opened: true)) == "Ana: Filtered: Spoilers. The finale was wild. 5 minutes ago.")
        #expect(RealShapes.shown(post, RealShapes.speech(.spanish)) == "Filtrada: Spoilers")
        #expect(RealShapes.shown(post, RealShapes.speech(.catalan)) == "Filtrada: Spoilers")
    }

    @Test("a filter that hides: the post is decoded but marked hidden")
    func filterHide() async throws {
        let posts = try await RealShapes.posts([
            RealShapes.status(id: "2", content: "<p>Finale talk</p>", filtered: RealShapes.filterResult("Spoilers", action: "hide")),
            RealShapes.status(id: "1", content: "<p>Morning</p>", filtered: "[]"),
        ])
        #expect(posts.map(\.id) == ["2", "1"])
        #expect(posts.map(\.isHiddenByFilter) == [true, false])
    }

    @Test("a content warning hides media, poll, quote and link preview until opened")
    func warningHidesEverything() async throws {
        let quote = #"{"state":"accepted","quoted_status":\#(RealShapes.status(id: "9", content: "<p>Herons!</p>", by: RealShapes.bea, emojis: "[]"))}"#
        let post = try #require(try await RealShapes.posts([
            RealShapes.status(id: "3", content: "<p>Look: \(RealShapes.link)</p>", spoiler: "Birds :blob_cat:", sensitive: true,
                              media: "[\(RealShapes.image("m1", "A heron in a pond"))]", poll: RealShapes.poll, card: RealShapes.card, quote: quote),
        ]).first)
        #expect(RealShapes.said(post) == "Ana: Content warning: Birds blob cat. 5 minutes ago.")
        #expect(RealShapes.shown(post) == "Content warning: Birds blob cat")
        let opened = RealShapes.speech(readWarningBody: true)
        #expect(RealShapes.said(post, opened) == "Ana: Content warning: Birds blob cat. Look: link to news.example. "
            + "Quoting Bea: Herons! Link: Rivers are back, News Example. Image: A heron in a pond. "
            + "Poll: Herons; Egrets. Closes in 2 hours. 5 minutes ago.")
        #expect(RealShapes.shown(post, opened) == "Content warning: Birds blob cat\n\nLook: news.example/rivers\n\n[Quoting Bea: Herons!]\n\n"
            + "[Link: Rivers are back, News Example]\n\n[Image: A heron in a pond]\n\nPoll: Herons · Egrets · Closes in 2 hours")
    }

    @Test("sensitive media without a warning: 'Sensitive media', descriptions only when opened")
    func sensitiveMedia() async throws {
        let post = try #require(try await RealShapes.posts([
            RealShapes.status(id: "4", content: "<p>Pond life</p>", sensitive: true,
                              media: "[\(RealShapes.image("m1", "A heron")),\(RealShapes.image("m2", "A frog"))]"),
        ]).first)
        #expect(RealShapes.said(post) == "Ana: Pond life. Sensitive media, 2 attachments. 5 minutes ago.")
        #expect(RealShapes.shown(post) == "Pond life\n\n[Sensitive media, 2 attachments]")
        #expect(RealShapes.said(post, RealShapes.speech(opened: true)) == "Ana: Pond life. Image: A heron. Image: A frog. 5 minutes ago.")
        #expect(RealShapes.said(post, RealShapes.speech(.spanish)) == "Ana: Pond life. Contenido sensible, 2 adjuntos. hace 5 minutos.")
    }

    @Test("quotes: 'Quoting <author>: <text>', or why the quoted post is not shown, for every state")
    func quotes() async throws {
        let accepted = #"{"state":"accepted","quoted_status":\#(RealShapes.status(id: "9", content: "<p>Spring is here</p>", by: RealShapes.bea, emojis: "[]"))}"#
        var statuses = [RealShapes.status(id: "20", content: "<p>So true!</p>", quote: accepted)]
        let states = ["pending", "rejected", "revoked", "deleted", "unauthorized", "blocked_account", "blocked_domain", "muted_account", "teleported"]
        for (index, state) in states.enumerated() {
            statuses.append(RealShapes.status(id: String(19 - index), content: "<p>So true!</p>", quote: #"{"state":"\#(state)","quoted_status":null}"#))
        }
        let posts = try await RealShapes.posts(statuses)
        #expect(posts.count == 10)
        #expect(posts[0].quote?.state == .accepted)
        #expect(posts[0].quote?.post?.value.account.name == "Bea")
        #expect(RealShapes.said(posts[0]) == "Ana: So true! Quoting Bea: Spring is here. 5 minutes ago.")
        #expect(RealShapes.shown(posts[0]) == "So true!\n\n[Quoting Bea: Spring is here]")
        #expect(posts.dropFirst().map { RealShapes.said($0) } == [
            "Ana: So true! Quoted post awaiting its author's approval. 5 minutes ago.",
            "Ana: So true! Quoted post not shown: its author declined the quote. 5 minutes ago.",
            "Ana: So true! Quoted post not shown: its author withdrew permission. 5 minutes ago.",
            "Ana: So true! Quoted post deleted. 5 minutes ago.",
            "Ana: So true! Quoted post not shown: you may not see it. 5 minutes ago.",
            "Ana: So true! Quoted post not shown: you blocked its author. 5 minutes ago.",
            "Ana: So true! Quoted post not shown: you blocked its server. 5 minutes ago.",
            "Ana: So true! Quoted post not shown: you muted its author. 5 minutes ago.",
            "Ana: So true! Quoted post not available. 5 minutes ago.",
        ])
        #expect(RealShapes.said(posts[0], RealShapes.speech(.catalan)) == "Ana: So true! Citant Bea: Spring is here. fa 5 minuts.")
    }

    @Test("an edited post says 'edited' after its time")
    func edited() async throws {
        let post = try #require(try await RealShapes.posts([
            RealShapes.status(id: "5", content: "<p>Fixed the typo</p>", editedAt: #""2026-03-01T11:58:00.000Z""#),
        ]).first)
        #expect(post.editedAt == Date(timeIntervalSince1970: 1_772_366_280))
        #expect(RealShapes.said(post) == "Ana: Fixed the typo. 5 minutes ago, edited.")
        #expect(RealShapes.said(post, RealShapes.speech(.spanish)) == "Ana: Fixed the typo. hace 5 minutos, editada.")
    }

    @Test("link cards: title and site; custom emoji as words; zero-width characters neither said nor shown")
    func cardsEmojiAndZeroWidth() async throws {
        let posts = try await RealShapes.posts([
            RealShapes.status(id: "7", content: "<p>Read \(RealShapes.link)</p>", card: RealShapes.card),
            RealShapes.status(id: "6", content: #"<p>Hello :blob_cat: friends\u200b!\u2060 Time: 10:30:00 :not_listed:</p>"#),
        ])
        #expect(RealShapes.said(posts[0]) == "Ana: Read link to news.example. Link: Rivers are back, News Example. 5 minutes ago.")
        #expect(RealShapes.shown(posts[0]) == "Read news.example/rivers\n\n[Link: Rivers are back, News Example]")
        #expect(RealShapes.said(posts[1]) == "Ana: Hello blob cat friends! Time: 10:30:00 :not_listed: 5 minutes ago.")
        #expect(RealShapes.shown(posts[1]) == "Hello blob cat friends! Time: 10:30:00 :not_listed:")
        #expect(posts[1].account.emojis?.map(\.shortcode) == ["blob_cat"])
    }

    @Test("profiles: bot, locked, moved, bio and fields, each said once; a mention's server kept")
    func profiles() async throws {
        let json = RealShapes.account(moved: RealShapes.account(id: "111", username: "ana2", displayName: "Ana", locked: false, note: "", fields: "[]"))
        let account = try #require(try await FixtureTransport { _ in .json(json) }.client().account(id: "109"))
        #expect(account.locked)
        #expect(account.moved?.value.acct == "ana2")
        #expect(account.fields.map(\.name) == ["Pronouns", "Web"])
        let presented = RealShapes.speech().present(account, level: .full)
        #expect(presented.spoken == "Ana, @ana. Approves followers, has moved to @ana2. Poet. Writes with @club at other.example. "
            + "Pronouns: she/her. Web: link to ana.example. 42 posts, 12 followers, following 7.")
        #expect(presented.display == "Approves followers, has moved to @ana2\n\nPoet. Writes with @club@other.example.\n\nPronouns: she/her\n\nWeb: ana.example")
        let bot = try await FixtureTransport { _ in .json(RealShapes.account(username: "news", displayName: "News bot", locked: false, bot: true, note: "", fields: "[]")) }
            .client().account(id: "109")
        #expect(RealShapes.speech(.spanish).present(bot, level: .full).spoken == "News bot, @news. Cuenta automatizada. 42 publicaciones, 12 seguidores, sigue a 7.")
    }

    @Test("every notification type Mastodon 4.5 sends is a sentence; an unknown one is said as such")
    func notifications() async throws {
        func notification(_ id: String, _ type: String, account: String = RealShapes.bea, status: String = "null", extra: String = "") -> String {
            #"{"id":"\#(id)","type":"\#(type)","created_at":"\#(RealShapes.posted)","group_key":"ungrouped-\#(id)","account":\#(account),"status":\#(status)\#(extra)}"#
        }
        let carl = RealShapes.account(id: "120", username: "carl", displayName: "Carl", locked: false, note: "", fields: "[]")
        let dan = RealShapes.account(id: "121", username: "dan", displayName: "Dan", locked: false, note: "", fields: "[]")
        let quoting = RealShapes.status(id: "30", content: "<p>Well said</p>", by: RealShapes.bea,
                                        quote: #"{"state":"accepted","quoted_status":\#(RealShapes.status(id: "29", content: "<p>Rivers matter</p>"))}"#, emojis: "[]")
        let items = [
            notification("11", "admin.sign_up", account: carl),
            notification("10", "admin.report", account: carl, extra: #","report":{"id":"4","action_taken":false,"action_taken_at":null,"category":"spam","comment":"","forwarded":false,"created_at":"\#(RealShapes.posted)","status_ids":null,"rule_ids":null,"target_account":\#(dan)}"#),
            notification("9", "severed_relationships", account: RealShapes.account(), extra: #","event":{"id":"2","type":"domain_block","purged":false,"target_name":"bad.example","followers_count":2,"following_count":1,"created_at":"\#(RealShapes.posted)"}"#),
            notification("8", "moderation_warning", account: RealShapes.account(), extra: #","moderation_warning":{"id":"5","action":"silence","text":"Please stop.","status_ids":[],"target_account":\#(RealShapes.account()),"appeal":null,"created_at":"\#(RealShapes.posted)"}"#),
            notification("7", "quote", status: quoting),
            notification("6", "quoted_update", status: RealShapes.status(id: "31", content: "<p>Rivers matter a lot</p>", by: RealShapes.bea, editedAt: #""2026-03-01T11:56:00.000Z""#, emojis: "[]")),
            notification("5", "annual_report", account: RealShapes.account(), extra: #","annual_report":{"year":2025}"#),
            notification("4", "hologram.beam", account: carl),
            notification("3", "follow", account: carl),
        ]
        let decoded = try await RealShapes.notifications(items)
        #expect(decoded.map(\.kind) == [NotificationKind.adminSignUp, .adminReport, .severedRelationships, .moderationWarning, .quote, .quotedUpdate, .annualReport,
                                        .unknown("hologram.beam"), .follow])
        let speech = RealShapes.speech()
        #expect(decoded.map { speech.present($0, now: RealShapes.now).spoken } == [
            "Carl signed up. 5 minutes ago",
            "Carl reported Dan for spam. 5 minutes ago",
            "Your server blocked bad.example: you lost 2 followers and 1 account you followed. 5 minutes ago",
            "The moderators acted on your account: your account was limited. Their message: Please stop. 5 minutes ago",
            "Bea quoted your post: Well said. Quoting Ana: Rivers matter. 5 minutes ago",
            "Bea edited a post you quoted: Rivers matter a lot. 5 minutes ago",
            "Your 2025 year in review is ready. 5 minutes ago",
            "Carl sent a notification of a kind Parla does not know: hologram.beam. 5 minutes ago",
            "Carl follows you. 5 minutes ago",
        ])
        let spanish = RealShapes.speech(.spanish)
        #expect(spanish.present(decoded[2], now: RealShapes.now).spoken
            == "Tu servidor ha bloqueado bad.example: has perdido 2 seguidores y 1 cuenta que seguías. hace 5 minutos")
    }

    @Test("time in words, or the date and time in the language's format")
    func timeInWords() async throws {
        let post = try #require(try await RealShapes.posts([RealShapes.status(id: "8", content: "<p>Tea</p>")]).first)
        let utc = TimeZone(identifier: "UTC")!
        let absolute = SpeechText(localizer: TestLocalization.localizer(.english), options: SpeechText.Options(timeDisplay: .absolute, timeZone: utc))
        #expect(RealShapes.said(post, absolute) == "Ana: Tea. Mar 1, 2026 at 11:55 AM.")
        let spanish = SpeechText(localizer: TestLocalization.localizer(.spanish), options: SpeechText.Options(timeDisplay: .absolute, timeZone: utc))
        #expect(spanish.time(post.createdAt, now: RealShapes.now).spoken == "1 mar 2026, 11:55")
        let relative = RealShapes.speech()
        #expect(relative.time(RealShapes.now.addingTimeInterval(-5 * 3600), now: RealShapes.now).spoken == "5 hours ago")
    }
}
