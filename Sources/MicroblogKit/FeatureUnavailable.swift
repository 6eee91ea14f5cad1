import Foundation
import ParlaBase

/// The account's network lacks what was asked for ("Bluesky has no polls."); nothing was sent.
///
/// Line mode exits with ``exitCode`` (64, sysexits' `EX_USAGE`): the command was understood, but this
/// account cannot do it, and trying again will not help. The screens say the sentence.
public struct FeatureUnavailable: Error, Hashable, Sendable {
    /// What was asked for.
    public enum Missing: Hashable, Sendable {
        /// A feature the network does not have.
        case feature(NetworkCapabilities.Feature)
        /// A visibility level a post cannot be given there.
        case visibility(Visibility)
    }

    /// What the network lacks.
    public var missing: Missing
    /// The account's network.
    public var network: Network

    public init(_ missing: Missing, network: Network) {
        self.missing = missing
        self.network = network
    }

    /// Line mode's exit status: 64, the command used as this account cannot use it (sysexits.h). It is not
    /// 69 (the server cannot be reached), which a script would retry.
    public static let exitCode: Int32 = 64

    /// One sentence naming the network and what it lacks, from `networks.json` ("Bluesky has no polls.").
    public func message(_ localizer: Localizer) -> String {
        let key = switch missing {
        case .feature(let feature): "network.missing.\(feature.rawValue)"
        case .visibility(let visibility): "network.missing.visibility.\(visibility.rawValue)"
        }
        return localizer.string(key, ["network": network.name(localizer)])
    }
}
