import Foundation
import MicroblogKit
import ParlaEngine
import Testing

/// Each stored account records its network; files written before networks were recorded are read as Mastodon's.
@Suite struct StoredAccountNetworkTests {
    @Test func anAccountsFileWrittenBeforeNetworksWereKeptReadsAsMastodon() throws {
        let folder = temporaryFolder()
        let store = AccountStore(configDirectory: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let old = """
            {"version": 1, "accounts": [{"name": "ana@h.example", "server": "https://h.example", "acct": "ana",
              "token": "secret", "addedAt": "2026-03-01T12:00:00Z"}]}
            """
        try Data(old.utf8).write(to: store.file)
        let accounts = try store.load()
        #expect(accounts.map(\.name) == ["ana@h.example"])
        #expect(accounts.map(\.network) == [.mastodon])
        #expect(accounts.map(\.token) == ["secret"])
    }

    @Test func anAccountKeepsItsNetworkWhenSavedAndReadAgain() throws {
        let store = AccountStore(configDirectory: temporaryFolder())
        try store.add(StoredAccount(
            name: "ana@bsky.example", server: "https://bsky.example", acct: "ana.bsky.example", token: "t", addedAt: Date(timeIntervalSince1970: 0),
            network: .bluesky))
        try store.add(StoredAccount(name: "ana@h.example", server: "https://h.example", acct: "ana", token: "u", addedAt: Date(timeIntervalSince1970: 0)))
        #expect(try store.load().map(\.network) == [.bluesky, .mastodon])
        let written = try String(contentsOf: store.file, encoding: .utf8)
        #expect(written.contains(#""network" : "bluesky""#))
    }
}
