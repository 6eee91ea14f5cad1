import Bluesky
import Foundation
import Mastodon
import MicroblogKit
import ParlaEngine

extension LoginFlow {
    /// Makes a Bluesky session once (`createSession` with the handle and an app password, on the handle's own
    /// server) and stores the account: the session as its secret, the network as `bluesky`, the server as
    /// the account's PDS, the name as `handle@server-typed`.
    ///
    /// - Throws: ``MicroblogError/unauthorized`` for a wrong handle or app password (nothing is stored).
    public func loginBluesky(server: String, handle: String, appPassword: String) async throws -> StoredAccount {
        let url = try BlueskyLogin.serverURL(from: server)
        let transport = AsyncHTTPTransport()
        do {
            let session = try await BlueskyLogin.login(server: url, handle: handle, appPassword: appPassword, transport: transport)
            try? await transport.shutdown()
            let account = StoredAccount(
                name: StoredAccount.name(acct: session.handle, server: url), server: session.service, acct: session.handle,
                token: session.stored, addedAt: Date(), network: .bluesky)
            return try store.add(account)
        } catch {
            try? await transport.shutdown()
            throw error
        }
    }

    /// Whether the server answers as a Bluesky server (`com.atproto.server.describeServer`).
    public func isBlueskyServer(_ server: String) async -> Bool {
        guard let url = try? BlueskyLogin.serverURL(from: server) else { return false }
        let transport = AsyncHTTPTransport()
        let answer = await BlueskyLogin.isBlueskyServer(url, transport: transport)
        try? await transport.shutdown()
        return answer
    }
}
