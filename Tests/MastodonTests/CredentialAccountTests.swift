import Foundation
@testable import Mastodon
import MicroblogKit
import ParlaBase
import Testing

/// `verify_credentials` answers a CredentialAccount: the account plus `source`, whose `language` is the
/// user's default posting language (null when unset), as Mastodon's entity documentation describes it.
@Suite struct CredentialAccountTests {
    static func credential(language: String) -> String {
        #"{"id":"109","username":"marta","acct":"marta","display_name":"Marta Puig","locked":false,"bot":false,"#
            + #""created_at":"2023-01-02T00:00:00.000Z","note":"<p>Hola</p>","url":"https://example.social/@marta","#
            + #""followers_count":5,"following_count":7,"statuses_count":31,"fields":[],"emojis":[],"#
            + #""source":{"privacy":"public","sensitive":false,"language":\#(language),"note":"Hola","fields":[],"follow_requests_count":0}}"#
    }

    @Test func thePostingLanguageComesFromSource() async throws {
        let transport = FixtureTransport { _ in .json(Self.credential(language: #""ca""#)) }
        let me = try await transport.client().currentAccount()
        #expect(me.acct == "marta")
        #expect(me.postingLanguage == "ca")
    }

    @Test func aNullOrMissingLanguageLeavesItUnknown() async throws {
        let unset = FixtureTransport { _ in .json(Self.credential(language: "null")) }
        #expect(try await unset.client().currentAccount().postingLanguage == nil)
        let plain = FixtureTransport { _ in .json(accountJSON) }
        #expect(try await plain.client().currentAccount().postingLanguage == nil)
    }
}
