import Foundation

/// Any JSON value: how a record is written to the server, and a blob reference kept exactly as the
/// server wrote it.
indirect enum XRPCValue: Codable, Hashable, Sendable {
    case string(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case array([XRPCValue])
    case object([String: XRPCValue])
    case null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([XRPCValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: XRPCValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }

    /// A value made from something `Encodable` (a lexicon struct).
    static func from(_ value: some Encodable) throws -> XRPCValue {
        try JSONDecoder().decode(XRPCValue.self, from: JSONEncoder().encode(value))
    }

    /// The member `key` of an object.
    subscript(key: String) -> XRPCValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The text of a string value.
    var text: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}

/// The JSON of requests and answers: compact, keys sorted (so a test can compare bodies as text), no
/// escaped slashes.
enum XRPCJSON {
    static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw MicroblogErrorMapping.malformed(error)
        }
    }
}
