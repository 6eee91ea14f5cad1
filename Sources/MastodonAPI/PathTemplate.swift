import Foundation

/// An API path with named parameters, written as Mastodon's documentation writes it:
/// `/api/v1/statuses/{id}/favourite`.
///
/// The client fills the parameters in (``path(_:)``, percent-encoding each value), the local instance
/// routes it (``routerPattern``, Hummingbird's `:id` form), and the fault plan and test recorders match
/// request paths against it (``matches(_:)``, a parameter matches any one segment).
public struct PathTemplate: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// One part between slashes.
    public enum Segment: Sendable, Hashable {
        /// Text that must appear as it is.
        case literal(String)
        /// A value the caller supplies (`{id}`).
        case parameter(String)
    }

    /// The parts after the leading slash.
    public let segments: [Segment]

    /// Parses `/a/{b}/c`; a segment in braces is a parameter.
    public init(_ text: String) {
        segments = text.split(separator: "/", omittingEmptySubsequences: true).map { part in
            part.hasPrefix("{") && part.hasSuffix("}") && part.count > 2
                ? .parameter(String(part.dropFirst().dropLast())) : .literal(String(part))
        }
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// The names of the parameters, in order.
    public var parameters: [String] {
        segments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
    }

    /// The template as written: `/api/v1/statuses/{id}`.
    public var description: String {
        "/" + segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .parameter(let name): "{" + name + "}"
            }
        }.joined(separator: "/")
    }

    /// The template in Hummingbird's router syntax: `/api/v1/statuses/:id`.
    public var routerPattern: String {
        "/" + segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .parameter(let name): ":" + name
            }
        }.joined(separator: "/")
    }

    /// The path with every parameter replaced by its value, percent-encoded so that a value never adds a
    /// segment (`a/b` becomes `a%2Fb`). A parameter without a value keeps its `{name}` text, which no
    /// server routes.
    public func path(_ values: [String: String]) -> String {
        "/" + segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .parameter(let name): values[name].map(Self.encode) ?? "{" + name + "}"
            }
        }.joined(separator: "/")
    }

    /// Whether a request path (without its query) is this template with some values filled in.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count == segments.count else { return false }
        return zip(segments, parts).allSatisfy { segment, part in
            switch segment {
            case .literal(let text): text == part
            case .parameter: !part.isEmpty
            }
        }
    }

    /// An id or a hashtag made safe for one path segment.
    public static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// Letters, digits and `-._~`: everything else is percent-encoded.
    public static let unreserved: CharacterSet = {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return allowed
    }()
}
