import Foundation

/// A logged-in Bluesky session: made once at login by `com.atproto.server.createSession` and kept, its
/// access token renewed with `com.atproto.server.refreshSession` when the server says it expired.
///
/// Secret: its ``description`` shows neither token, and it is stored only as ``stored`` in the account
/// file (mode 0600), as a Mastodon account's token is.
public struct BlueskySession: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The access token (a JWT, valid for about two hours).
    public var accessJwt: String
    /// The token that renews the access token (valid for weeks; each renewal gives a new one).
    public var refreshJwt: String
    /// The account's permanent id (`did:plc:…`).
    public var did: String
    /// The account's handle (`ana.bsky.social`).
    public var handle: String
    /// The address of the account's server (its PDS), where every call goes.
    public var service: String

    public init(accessJwt: String, refreshJwt: String, did: String, handle: String, service: String) {
        self.accessJwt = accessJwt
        self.refreshJwt = refreshJwt
        self.did = did
        self.handle = handle
        self.service = service
    }

    /// The session as one string, for the account file's secret field.
    public var stored: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }

    /// The session from ``stored``; nil when the text is not one.
    public init?(stored: String) {
        guard let session = try? JSONDecoder().decode(BlueskySession.self, from: Data(stored.utf8)) else { return nil }
        self = session
    }

    /// `ana.bsky.social (did:plc:…), tokens redacted`.
    public var description: String { "\(handle) (\(did)) at \(service), tokens redacted" }
}
