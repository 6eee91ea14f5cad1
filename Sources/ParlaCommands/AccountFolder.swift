import Foundation
import MicroblogKit

/// Where an account's own files live: `DATA/accounts/<name>` (cache, drafts, saved budget).
public enum AccountFolder {
    /// The folder for an account name; characters unsafe in a file name become `_`.
    public static func url(for name: String, data: URL) -> URL {
        let safe = String(name.unicodeScalars.map { scalar -> Character in
            CharacterSet.alphanumerics.contains(scalar) || "@._-".unicodeScalars.contains(scalar) ? Character(scalar) : "_"
        })
        return data.appendingPathComponent("accounts", isDirectory: true).appendingPathComponent(safe, isDirectory: true)
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
