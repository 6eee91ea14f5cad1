/// A reader for the one JSON shape the strings files have: a flat object of strings.
///
/// Every command reads the interface's strings at start (about 150 KB of JSON for English). Through
/// JSONSerialization and the cast of its NSDictionary to `[String: String]` that cost a few milliseconds
/// of a line command's 30; this reads the bytes straight into the dictionary. Anything else (another
/// shape, a bad escape, text after the object) gives nil, and the caller reads the file the general way,
/// which says precisely what is wrong.
enum FlatStringsJSON {
    /// The keys and strings of `bytes` (UTF-8) in their order, or nil when they are not a flat JSON object of
    /// strings. A key written twice is there twice (the caller refuses it).
    static func parse(_ bytes: [UInt8]) -> [(key: String, value: String)]? {
        var reader = Reader(bytes: bytes)
        return reader.object()
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func object() -> [(key: String, value: String)]? {
            skipSpace()
            guard take(UInt8(ascii: "{")) else { return nil }
            var result: [(key: String, value: String)] = []
            skipSpace()
            if take(UInt8(ascii: "}")) { return atEnd() ? result : nil }
            while true {
                skipSpace()
                guard let key = string() else { return nil }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                guard let value = string() else { return nil }
                result.append((key, value))
                skipSpace()
                if take(UInt8(ascii: ",")) { continue }
                guard take(UInt8(ascii: "}")) else { return nil }
                return atEnd() ? result : nil
            }
        }

        mutating func atEnd() -> Bool {
            skipSpace()
            return index == bytes.count
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        /// A JSON string; the bytes between escapes are copied as they are (valid UTF-8 is checked at the end).
        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var start = index
            // Most strings have no escape: they are made from the slice at once.
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
                guard bytes[index] >= 0x20 else { return nil }
                index += 1
            }
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "\"") {
                defer { index += 1 }
                return String(validating: bytes[start..<index], as: UTF8.self)
            }
            var buffer: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    buffer.append(contentsOf: bytes[start..<index])
                    index += 1
                    return String(validating: buffer, as: UTF8.self)
                }
                guard byte >= 0x20 else { return nil }
                guard byte == UInt8(ascii: "\\") else {
                    index += 1
                    continue
                }
                buffer.append(contentsOf: bytes[start..<index])
                index += 1
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: return nil
                }
                start = index
            }
            return nil
        }

        /// The scalar of `\uXXXX` (the `\u` already read), joining a surrogate pair.
        mutating func unicodeEscape() -> Unicode.Scalar? {
            guard let high = hex4() else { return nil }
            if (0xD800..<0xDC00).contains(high) {
                guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            }
            return Unicode.Scalar(high)
        }

        mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for byte in bytes[index..<index + 4] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            index += 4
            return value
        }
    }
}
