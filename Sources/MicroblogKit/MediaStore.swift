import Foundation

/// A service that can fetch the files of attachments (a server whose media have addresses).
public protocol MediaDownloading: Sendable {
    /// The bytes of `attachment`'s file, at its address.
    ///
    /// - Throws: ``MicroblogError`` as any call to the server would, ``MicroblogError/tooLarge(host:limit:)``
    ///   for a file larger than the transport reads.
    func download(_ attachment: MediaAttachment) async throws -> Data
    /// The size in bytes of `attachment`'s file as its host tells it (a `HEAD` request's `Content-Length`),
    /// without fetching the file; nil when the host does not tell.
    func fileSize(_ attachment: MediaAttachment) async throws -> Int?
}

/// An account's attachments' files and the text recognised in them, fetched once and then kept with the
/// account's other files (so a picture shown twice, or read in line mode after the screen, is not fetched
/// again, and its text is not recognised again).
public protocol MediaStore: Sendable {
    /// The bytes of `attachment`'s file: kept ones, or fetched now and kept.
    ///
    /// - Parameter postId: the post it is attached to, read again first when the file is not kept (an address
    ///   in a cached post may be out of date); nil: the attachment was just read from the server.
    func mediaData(_ attachment: MediaAttachment, of postId: String?) async throws -> Data
    /// The text recognised in `attachment` before (empty: none was found), nil when it was never read.
    func recognizedText(_ attachment: MediaAttachment) async -> String?
    /// Keeps the text recognised in `attachment`.
    func keepRecognizedText(_ text: String, for attachment: MediaAttachment) async
    /// The size in bytes of `attachment`'s file: the kept file's, or the one its host told before, or asked of
    /// the host now (the file is not fetched) and kept; nil when it cannot be known.
    func mediaSize(_ attachment: MediaAttachment) async -> Int?
}
