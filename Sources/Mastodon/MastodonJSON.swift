import Foundation
import MastodonAPI
import MicroblogKit

/// Decoding Mastodon's JSON: ISO 8601 dates with or without fractions.
///
/// The entities name their snake_case keys in their own `CodingKeys`, so the keys are matched as they
/// arrive: no key strategy, which would convert every key of every object of a page.
enum MastodonJSON {
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISODate.parse(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 date")
            }
            return date
        }
        return decoder
    }()

    /// Decodes or throws ``MicroblogError/malformedResponse(detail:)``.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw MicroblogError.malformedResponse(detail: describe(error))
        }
    }

    /// A short account of what was wrong, without the body (which may hold private text).
    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): return "invalid JSON at " + path(context.codingPath)
        case DecodingError.keyNotFound(let key, let context): return "missing \(key.stringValue) at " + path(context.codingPath)
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "unexpected value at " + path(context.codingPath)
        default: return "invalid JSON"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "top level" : keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
