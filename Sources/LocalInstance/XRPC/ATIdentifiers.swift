import Foundation

/// How the instance's accounts and rows are named on the AT Protocol face: handles, DIDs, record keys
/// (TIDs), `at://` URIs and CIDs, all derived from what the database already holds, so every name is stable
/// across restarts and needs no table of its own.
enum ATIdentifiers {
    /// The domain every member's handle ends with: `ana` is `ana.parla.test`.
    static let handleDomain = "parla.test"
    /// What `describeServer` lists as the domains handles may use.
    static let userDomain = "." + handleDomain

    /// The handle of a username (lowercased; an underscore, which handles may not hold, becomes a hyphen).
    static func handle(username: String) -> String {
        username.lowercased().replacingOccurrences(of: "_", with: "-") + "." + handleDomain
    }

    /// The `did:plc:` of a username: 24 base32 characters of a SHA-256 over it, as a PLC identifier looks.
    static func did(username: String) -> String {
        let key = username.lowercased()
        if let known = dids.withValue({ $0[key] }) { return known }
        let did = "did:plc:" + String(base32(SHA256.digest(Array(("parla-local:" + key).utf8))).prefix(24))
        dids.withValue { cache in
            if cache.count >= 100_000 { cache.removeAll(keepingCapacity: true) }
            cache[key] = did
        }
        return did
    }

    /// DIDs already derived, by lowercased username (a page names the same people again and again).
    private static let dids = LockedBox<[String: String]>([:])

    /// The service DID of an instance at `baseURL` (`did:web:` of its host).
    static func serviceDID(baseURL: String) -> String {
        var host = baseURL
        if let range = host.range(of: "://") { host = String(host[range.upperBound...]) }
        return "did:web:" + host.replacingOccurrences(of: ":", with: "%3A")
    }

    // MARK: Record keys

    private static let sortable = Array("234567abcdefghijklmnopqrstuvwxyz".utf8)

    /// A row id as a TID: 13 characters of base32-sortable, so keys order as the ids do.
    static func tid(_ id: Int64) -> String {
        var value = UInt64(bitPattern: id) & 0x7FFF_FFFF_FFFF_FFFF
        var characters = [UInt8](repeating: sortable[0], count: 13)
        for index in stride(from: 12, through: 0, by: -1) {
            characters[index] = sortable[Int(value & 31)]
            value >>= 5
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// The row id a TID stands for; nil when it is not one this instance made.
    static func id(tid: String) -> Int64? {
        let bytes = Array(tid.utf8)
        guard bytes.count == 13 else { return nil }
        var value: UInt64 = 0
        for byte in bytes {
            guard let digit = sortable.firstIndex(of: byte) else { return nil }
            value = value << 5 | UInt64(digit)
        }
        guard value <= UInt64(Int64.max) else { return nil }
        return Int64(value)
    }

    /// `at://did/collection/rkey`.
    static func uri(did: String, collection: String, rkey: String) -> String {
        "at://\(did)/\(collection)/\(rkey)"
    }

    /// The parts of an `at://` URI: its authority (a DID or a handle), collection and record key.
    static func parse(uri: String) -> (authority: String, collection: String, rkey: String)? {
        guard uri.hasPrefix("at://") else { return nil }
        let parts = uri.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty, !parts[2].isEmpty else { return nil }
        return (String(parts[0]), String(parts[1]), String(parts[2]))
    }

    // MARK: Content identifiers

    /// A CIDv1 (dag-cbor codec, sha2-256) over `bytes`, written as multibase base32 (`bafyrei…`).
    static func cid(of bytes: [UInt8], codec: UInt8 = 0x71) -> String {
        "b" + base32([0x01, codec, 0x12, 0x20] + SHA256.digest(bytes))
    }

    /// The CID of a JSON record: over its canonical bytes (keys sorted, no spaces, slashes unescaped).
    static func cid(record: [String: Any]) -> String {
        cid(of: Array(canonicalJSON(record)))
    }

    /// The CID of a blob (raw codec).
    static func blobCID(_ data: Data) -> String { cid(of: Array(data), codec: 0x55) }

    /// A JSON value's canonical bytes.
    static func canonicalJSON(_ value: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    /// RFC 4648 base32, lower case, without padding.
    static func base32(_ bytes: [UInt8]) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)
        var output: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = buffer << 8 | UInt32(byte)
            bits += 8
            while bits >= 5 {
                output.append(alphabet[Int((buffer >> UInt32(bits - 5)) & 31)])
                bits -= 5
            }
        }
        if bits > 0 { output.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)]) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Base64url without padding (JWT segments).
    static func base64url(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes base64url without padding; nil when it is not.
    static func data(base64url text: Substring) -> Data? {
        var text = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        return Data(base64Encoded: text)
    }

    /// A date as the AT Protocol writes it (`2026-11-27T23:00:00.000Z`).
    static func datetime(millis: Int64) -> String {
        MastodonDate.string(Date(timeIntervalSince1970: Double(millis) / 1000))
    }
}
