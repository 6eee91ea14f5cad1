import Foundation

/// A file to attach to a post, with its description; once uploaded it keeps the server's id, so a post
/// sent again (after a failure, or by the outbox after a restart) does not upload it twice.
public struct NewAttachment: Codable, Hashable, Sendable {
    /// The file's path on this computer (for a file already on the server, its address).
    public var path: String
    /// The alt text; empty for none (posting without one asks for confirmation first).
    public var description: String
    /// The server's id for the upload, once it is done.
    public var mediaId: String?
    /// A file already on the server (a redraft's) whose description was changed: it is sent to the server
    /// before the post.
    public var redescribe: Bool

    public init(path: String, description: String, mediaId: String? = nil, redescribe: Bool = false) {
        self.path = path
        self.description = description
        self.mediaId = mediaId
        self.redescribe = redescribe
    }

    private enum CodingKeys: String, CodingKey { case path, description, mediaId, redescribe }

    /// Reads an attachment as the outbox keeps it (those kept before redrafts existed have no `redescribe`).
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            path: try values.decode(String.self, forKey: .path), description: try values.decode(String.self, forKey: .description),
            mediaId: try values.decodeIfPresent(String.self, forKey: .mediaId),
            redescribe: try values.decodeIfPresent(Bool.self, forKey: .redescribe) ?? false)
    }

    /// The file's name without its folder (`photo.jpg`).
    public var fileName: String { (path as NSString).lastPathComponent }
}
