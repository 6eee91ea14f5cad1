import Foundation
import MicroblogKit

/// An account's attachments' files and the text recognised in them, in `media/` beside the cache and the
/// drafts: `<id>` holds the file's bytes, `<id>.txt` the text read in it, `<id>.size` the size its host told of a
/// file not fetched (a video's, a sound's). Attachment ids are the server's,
/// unique within the account; an id is kept to letters, digits, `-` and `_` before it names a file.
public struct MediaCache: Sendable {
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// The file that keeps `attachment`'s bytes.
    func file(_ attachment: MediaAttachment, suffix: String = "") -> URL {
        let allowed = attachment.id.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" }
        let name = allowed.isEmpty ? "attachment" : String(String.UnicodeScalarView(allowed.prefix(100)))
        return folder.appendingPathComponent(name + suffix)
    }

    /// The kept bytes of `attachment`, if any.
    public func data(_ attachment: MediaAttachment) -> Data? { FileManager.default.contents(atPath: file(attachment).path) }

    /// Keeps `data` as `attachment`'s file; a folder that cannot be written only means it is fetched again.
    public func keep(_ data: Data, for attachment: MediaAttachment) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try? AtomicFile.write(data, to: file(attachment))
    }

    /// The text kept for `attachment`, if it was read.
    public func text(_ attachment: MediaAttachment) -> String? {
        FileManager.default.contents(atPath: file(attachment, suffix: ".txt").path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The size in bytes of `attachment`'s file: the kept file's, or the one its host told before.
    public func size(_ attachment: MediaAttachment) -> Int? {
        if let attributes = try? FileManager.default.attributesOfItem(atPath: file(attachment).path),
           let bytes = attributes[.size] as? NSNumber {
            return bytes.intValue
        }
        return FileManager.default.contents(atPath: file(attachment, suffix: ".size").path).flatMap { Int(String(decoding: $0, as: UTF8.self)) }
    }

    /// Keeps the size the host told of `attachment`'s file.
    public func keepSize(_ bytes: Int, for attachment: MediaAttachment) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try? AtomicFile.write(Data(String(bytes).utf8), to: file(attachment, suffix: ".size"))
    }

    /// Keeps the text read in `attachment`.
    public func keepText(_ text: String, for attachment: MediaAttachment) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try? AtomicFile.write(Data(text.utf8), to: file(attachment, suffix: ".txt"))
    }
}
