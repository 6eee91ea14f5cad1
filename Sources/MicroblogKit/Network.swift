import Foundation
import ParlaBase

/// The kind of network an account belongs to: which module speaks to its servers and what it offers
/// (``NetworkCapabilities``).
///
/// Stored with each account (`"network": "mastodon"`); accounts stored before Parla knew more than one
/// network are Mastodon accounts.
public enum Network: String, Codable, Hashable, Sendable, CaseIterable {
    /// Mastodon, and every server that speaks its API (the embedded local instance too).
    case mastodon
    /// Bluesky, and every server that speaks the AT Protocol's `app.bsky` lexicons.
    case bluesky

    /// The network's name as users know it ("Mastodon", "Bluesky"), from `networks.json`.
    public func name(_ localizer: Localizer) -> String {
        localizer.string("network.name.\(rawValue)")
    }
}
