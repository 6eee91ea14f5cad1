import Foundation
import MicroblogKit
import ParlaEngine
import Testing

/// Issue 20: a server's `acct` was the local account name (AccountStore.swift:30) — a second server
/// claiming `user0@first-server` replaced the first account's token; a 250-character `acct` made an
/// account unusable; two logins at once lost an account (no lock).
@Suite struct AccountStoreHostileTests {
    private func store() -> AccountStore { AccountStore(configDirectory: temporaryFolder()) }

    private func account(_ acct: String, server: String, token: String) -> StoredAccount {
        let url = URL(string: server)!
        return StoredAccount(name: StoredAccount.name(acct: acct, server: url), server: server, acct: acct, token: token, addedAt: Date())
    }

    @Test func issue20ASecondServerClaimingAnotherAccountsNameGetsItsOwn() throws {
        let store = store()
        try store.add(account("user0", server: "https://first.example", token: "first-token"))
        let claimed = try store.add(account("user0@first.example", server: "https://second.example", token: "second-token"))
        #expect(claimed.name == "user0@second.example")
        let accounts = try store.load()
        #expect(accounts.map(\.name) == ["user0@first.example", "user0@second.example"])
        #expect(accounts.first?.token == "first-token")
    }

    @Test func issue20AnAccountOfTheSameNameOnAnotherServerIsNeverReplaced() throws {
        let store = store()
        try store.add(account("ana", server: "https://h.example", token: "one"))
        let other = try store.add(account("ana", server: "http://h.example", token: "two"))
        #expect(other.name == "ana@h.example-2")
        // Logging in again to the same server renews the token of the same account.
        try store.add(account("ana", server: "https://h.example", token: "renewed"))
        #expect(try store.load().map { "\($0.name) \($0.token)" } == ["ana@h.example renewed", "ana@h.example-2 two"])
    }

    @Test func issue20ALongOrHostileAcctMakesAShortCleanName() {
        let long = String(repeating: "a", count: 250) + "@x.example"
        #expect(StoredAccount.name(acct: long, server: URL(string: "https://h.example")!) == String(repeating: "a", count: 64) + "@h.example")
        #expect(StoredAccount.name(acct: "\u{1B}]0;PWNED\u{07}eve\u{200B} x", server: URL(string: "http://127.0.0.1:9")!) == "evex@127.0.0.1:9")
        #expect(StoredAccount.name(acct: "", server: URL(string: "https://h.example")!) == "user@h.example")
    }

    @Test func issue20ParallelLoginsKeepEveryAccount() async throws {
        let store = store()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<24 {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        Thread.detachNewThread {
                            _ = try? store.add(account("user\(index)", server: "https://h.example", token: "t\(index)"))
                            continuation.resume()
                        }
                    }
                }
            }
        }
        #expect(try store.load().count == 24)
    }
}
