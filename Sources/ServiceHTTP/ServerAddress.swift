import Foundation
import MicroblogKit

/// Server addresses as a person types them, and the rule that plain `http` goes only to this computer:
/// the same for every network.
public enum ServerAddress {
    /// The server address from what a person typed: `mastodon.social`, `https://bsky.social/`,
    /// `http://127.0.0.1:4000`, `@ana@example.social` (its server).
    ///
    /// - Throws: ``MicroblogKit/MicroblogError/invalidURL(_:)`` for text that names no server,
    ///   ``MicroblogKit/MicroblogError/insecureURL(_:)`` for plain http to anything but loopback.
    public static func url(from text: String) throws -> URL {
        var text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("@"), let at = text.dropFirst().firstIndex(of: "@") { text = String(text[text.index(after: at)...]) }
        guard !text.isEmpty, !text.contains(where: { $0.isWhitespace }) else { throw MicroblogError.invalidURL(text) }
        if !text.contains("://") { text = "https://" + text }
        guard var components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty, scheme == "https" || scheme == "http"
        else { throw MicroblogError.invalidURL(text) }
        guard components.user == nil, components.password == nil, components.query == nil, components.fragment == nil else {
            throw MicroblogError.invalidURL(text)
        }
        components.scheme = scheme
        components.host = host.lowercased()
        while components.path.hasSuffix("/") { components.path.removeLast() }
        guard let url = components.url else { throw MicroblogError.invalidURL(text) }
        try requireSecure(url)
        return url
    }

    /// Refuses plain `http` (and `ws`) unless the host is loopback.
    public static func requireSecure(_ url: URL) throws {
        switch url.scheme?.lowercased() {
        case "https", "wss": return
        case "http", "ws":
            if isLoopback(url.host ?? "") { return }
            throw MicroblogError.insecureURL(url.absoluteString)
        default: throw MicroblogError.invalidURL(url.absoluteString)
        }
    }

    /// 127.0.0.0/8, ::1 and localhost.
    public static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host == "::1" || host.hasSuffix(".localhost") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
