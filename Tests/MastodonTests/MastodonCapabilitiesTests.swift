import Foundation
import LocalInstance
@testable import Mastodon
import MicroblogKit
import Testing

/// The Mastodon client says what Mastodon has, refined by what the server's instance states once asked.
@Suite struct MastodonCapabilitiesTests {
    @Test func mastodonCapabilitiesComeFromTheServersInstanceOnceItAnswered() async throws {
        try await withMastodon { h in
            // Before the server is asked: Mastodon's own.
            #expect(h.client.capabilities == .mastodon)
            let info = try await h.client.instance()
            let capabilities = h.client.capabilities
            #expect(capabilities == info.capabilities)
            #expect(capabilities.network == .mastodon)
            #expect(capabilities.maxCharacters == info.maxCharacters)
            #expect(capabilities.maxImages == info.maxMediaAttachments)
            #expect(capabilities.maxPollOptions == info.maxPollOptions)
            #expect(capabilities.has(.streaming) == (info.streamingURL != nil))
            #expect(capabilities.visibilities == [.public, .unlisted, .private, .direct])
            #expect(capabilities.has(.polls) && capabilities.has(.edit) && capabilities.has(.bookmarks) && !capabilities.has(.customFeeds))
        }
    }
}
