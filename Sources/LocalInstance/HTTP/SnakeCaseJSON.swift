import Foundation

/// Mastodon JSON for an entity, written the fast way: Foundation's encoder with its default keys (the
/// properties' own names, sorted), then each object key that has a capital letter converted to
/// snake_case in the bytes, as `convertToSnakeCase` converts it, each distinct key once.
///
/// The answer is byte for byte what ``InstanceStore/encoder`` (a custom key strategy) writes: the keys are
/// the same, and sorting lowerCamelCase names orders them as sorting their snake_case forms does (a
/// capital and `_` both sort below every small letter); an object whose converted keys come out of order
/// (a key that begins with a capital) is written by ``InstanceStore/encoder`` instead. A custom key
/// strategy made the encoder build the coding path of every key of every entity: a fifth of a home page.
enum SnakeCaseJSON {
    private static let known = LockedBox<[String: [UInt8]]>([:])

    /// `value` as JSON with snake_case keys, keys sorted, slashes not escaped.
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        if let converted = convertingKeys(try encoder.encode(value)) { return converted }
        return try InstanceStore.encoder.encode(value)
    }

    /// Compact JSON (as JSONEncoder writes it, keys sorted) with every object key converted; nil when the
    /// converted keys of an object are no longer in order.
    static func convertingKeys(_ json: Data) -> Data? {
        json.withUnsafeBytes { raw -> Data? in
            let bytes = raw.bindMemory(to: UInt8.self)
            let count = bytes.count
            var output = [UInt8]()
            output.reserveCapacity(count + count / 8)
            var inObject: [Bool] = []
            // The last key written in each open object (empty for arrays and before the first key).
            var lastKeys: [[UInt8]] = []
            var expectingKey = false
            var index = 0
            while index < count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "{"):
                    inObject.append(true)
                    lastKeys.append([])
                    expectingKey = true
                case UInt8(ascii: "["):
                    inObject.append(false)
                    lastKeys.append([])
                    expectingKey = false
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    _ = inObject.popLast()
                    _ = lastKeys.popLast()
                    expectingKey = false
                case UInt8(ascii: ","):
                    expectingKey = inObject.last == true
                case UInt8(ascii: "\""):
                    var end = index + 1
                    var capital = false
                    var escaped = false
                    while end < count, bytes[end] != UInt8(ascii: "\"") {
                        if bytes[end] == UInt8(ascii: "\\") {
                            escaped = true
                            end += 2
                        } else {
                            if bytes[end] >= UInt8(ascii: "A") && bytes[end] <= UInt8(ascii: "Z") { capital = true }
                            end += 1
                        }
                    }
                    end = min(end, count - 1)
                    let quoted = UnsafeBufferPointer(rebasing: bytes[index...end])
                    if expectingKey {
                        // A key with an escape is left to the encoder (its order is that of the unescaped text).
                        if escaped { return nil }
                        let key = capital ? converted(quoted) : Array(quoted)
                        if let previous = lastKeys.last, !previous.isEmpty,
                            !previous.dropFirst().dropLast().lexicographicallyPrecedes(key.dropFirst().dropLast())
                        {
                            return nil
                        }
                        if !lastKeys.isEmpty { lastKeys[lastKeys.count - 1] = key }
                        output.append(contentsOf: key)
                    } else {
                        output.append(contentsOf: quoted)
                    }
                    expectingKey = false
                    index = end + 1
                    continue
                default:
                    break
                }
                output.append(byte)
                index += 1
            }
            return Data(output)
        }
    }

    /// A quoted key's converted form, quoted.
    private static func converted(_ quoted: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let text = String(decoding: quoted, as: UTF8.self)
        if let hit = known.withValue({ $0[text] }) { return hit }
        let name = String(text.dropFirst().dropLast())
        let snake = SnakeCaseKeys.convert(name)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let result = [UInt8]((try? encoder.encode(snake)) ?? Data(quoted))
        known.withValue { $0[text] = result }
        return result
    }
}
