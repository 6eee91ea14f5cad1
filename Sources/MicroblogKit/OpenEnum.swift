/// A server enum that stays open: values Parla does not know decode as `.unknown` instead of failing.
///
/// Mastodon adds notification types, visibilities and media kinds over time; a client that fails on
/// a new one would lose a whole page of posts.
public protocol OpenEnum: RawRepresentable, Codable, Hashable, Sendable where RawValue == String {
    /// Wraps a raw value Parla does not know.
    static func unknown(_ raw: String) -> Self
    /// The known cases.
    static var known: [Self] { get }
}

extension OpenEnum {
    /// The known case with this raw value, or `.unknown(raw)`.
    public static func from(_ raw: String) -> Self {
        known.first { $0.rawValue == raw } ?? unknown(raw)
    }

    /// Never fails: unknown values become `.unknown`.
    public init?(rawValue: String) {
        self = Self.from(rawValue)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = Self.from((try? container.decode(String.self)) ?? "")
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
