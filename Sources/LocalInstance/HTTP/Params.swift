import Foundation

/// A request parameter: Mastodon clients send the same names as query strings, forms (with `a[]` and
/// `a[b]` nesting) or JSON, and all three end up here.
indirect enum ParamValue: Sendable, Equatable {
    case string(String)
    case array([ParamValue])
    case object([String: ParamValue])
    case null

    /// The value as text (JSON numbers and booleans arrive as their text).
    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}

/// The parameters of one request, by name.
struct Params: Sendable, Equatable {
    var values: [String: ParamValue]

    init(_ values: [String: ParamValue] = [:]) { self.values = values }

    subscript(name: String) -> ParamValue? { values[name] }

    /// Text of a parameter; empty text counts as absent.
    func string(_ name: String) -> String? {
        guard let value = values[name]?.string, !value.isEmpty else { return nil }
        return value
    }

    /// A boolean written as `true`/`false`/`1`/`0`.
    ///
    /// - Throws: ``APIError`` 400 for other text.
    func bool(_ name: String) throws -> Bool? {
        guard let text = string(name) else { return nil }
        switch text.lowercased() {
        case "true", "1", "on", "yes": return true
        case "false", "0", "off", "no": return false
        default: throw APIError.badRequest("\(name) must be true or false")
        }
    }

    /// A whole number.
    ///
    /// - Throws: ``APIError`` 400 when the text is not one.
    func int(_ name: String) throws -> Int? {
        guard let text = string(name) else { return nil }
        guard let value = Int(text) else { throw APIError.badRequest("\(name) must be a whole number") }
        return value
    }

    /// A list: `name[]=a&name[]=b` in forms, a JSON array, or a single value.
    func strings(_ name: String) -> [String] {
        switch values[name] {
        case .array(let items): return items.compactMap(\.string)
        case .string(let value): return [value]
        case .object(let object):
            return object.keys.sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }.compactMap { object[$0]?.string }
        default: return []
        }
    }

    /// A nested object such as `poll[options][]`.
    func object(_ name: String) -> Params? {
        if case .object(let object) = values[name] { return Params(object) }
        return nil
    }

    /// Merges `other` over these parameters (body over query).
    func merging(_ other: Params) -> Params {
        Params(values.merging(other.values) { _, new in new })
    }
}

extension Params {
    /// Parses a JSON object body.
    ///
    /// - Throws: ``APIError`` 422 when it holds more than ``RequestLimits/maxParameters`` values or nests deeper
    ///   than ``RequestLimits/maxNesting`` (both found in one pass before it is parsed); 400 when it is not a
    ///   JSON object.
    static func json(_ data: Data) throws -> Params {
        try checkJSONShape(data)
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
            let dictionary = object as? [String: Any]
        else { throw APIError.badRequest("The request body is not a valid JSON object") }
        var result: [String: ParamValue] = [:]
        for (key, value) in dictionary { result[key] = convert(value) }
        return Params(result)
    }

    private static func convert(_ value: Any) -> ParamValue {
        switch value {
        case let string as String: return .string(string)
        case let bool as Bool where !(value is NSNumber) || "\(value)" == "true" || "\(value)" == "false":
            return .string(bool ? "true" : "false")
        case let number as NSNumber:
            if number.doubleValue == number.doubleValue.rounded(), abs(number.doubleValue) < 1e15 {
                return .string(String(number.int64Value))
            }
            return .string(number.stringValue)
        case let array as [Any]: return .array(array.map(convert))
        case let object as [String: Any]: return .object(object.mapValues(convert))
        default: return .null
        }
    }

    /// Counts the values and the depth of a JSON text in one pass over its bytes, outside strings.
    ///
    /// - Throws: ``APIError`` 422 past ``RequestLimits/maxParameters`` values or ``RequestLimits/maxNesting`` levels.
    static func checkJSONShape(_ data: Data) throws {
        var depth = 0
        var values = 0
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                values += 1
                guard depth <= RequestLimits.maxNesting else { throw RequestLimits.nestedTooDeeply() }
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ","): values += 1
            default: continue
            }
            guard values <= RequestLimits.maxParameters else { throw RequestLimits.tooManyParameters() }
        }
    }
}
