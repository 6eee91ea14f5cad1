import Foundation
import Mastodon
import MicroblogKit
import ParlaBase
import ParlaEngine

/// Adds accounts: from a token the user made, or through Mastodon's out-of-band OAuth flow.
public struct LoginFlow: Sendable {
    public let store: AccountStore
    public let localizer: Localizer

    public init(store: AccountStore, localizer: Localizer) {
        self.store = store
        self.localizer = localizer
    }

    /// Checks the token with the server and stores the account.
    public func login(server: String, token: String) async throws -> StoredAccount {
        let url = try MastodonClient.serverURL(from: server)
        let transport = AsyncHTTPTransport()
        do {
            let account = try await save(server: url, token: token, transport: transport)
            try? await transport.shutdown()
            return account
        } catch {
            try? await transport.shutdown()
            throw error
        }
    }

    /// Registers Parla with the server, hands the user the address to approve it (`ask` shows and
    /// says the instruction and returns the code the user pasted), exchanges the code and stores the account.
    public func login(server: String, ask: @Sendable (String) -> String?) async throws -> StoredAccount {
        let url = try MastodonClient.serverURL(from: server)
        let transport = AsyncHTTPTransport()
        do {
            let app = try await MastodonOAuth.registerApp(server: url, transport: transport)
            let address = MastodonOAuth.authorizeURL(server: url, app: app)
            let instruction = localizer.string("engine.oauth.open", ["url": address.absoluteString]) + " " + localizer.string("engine.oauth.code")
            guard let code = ask(instruction)?.trimmingCharacters(in: .whitespacesAndNewlines), !code.isEmpty else {
                throw LineCommandError.noCode
            }
            let token = try await MastodonOAuth.exchange(code: code, server: url, app: app, transport: transport)
            let account = try await save(server: url, token: token, transport: transport)
            try? await transport.shutdown()
            return account
        } catch {
            try? await transport.shutdown()
            throw error
        }
    }

    private func save(server: URL, token: String, transport: any HTTPTransport) async throws -> StoredAccount {
        let me = try await MastodonOAuth.verify(server: server, token: token, transport: transport)
        let account = StoredAccount(
            name: StoredAccount.name(acct: me.acct, server: server), server: server.absoluteString, acct: me.acct, token: token, addedAt: Date())
        return try store.add(account)
    }
}
