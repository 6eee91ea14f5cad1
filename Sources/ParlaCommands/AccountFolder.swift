import Foundation
import MicroblogKit

/// Where an account's own files live: `DATA/accounts/<name>` (cache, drafts, saved budget).
public enum AccountFolder {
    /// The folder for an account name; characters unsafe in a file name become `_`.
    public static func url(for name: String, data: URL) -> URL {
        let safe = String(name.unicodeScalars.map { scalar -> Character in
            CharacterSet.alphanumerics.contains(scalar) || "@._-".unicodeScalars.contains(scalar) ? Character(scalar) : "_"
        })
        return data.appendingPathComponent("accounts", isDirectory: true).appendingPathComponent(bounded(safe), isDirectory: true)
    }

    /// The longest folder name used; file systems allow 255 bytes.
    static let maxNameBytes = 120

    /// `safe` as it is when short; else its first characters and a hash of the whole, so two long names
    /// stay apart and the folder can be created.
    static func bounded(_ safe: String) -> String {
        guard safe.utf8.count > maxNameBytes else { return safe }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in safe.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        var head = ""
        for character in safe {
            if head.utf8.count + character.utf8.count > maxNameBytes - 17 { break }
            head.append(character)
        }
        let digits = String(hash, radix: 16)
        return head + "-" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The folder, created with owner-only permissions.
    ///
    /// - Throws: ``MicroblogError/storage(detail:)``.
    public static func create(for name: String, data: URL) throws -> URL {
        let folder = url(for: name, data: data)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw MicroblogError.storage(detail: folder.path)
        }
        return folder
    }
}
