import Foundation
import NIOCore
import ParlaBase

/// Why the local instance could not start or keep running.
///
/// Each case has a localized, speakable message (`instance.error.*` in `Localization/`).
public enum LocalInstanceError: Error, Equatable, Sendable {
    /// The database file could not be opened or migrated.
    case database(path: String, reason: String)
    /// The HTTP listener could not bind to the address.
    case cannotListen(host: String, port: Int, reason: String)
    /// `--rate-limit` was not of the form `N/Ws` (or `N/Wm`, `N/Wh`).
    case invalidRateLimit(String)
    /// The fault file could not be read or parsed.
    case invalidFaults(path: String, reason: String)

    /// The localization key of the message.
    public var messageKey: String {
        switch self {
        case .database: "instance.error.database"
        case .cannotListen: "instance.error.listen"
        case .invalidRateLimit: "instance.error.rate-limit"
        case .invalidFaults: "instance.error.faults"
        }
    }

    /// The placeholder values for the message.
    public var messageArguments: [String: String] {
        switch self {
        case .database(let path, let reason): ["path": path, "reason": reason]
        case .cannotListen(let host, let port, let reason): ["host": host, "port": String(port), "reason": reason]
        case .invalidRateLimit(let text): ["value": text]
        case .invalidFaults(let path, let reason): ["path": path, "reason": reason]
        }
    }

    /// Why a listener failed, in the system's words: "Address already in use" for a system call's
    /// error (not NIO's "bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)").
    static func reason(_ error: any Error) -> String {
        guard let failure = error as? IOError else { return String(describing: error) }
        return String(cString: strerror(failure.errnoCode))
    }

    /// The message in the localizer's language, ready to show and speak.
    public func message(_ localizer: Localizer) -> String {
        TextSafety.stripped(localizer.string(messageKey, messageArguments))
    }
}
