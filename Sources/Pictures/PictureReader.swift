import Foundation
import MicroblogKit

/// Fetches, decodes and reads attachments' pictures: the one path the screen and line mode share. A
/// picture is fetched once (the account's ``MediaStore`` keeps it) and its text recognised once (kept too);
/// decoding and recognition run off the caller's thread, recognition at background priority.
public struct PictureReader: Sendable {
    public let store: any MediaStore
    public let decoder: any PictureDecoding
    public let recognizer: any TextRecognizing

    public init(store: any MediaStore, decoder: any PictureDecoding, recognizer: any TextRecognizing) {
        self.store = store
        self.decoder = decoder
        self.recognizer = recognizer
    }

    /// The smallest size the picture view decodes a picture at: a wide terminal's columns times the eight
    /// pixels chafa looks at a cell, with room to zoom (a large JPEG is then decoded at a half or a quarter).
    public static let viewDecodeSize = (width: 1600, height: 1200)

    /// Whether an attachment is a picture Parla shows and reads.
    public static func isPicture(_ attachment: MediaAttachment) -> Bool { attachment.kind == .image }

    /// The file's bytes (kept after the first fetch).
    ///
    /// - Parameter postId: the post it is attached to when that was read from the cache (see
    ///   ``MediaStore/mediaData(_:of:)``); nil when it was just read from the server.
    public func data(_ attachment: MediaAttachment, of postId: String?) async throws -> Data {
        guard Self.isPicture(attachment) else { throw PictureError.notAPicture }
        return try await store.mediaData(attachment, of: postId)
    }

    /// The picture decoded, at least `atLeast` large when given (see ``PictureDecoding/decode(_:atLeast:)``).
    public func picture(_ attachment: MediaAttachment, of postId: String?, atLeast: (width: Int, height: Int)?) async throws -> GrayImage {
        let data = try await data(attachment, of: postId)
        let decoder = decoder
        let size = atLeast.map { [$0.width, $0.height] }
        return try await BlockingWork.run(.userInitiated) { try decoder.decode(data, atLeast: size.map { ($0[0], $0[1]) }) }
    }

    /// The text in a picture file on this computer (one being attached to a post), in `languages`; empty
    /// when none was found. Decoding and recognition run at background priority.
    public static func text(
        inFile url: URL, decoder: any PictureDecoding, recognizer: any TextRecognizing, languages: [String] = RecognitionLanguages.all
    ) async throws -> String {
        try await BlockingWork.run(.background) {
            try recognizer.recognize(try decoder.decodeFile(at: url, limits: .standard, atLeast: nil), languages: languages)
        }
    }

    /// The text in the picture (empty: none found), recognised in the post's language first.
    ///
    /// - Throws: `CancellationError` when the task was cancelled before the picture was fetched or read (the
    ///   setting that read it was turned off): no time is spent recognising it then.
    public func text(_ attachment: MediaAttachment, of postId: String?, postLanguage: String?) async throws -> String {
        if let kept = await store.recognizedText(attachment) { return kept }
        try Task.checkCancellation()
        let image = try await picture(attachment, of: postId, atLeast: nil)
        try Task.checkCancellation()
        let recognizer = recognizer
        let languages = RecognitionLanguages.for(postLanguage: postLanguage)
        let text = try await BlockingWork.run(.background) { try recognizer.recognize(image, languages: languages) }
        await store.keepRecognizedText(text, for: attachment)
        return text
    }
}
