import Foundation
@testable import LocalInstance
import MastodonAPI
import Testing

/// Issue 26, item 23: `parla serve` had no `GET /api/v1/preferences`, which Mastodon.py's `preferences()` calls.
@Suite struct PreferencesTests {
    @Test func issue26PreferencesAnswerTheOwnersPostingDefaultsAsMastodonDoes() async throws {
        try await withInstance { _, http in
            let reply = try await http.get("/api/v1/preferences")
            #expect(reply.status == 200)
            #expect(String(decoding: reply.body, as: UTF8.self) == #"""
                {"posting:default:visibility":"public","posting:default:sensitive":false,"posting:default:language":"en",\#
                "reading:expand:media":"default","reading:expand:spoilers":false}
                """#)
            // The posting language is the account's own: what update_credentials sets, preferences answer.
            let changed = try await http.call(API.Accounts.updateCredentials(form: [("source[language]", "ca")]))
            #expect(changed.status == 200)
            let after = try await http.get("/api/v1/preferences")
            #expect(after.object["posting:default:language"] as? String == "ca")
            #expect(after.object["posting:default:visibility"] as? String == (changed.object["source"] as? [String: Any])?["privacy"] as? String)
            var anonymous = http
            anonymous.token = nil
            #expect(try await anonymous.get("/api/v1/preferences").status == 401)
        }
    }
}
