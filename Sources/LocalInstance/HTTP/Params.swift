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
    /// Parses `application/x-www-form-urlencoded` text (also a query string).
    static func form(_ text: String) -> Params {
        var result: [String: ParamValue] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            let value = parts.count > 1 ? decode(parts[1]) : ""
            insert(value: .string(value), path: keyPath(name), into: &result)
        }
        return Params(result)
    }

    /// Parses a JSON object body.
    ///
    /// - Throws: ``APIError`` 400 when it is not a JSON object.
    static func json(_ data: Data) throws -> Params {
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

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// `poll[options][]` → ["poll", "options", ""].
    private static func keyPath(_ name: String) -> [String] {
        guard let open = name.firstIndex(of: "["), name.hasSuffix("]"), open != name.startIndex else { return [name] }
        var path = [String(name[..<open])]
        let rest = name[open...]
        for piece in rest.dropFirst().dropLast().components(separatedBy: "][") { path.append(piece) }
        return path
    }

    private static func insert(value: ParamValue, path: [String], into dictionary: inout [String: ParamValue]) {
        guard let head = path.first else { return }
        let tail = Array(path.dropFirst())
        if tail.isEmpty {
            dictionary[head] = value
            return
        }
        if tail == [""] {
            var items: [ParamValue] = []
            if case .array(let existing) = dictionary[head] { items = existing }
            items.append(value)
            dictionary[head] = .array(items)
            return
        }
        var nested: [String: ParamValue] = [:]
        if case .object(let existing) = dictionary[head] { nested = existing }
        insert(value: value, path: tail, into: &nested)
        dictionary[head] = .object(nested)
    }
}
