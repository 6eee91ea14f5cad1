import Foundation

/// A file to attach to a post, with its description; once uploaded it keeps the server's id, so a post
/// sent again (after a failure, or by the outbox after a restart) does not upload it twice.
public struct NewAttachment: Codable, Hashable, Sendable {
    /// The file's path on this computer.
    public var path: String
    /// The alt text; empty for none (posting without one asks for confirmation first).
    public var description: String
    /// The server's id for the upload, once it is done.
    public var mediaId: String?

    public init(path: String, description: String, mediaId: String? = nil) {
        self.path = path
        self.description = description
        self.mediaId = mediaId
    }

    /// The file's name without its folder (`photo.jpg`).
    public var fileName: String { (path as NSString).lastPathComponent }
}
