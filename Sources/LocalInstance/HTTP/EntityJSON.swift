import Foundation

/// Mastodon JSON for an entity, written straight into bytes as the entity's `encode(to:)` walks it.
///
/// Keys are snake_case (converted as `convertToSnakeCase` converts them, each distinct key once), written in
/// the order the entity encodes them; optionals wrapped in ``NullEncoded`` are `null`, plain optionals are
/// left out; slashes are not escaped; non-ASCII text is written as UTF-8. Numbers, strings, `Data` (base64)
/// and `URL` (its address) come out as `JSONEncoder` writes them, so a client parses the same values.
///
/// Foundation's encoder builds a tree of every value and then writes it; for a home page of 40 posts that
/// was a third of the server's time. This encoder keeps nothing but the bytes and the stack of open
/// objects and arrays: a value's containers are closed when its `encode(to:)` returns.
enum EntityJSON {
    /// `value` as JSON bytes.
    static func bytes<T: Encodable>(_ value: T) throws -> [UInt8] {
        let encoder = JSONBytesEncoder()
        try encoder.encodeValue(value)
        encoder.finish()
        return encoder.bytes
    }

    /// `value` as JSON data.
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        Data(try bytes(value))
    }

    /// The quoted snake_case form of every key with a capital or an escape seen so far.
    fileprivate static let knownKeys = LockedBox<[String: [UInt8]]>([:])

    /// `name` as `convertToSnakeCase` writes it: a one-key object encoded with that strategy.
    static func snakeCase(_ name: String) -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        guard let data = try? encoder.encode(OneKey(name: name)),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let converted = object.keys.first
        else { return name }
        return converted
    }

    private struct OneKey: Encodable {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        let name: String
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(0, forKey: Key(stringValue: name))
        }
    }
}

/// The encoder behind ``EntityJSON``: one per document.
///
/// Its state is marked `@exclusivity(unchecked)`: one thread writes one document, and no access to it spans a
/// call that could reach it again; the run-time checks of a class's properties were a quarter of the time spent
/// encoding.
final class JSONBytesEncoder: Encoder {
    /// The document so far.
    @exclusivity(unchecked) private(set) var bytes: [UInt8] = []
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// An open object or array, and how many members it has so far.
    private struct Open {
        var isObject: Bool
        var count: Int
    }

    @exclusivity(unchecked) private var open: [Open] = []
    /// How many containers were open when the value being encoded began: its own container sits at this level.
    @exclusivity(unchecked) private var slot = 0
    /// Encoders handed out by `superEncoder`, written into their parent when it writes next or closes.
    @exclusivity(unchecked) private var deferred: [(level: Int, encoder: JSONBytesEncoder)] = []
    @exclusivity(unchecked) private var keys: [String: [UInt8]]
    @exclusivity(unchecked) private var learnedKeys = false

    init() {
        keys = EntityJSON.knownKeys.withValue { $0 }
        bytes.reserveCapacity(16_384)
    }

    /// Shares the keys converted for this document with later ones.
    func finish() {
        flushDeferred(from: 0)
        closeContainers(downTo: 0)
        guard learnedKeys else { return }
        let learned = keys
        // Dictionary keys come from requests too: the shared list stays bounded.
        EntityJSON.knownKeys.withValue { known in
            if known.count < 10_000 { known.merge(learned) { old, _ in old } }
        }
    }

    /// Writes one value in the current position, closing whatever containers it opened.
    func encodeValue<T: Encodable>(_ value: T) throws {
        if T.self == URL.self, let url = value as? URL { return write(url.absoluteString) }
        if T.self == Data.self, let data = value as? Data { return write(data.base64EncodedString()) }
        if T.self == Decimal.self, let decimal = value as? Decimal { return writeRaw(decimal.description) }
        let saved = slot
        slot = open.count
        let start = bytes.count
        try value.encode(to: self)
        flushDeferred(from: slot)
        closeContainers(downTo: slot)
        // A value that encodes nothing is an empty object, as JSONEncoder writes it.
        if bytes.count == start { writeRaw("{}") }
        slot = saved
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let level = slot
        if open.count > level, open[level].isObject {
            // A second request for the value's object (an entity that adds keys to another's): the same object.
            flushDeferred(from: level)
            closeContainers(downTo: level + 1)
        } else {
            closeContainers(downTo: level)
            push(isObject: true)
        }
        return KeyedEncodingContainer(KeyedWriter<Key>(encoder: self, level: level))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let level = slot
        if !(open.count > level && !open[level].isObject) {
            closeContainers(downTo: level)
            push(isObject: false)
        }
        return UnkeyedWriter(encoder: self, level: level)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleWriter(encoder: self) }

    // MARK: Structure

    private func push(isObject: Bool) {
        bytes.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        open.append(Open(isObject: isObject, count: 0))
    }

    private func closeContainers(downTo level: Int) {
        while open.count > level {
            flushDeferred(from: open.count - 1)
            bytes.append(open.removeLast().isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        }
    }

    /// Writes the `superEncoder` values that belong to containers at `level` or deeper.
    private func flushDeferred(from level: Int) {
        while let last = deferred.last, last.level >= level {
            deferred.removeLast()
            last.encoder.finish()
            bytes.append(contentsOf: last.encoder.bytes.isEmpty ? Array("{}".utf8) : last.encoder.bytes)
        }
    }

    /// Starts a member of the object at `level`: closes what a nested container left open, then writes the
    /// separator and the key.
    fileprivate func beginMember(_ key: some CodingKey, level: Int) {
        flushDeferred(from: level)
        closeContainers(downTo: level + 1)
        if open[level].count > 0 { bytes.append(UInt8(ascii: ",")) }
        open[level].count += 1
        writeKey(key.stringValue)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Starts an element of the array at `level`.
    fileprivate func beginElement(level: Int) {
        flushDeferred(from: level)
        closeContainers(downTo: level + 1)
        if open[level].count > 0 { bytes.append(UInt8(ascii: ",")) }
        open[level].count += 1
    }

    fileprivate func count(at level: Int) -> Int { open.count > level ? open[level].count : 0 }

    fileprivate func nestedContainer<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let level = open.count
        push(isObject: true)
        return KeyedEncodingContainer(KeyedWriter<Key>(encoder: self, level: level))
    }

    fileprivate func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let level = open.count
        push(isObject: false)
        return UnkeyedWriter(encoder: self, level: level)
    }

    fileprivate func superEncoder(level: Int) -> any Encoder {
        let encoder = JSONBytesEncoder()
        deferred.append((level, encoder))
        return encoder
    }

    // MARK: Scalars

    private func writeKey(_ name: String) {
        var name = name
        // Keys of small ASCII letters, digits and punctuation are their own snake_case form and need no escape.
        let plain = name.withUTF8 { utf8 in
            for byte in utf8 where (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte < 0x20 || byte >= 0x80
                || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                return false
            }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if plain { return }
        if let known = keys[name] {
            bytes.append(contentsOf: known)
            return
        }
        let start = bytes.count
        write(EntityJSON.snakeCase(name))
        keys[name] = Array(bytes[start...])
        learnedKeys = true
    }

    fileprivate func writeRaw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    fileprivate func writeNull() { writeRaw("null") }

    fileprivate func write(_ value: Bool) { writeRaw(value ? "true" : "false") }

    fileprivate func write(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    fileprivate func write<Integer: BinaryInteger>(_ value: Integer) {
        if let small = Int64(exactly: value) {
            writeDigits(small)
        } else {
            writeRaw(String(value))
        }
    }

    private func writeDigits(_ value: Int64) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            if value == .min { return writeRaw(String(String(value).dropFirst())) }
        }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var index = buffer.count
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: buffer[index...])
        }
    }

    fileprivate func write<Number: BinaryFloatingPoint & LosslessStringConvertible>(_ value: Number) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(value) is not valid JSON"))
        }
        if value == value.rounded(), value.magnitude < 1e15 {
            writeDigits(Int64(value))
        } else {
            writeRaw(value.description)
        }
    }
}

/// The members of one object.
private struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONBytesEncoder
    let level: Int
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
        encoder.beginMember(key, level: level)
        encoder.writeNull()
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        encoder.beginMember(key, level: level)
        encoder.write(value)
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        encoder.beginMember(key, level: level)
        encoder.write(value)
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        encoder.beginMember(key, level: level)
        try encoder.write(value)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        encoder.beginMember(key, level: level)
        try encoder.write(value)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { integer(value, key) }

    private func integer(_ value: some BinaryInteger, _ key: Key) {
        encoder.beginMember(key, level: level)
        encoder.write(value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        encoder.beginMember(key, level: level)
        try encoder.encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        encoder.beginMember(key, level: level)
        return encoder.nestedContainer(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.beginMember(key, level: level)
        return encoder.nestedUnkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder.beginMember(key, level: level)
        return encoder.superEncoder(level: level)
    }
}

/// The elements of one array.
private struct UnkeyedWriter: UnkeyedEncodingContainer {
    let encoder: JSONBytesEncoder
    let level: Int
    var codingPath: [any CodingKey] { [] }
    var count: Int { encoder.count(at: level) }

    mutating func encodeNil() throws {
        encoder.beginElement(level: level)
        encoder.writeNull()
    }
    mutating func encode(_ value: Bool) throws {
        encoder.beginElement(level: level)
        encoder.write(value)
    }
    mutating func encode(_ value: String) throws {
        encoder.beginElement(level: level)
        encoder.write(value)
    }
    mutating func encode(_ value: Double) throws {
        encoder.beginElement(level: level)
        try encoder.write(value)
    }
    mutating func encode(_ value: Float) throws {
        encoder.beginElement(level: level)
        try encoder.write(value)
    }
    mutating func encode(_ value: Int) throws { integer(value) }
    mutating func encode(_ value: Int8) throws { integer(value) }
    mutating func encode(_ value: Int16) throws { integer(value) }
    mutating func encode(_ value: Int32) throws { integer(value) }
    mutating func encode(_ value: Int64) throws { integer(value) }
    mutating func encode(_ value: UInt) throws { integer(value) }
    mutating func encode(_ value: UInt8) throws { integer(value) }
    mutating func encode(_ value: UInt16) throws { integer(value) }
    mutating func encode(_ value: UInt32) throws { integer(value) }
    mutating func encode(_ value: UInt64) throws { integer(value) }

    private func integer(_ value: some BinaryInteger) {
        encoder.beginElement(level: level)
        encoder.write(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.beginElement(level: level)
        try encoder.encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        encoder.beginElement(level: level)
        return encoder.nestedContainer(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        encoder.beginElement(level: level)
        return encoder.nestedUnkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        encoder.beginElement(level: level)
        return encoder.superEncoder(level: level)
    }
}

/// The one value of the current position.
private struct SingleWriter: SingleValueEncodingContainer {
    let encoder: JSONBytesEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { encoder.writeNull() }
    mutating func encode(_ value: Bool) throws { encoder.write(value) }
    mutating func encode(_ value: String) throws { encoder.write(value) }
    mutating func encode(_ value: Double) throws { try encoder.write(value) }
    mutating func encode(_ value: Float) throws { try encoder.write(value) }
    mutating func encode(_ value: Int) throws { encoder.write(value) }
    mutating func encode(_ value: Int8) throws { encoder.write(value) }
    mutating func encode(_ value: Int16) throws { encoder.write(value) }
    mutating func encode(_ value: Int32) throws { encoder.write(value) }
    mutating func encode(_ value: Int64) throws { encoder.write(value) }
    mutating func encode(_ value: UInt) throws { encoder.write(value) }
    mutating func encode(_ value: UInt8) throws { encoder.write(value) }
    mutating func encode(_ value: UInt16) throws { encoder.write(value) }
    mutating func encode(_ value: UInt32) throws { encoder.write(value) }
    mutating func encode(_ value: UInt64) throws { encoder.write(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encodeValue(value) }
}
