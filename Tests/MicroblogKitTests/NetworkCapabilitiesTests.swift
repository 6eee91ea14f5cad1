import Foundation
import MicroblogKit
import ParlaBase
import TestSupport
import Testing

/// What each network has, and the one sentence that answers what it lacks.
@Suite struct NetworkCapabilitiesTests {
    @Test func mastodonCapabilitiesFollowTheLimitsItsServerStates() {
        var info = InstanceInfo(
            domain: "big.example", title: "Big", version: "4.3.0", maxCharacters: 5_000, maxMediaAttachments: 8, maxPollOptions: 10,
            streamingURL: "wss://big.example")
        var capabilities = info.capabilities
        #expect(capabilities.network == .mastodon)
        #expect(capabilities.maxCharacters == 5_000)
        #expect(capabilities.maxImages == 8)
        #expect(capabilities.maxPollOptions == 10)
        #expect(capabilities.has(.streaming))
        #expect(capabilities.visibilities == [.public, .unlisted, .private, .direct])
        #expect(!capabilities.altTextRequired)
        #expect(capabilities.lengthCounting == .mastodon)
        #expect(!capabilities.has(.customFeeds))
        #expect(Set(NetworkCapabilities.Feature.allCases).subtracting(capabilities.features) == [.customFeeds])

        // A server that names no streaming address is polled.
        info.streamingURL = nil
        capabilities = info.capabilities
        #expect(!capabilities.has(.streaming))
    }

    @Test func blueskyHasNoPollsEditsOrWrittenWarningsAndOnlyPublicPosts() {
        let bluesky = NetworkCapabilities.bluesky
        #expect(bluesky.features == [.bookmarks, .lists, .directMessages, .customFeeds, .quotes, .muteConversations, .reports, .reactionLists, .pinnedPosts])
        #expect(bluesky.visibilities == [.public])
        #expect(bluesky.maxCharacters == 300)
        #expect(bluesky.lengthCounting == .graphemes)
        #expect(bluesky.maxImages == 4)
        #expect(bluesky.altTextRequired)
    }

    @Test func whatANetworkLacksIsOneSentenceNamingItInEveryLanguage() {
        let polls = FeatureUnavailable(.feature(.polls), network: .bluesky)
        #expect(polls.message(TestLocalization.localizer(.english)) == "Bluesky has no polls.")
        #expect(polls.message(TestLocalization.localizer(.spanish)) == "Bluesky no tiene encuestas.")
        #expect(polls.message(TestLocalization.localizer(.catalan)) == "Bluesky no té enquestes.")
        let unlisted = FeatureUnavailable(.visibility(.unlisted), network: .bluesky)
        #expect(unlisted.message(TestLocalization.localizer(.english)) == "Bluesky has no unlisted posts.")
        #expect(FeatureUnavailable.exitCode == 64)
    }

    @Test func everyFeatureAndVisibilityHasItsSentenceInEveryLanguage() {
        for language in [Language.english, .spanish, .catalan] {
            let localizer = TestLocalization.localizer(language)
            let missing = NetworkCapabilities.Feature.allCases.map(FeatureUnavailable.Missing.feature)
                + Visibility.known.map(FeatureUnavailable.Missing.visibility)
            for what in missing {
                let sentence = FeatureUnavailable(what, network: .bluesky).message(localizer)
                #expect(sentence.hasPrefix("Bluesky ") && sentence.hasSuffix("."), "\(language) \(what): \(sentence)")
            }
        }
    }

    @Test func aPostIsCheckedForWhatTheNetworkLacksPollFirst() {
        var post = NewPost(text: "Which?", spoilerText: "cw", visibility: .unlisted, pollOptions: ["a", "b"])
        #expect(throws: FeatureUnavailable(.feature(.polls), network: .bluesky)) { try NetworkCapabilities.bluesky.require(offering: post) }
        post.pollOptions = []
        #expect(throws: FeatureUnavailable(.feature(.contentWarnings), network: .bluesky)) {
            try NetworkCapabilities.bluesky.require(offering: post)
        }
        post.spoilerText = ""
        #expect(throws: FeatureUnavailable(.visibility(.unlisted), network: .bluesky)) { try NetworkCapabilities.bluesky.require(offering: post) }
        post.visibility = .public
        #expect(throws: Never.self) { try NetworkCapabilities.bluesky.require(offering: post) }
        #expect(throws: Never.self) { try NetworkCapabilities.mastodon.require(offering: NewPost(text: "x", spoilerText: "cw", visibility: .unlisted)) }
    }

    @Test func blueskyLacksTheLocalTimelineButReadsHomeAndLists() {
        #expect(throws: FeatureUnavailable(.feature(.localTimeline), network: .bluesky)) {
            try NetworkCapabilities.bluesky.require(reading: .local)
        }
        #expect(throws: FeatureUnavailable(.visibility(.direct), network: .bluesky)) { try NetworkCapabilities.bluesky.require(reading: .direct) }
        #expect(throws: Never.self) { try NetworkCapabilities.bluesky.require(reading: .link(url: "https://example.com")) }
        #expect(throws: Never.self) { try NetworkCapabilities.mastodon.require(reading: .direct) }
        #expect(throws: Never.self) { try NetworkCapabilities.bluesky.require(reading: .home) }
        #expect(throws: Never.self) { try NetworkCapabilities.bluesky.require(reading: .list(id: "1")) }
    }

    @Test func blueskyCountsGraphemesAndMastodonCountsLinksAs23() {
        let text = "Olé 👍🏽 https://example.com/a/very/long/address/indeed"
        #expect(NetworkCapabilities.bluesky.length(text: text) == text.count)
        #expect(NetworkCapabilities.bluesky.length(text: "ñ👍🏽") == 2)
        #expect(NetworkCapabilities.mastodon.length(text: text) == 6 + 23)
        #expect(NetworkCapabilities.bluesky.over(NewPost(text: String(repeating: "é", count: 301))) == 1)
        #expect(NetworkCapabilities.mastodon.over(NewPost(text: String(repeating: "é", count: 301))) == nil)
    }
}
