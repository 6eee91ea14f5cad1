/// Turns raw terminal input bytes (UTF-8 text and ANSI/VT escape sequences) into keys.
///
/// Used where Parla reads a terminal or a pipe itself (line mode); curses input is decoded by
/// the curses backend from curses key codes. An ESC that no further byte follows within the
/// caller's escape delay is the Esc key: call ``flush()`` when that delay has passed.
public struct AnsiKeyDecoder: Sendable {
    private var buffer: [UInt8] = []
    /// Set while the rest of a sequence longer than any key's is being dropped.
    private var droppingSequence = false

    public init() {}

    /// Feeds bytes; returns every key they complete.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
        buffer.append(contentsOf: bytes)
        var keys: [Key] = []
        var consumed = 0
        while consumed < buffer.count {
            if droppingSequence {
                // The rest of an overlong sequence: its parameter bytes and its final byte are not typing.
                let byte = buffer[consumed]
                if byte >= 0x20 && byte <= 0x3F { consumed += 1; continue }
                droppingSequence = false
                if byte >= 0x40 && byte <= 0x7E { consumed += 1; continue }
            }
            guard let (key, used) = AnsiKeyDecoder.decodeOne(buffer[consumed...], final: false) else { break }
            if key == nil, AnsiKeyDecoder.isOverlong(buffer[consumed..<(consumed + used)]) { droppingSequence = true }
            consumed += used
            if let key { keys.append(key) }
        }
        buffer.removeFirst(consumed)
        return keys
    }

    /// Whether bytes are waiting for the rest of a sequence (e.g. a lone ESC).
    public var isPending: Bool { !buffer.isEmpty }

    /// How many bytes wait for the rest of a sequence; never more than the longest sequence decoded.
    public var pendingByteCount: Int { buffer.count }

    /// Ends a waiting sequence: a lone ESC becomes Esc, an unfinished sequence is decoded as far as it goes.
    public mutating func flush() -> [Key] {
        var keys: [Key] = []
        droppingSequence = false
        while !buffer.isEmpty {
            guard let (key, used) = AnsiKeyDecoder.decodeOne(buffer[...], final: true) else { buffer.removeAll(); break }
            buffer.removeFirst(used)
            if let key { keys.append(key) }
        }
        return keys
    }

    /// Decodes every key in a complete byte string (a test and scripting helper).
    public static func decodeAll(_ bytes: [UInt8]) -> [Key] {
        var decoder = AnsiKeyDecoder()
        return decoder.feed(bytes) + decoder.flush()
    }

    /// Decodes the first key of `bytes`: (the key or nil for ignored input, bytes used);
    /// nil when more bytes are needed.
    static func decodeOne(_ bytes: ArraySlice<UInt8>, final: Bool) -> (Key?, Int)? {
        guard let first = bytes.first else { return nil }
        let start = bytes.startIndex
        switch first {
        case 0x1B:
            guard bytes.count > 1 else { return final ? (.escape, 1) : nil }
            let second = bytes[start + 1]
            if second == UInt8(ascii: "[") || second == UInt8(ascii: "O") {
                if let (key, used) = decodeSequence(bytes, final: final) { return (key, used) }
                return final ? (.alt(Character(UnicodeScalar(second))), 2) : nil
            }
            if second == 0x1B { return (.escape, 1) }
            // Alt with a key: decode the following key and add Alt.
            guard let (inner, used) = decodeOne(bytes.dropFirst(), final: final) else { return final ? (.escape, 1) : nil }
            guard var key = inner else { return (nil, used + 1) }
            key.modifiers.insert(.alt)
            return (key, used + 1)
        case 0x09: return (.tab, 1)
        case 0x0D, 0x0A:
            // CR LF counts once.
            if first == 0x0D, bytes.count > 1, bytes[start + 1] == 0x0A { return (.enter, 2) }
            return (.enter, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x00: return (Key(.character(" "), .ctrl), 1)
        case 0x01...0x1A: return (.ctrl(Character(UnicodeScalar(first + 0x60))), 1)
        case 0x1C...0x1F: return (nil, 1)
        default:
            guard first < 0x80 || (first >= 0xC2 && first <= 0xF4) else { return (nil, 1) }  // not a lead byte
            let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : 2
            for offset in 1..<min(length, bytes.count) where bytes[start + offset] & 0xC0 != 0x80 {
                return (nil, 1)  // a lead byte without its continuation bytes
            }
            guard bytes.count >= length else { return final ? (nil, 1) : nil }
            let slice = Array(bytes.prefix(length))
            guard let text = String(validating: slice, as: UTF8.self), let scalar = text.unicodeScalars.first else {
                return (nil, 1)  // invalid UTF-8 is dropped byte by byte
            }
            // Combining marks that follow join the same grapheme cluster.
            var used = length
            var cluster = String(scalar)
            while used < bytes.count {
                let next = bytes[start + used]
                let nextLength = next < 0x80 ? 1 : next >= 0xF0 ? 4 : next >= 0xE0 ? 3 : next >= 0xC0 ? 2 : 1
                guard next >= 0x80, bytes.count >= used + nextLength,
                    let more = String(validating: Array(bytes[(start + used)..<(start + used + nextLength)]), as: UTF8.self)
                else { break }
                let candidate = cluster + more
                guard candidate.count == 1 else { break }
                cluster = candidate
                used += nextLength
            }
            return (.char(Character(cluster)), used)
        }
    }

    /// The longest parameter string of a CSI sequence that is decoded; a longer one is dropped.
    static let maxParameterLength = 32

    /// Whether `bytes` is the head of an overlong CSI sequence that ``decodeSequence(_:final:)`` cut off.
    static func isOverlong(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.count == maxParameterLength + 2 && bytes.first == 0x1B
            && (bytes.dropFirst().first == UInt8(ascii: "[") || bytes.dropFirst().first == UInt8(ascii: "O"))
            && bytes.dropFirst(2).allSatisfy { $0 >= 0x20 && $0 <= 0x3F }
    }

    /// CSI and SS3 sequences: ESC [ params final, ESC O final.
    private static func decodeSequence(_ bytes: ArraySlice<UInt8>, final: Bool) -> (Key?, Int)? {
        let start = bytes.startIndex
        let introducer = bytes[start + 1]
        var index = start + 2
        var parameters = ""
        while index < bytes.endIndex {
            // No key sequence has long parameters: a longer one is noise, dropped so input cannot pile up.
            if parameters.count >= maxParameterLength { return (nil, index - start) }
            let byte = bytes[index]
            if byte >= 0x40 && byte <= 0x7E && !(introducer == UInt8(ascii: "[") && byte == UInt8(ascii: "[") && index == start + 2) {
                let used = index - start + 1
                return (keyFor(final: Character(UnicodeScalar(byte)), parameters: parameters), used)
            }
            if introducer == UInt8(ascii: "[") && byte == UInt8(ascii: "[") && index == start + 2 {  // Linux console F1–F5: ESC [ [ A
                guard index + 1 < bytes.endIndex else { return nil }
                let letter = bytes[index + 1]
                let n = Int(letter) - Int(UInt8(ascii: "A")) + 1
                return ((1...5).contains(n) ? .f(n) : nil, index - start + 2)
            }
            guard byte >= 0x20 && byte <= 0x3F else { return (nil, index - start) }
            parameters.append(Character(UnicodeScalar(byte)))
            index += 1
        }
        return nil
    }

    private static func keyFor(final: Character, parameters: String) -> Key? {
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let number = fields.first.flatMap { $0 }
        let modifiers = fields.count > 1 ? modifiers(fromXterm: fields[1] ?? 1) : []
        let code: Key.Code?
        switch final {
        case "A": code = .up
        case "B": code = .down
        case "C": code = .right
        case "D": code = .left
        case "H": code = .home
        case "F": code = .end
        case "Z": return Key(.tab, modifiers.union(.shift))
        case "P": code = .function(1)
        case "Q": code = .function(2)
        case "R": code = .function(3)
        case "S": code = .function(4)
        case "~":
            switch number {
            case 1, 7: code = .home
            case 2: code = .insert
            case 3: code = .delete
            case 4, 8: code = .end
            case 5: code = .pageUp
            case 6: code = .pageDown
            case 11, 12, 13, 14, 15: code = .function(number! - 10)
            case 17, 18, 19, 20, 21: code = .function(number! - 11)
            case 23, 24: code = .function(number! - 12)
            default: code = nil
            }
        default: code = nil
        }
        guard let code else { return nil }
        return Key(code, modifiers)
    }

    /// xterm modifier parameter: 1 + (shift 1, alt 2, ctrl 4).
    public static func modifiers(fromXterm value: Int) -> Key.Modifiers {
        // Any number may arrive from a pipe: Int.min must not overflow.
        let bits = value > 1 ? value - 1 : 0
        var modifiers: Key.Modifiers = []
        if bits & 1 != 0 { modifiers.insert(.shift) }
        if bits & 2 != 0 { modifiers.insert(.alt) }
        if bits & 4 != 0 { modifiers.insert(.ctrl) }
        return modifiers
    }
}
