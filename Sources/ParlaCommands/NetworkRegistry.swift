import Bluesky
import Foundation
import Mastodon
import MicroblogKit
import ParlaEngine

/// How each network's service is made from a stored account: the one place that knows which module
/// speaks to which network. Account opening goes through it; nothing else names a network's client.
public struct NetworkRegistry: Sendable {
    /// What a network's service is made from.
    public struct Parts: Sendable {
        /// The account as stored (the embedded instance's owner for `local`).
        public let account: StoredAccount
        /// The HTTP transport every account of the process shares.
        public let transport: AsyncHTTPTransport
        /// The account's rate-limit budget (saved in its folder).
        public let budget: RateLimitBudget
        /// How long a request may wait for the budget before it fails.
        public let maxWait: Duration
        /// `DATA/accounts/<name>`: the account's own files.
        public let folder: URL
        /// Stores the account's secret again when the network renews it (a Bluesky session after
        /// `refreshSession`); nil where nothing keeps it (a test's account).
        public var secretRenewed: (@Sendable (String) -> Void)? = nil
    }

    /// Makes a network's service from the account's parts.
    public typealias Maker = @Sendable (Parts) throws -> any TimelineService

    private let makers: [Network: Maker]

    /// A registry of these networks' makers; a network missing here cannot be opened.
    public init(_ makers: [Network: Maker]) {
        self.makers = makers
    }

    /// The networks Parla speaks: Mastodon's, through ``MastodonClient``, and Bluesky's, through ``BlueskyClient``.
    public static let standard = NetworkRegistry([.mastodon: mastodon, .bluesky: bluesky])

    /// Mastodon's service: a ``MastodonClient`` for the account's server and token.
    public static let mastodon: Maker = { parts in
        MastodonClient(
            server: try MastodonClient.serverURL(from: parts.account.server), token: parts.account.token, transport: parts.transport,
            budget: parts.budget, maxWait: parts.maxWait)
    }

    /// Bluesky's service: a ``BlueskyClient`` with the session stored at login (never a new `createSession`);
    /// a renewed session is stored again, and record writes are paced by a budget of their own in the account's
    /// folder (`budget-writes.json`).
    public static let bluesky: Maker = { parts in
        guard let session = BlueskySession(stored: parts.account.token) else { throw MicroblogError.unauthorized }
        let renewed = parts.secretRenewed
        return BlueskyClient(
            session: session, transport: parts.transport, budget: parts.budget,
            writeBudget: RateLimitBudget(stateFile: parts.folder.appendingPathComponent("budget-writes.json")),
            sessionSaved: { renewed?($0.stored) }, maxWait: parts.maxWait)
    }

    /// The same registry with `network` made by `maker` instead (a new network, or a test's double).
    public func with(_ network: Network, _ maker: @escaping Maker) -> NetworkRegistry {
        var makers = makers
        makers[network] = maker
        return NetworkRegistry(makers)
    }

    /// The account's service, made by its network's maker.
    ///
    /// - Throws: ``MicroblogError/notSupported(feature:)`` naming the network when none is registered
    ///   for it, or what the maker throws (an address that is not https).
    public func service(_ parts: Parts) throws -> any TimelineService {
        guard let maker = makers[parts.account.network] else {
            throw MicroblogError.notSupported(feature: parts.account.network.rawValue)
        }
        return try maker(parts)
    }
}
