import Foundation
import MicroblogKit
import ParlaBase
import Pictures

extension LineSession {
    /// `parla media ID`: each attachment of a post with its kind, size and description; a picture without a
    /// description (or every picture, with `ocr`) with the text recognised in it, on this computer.
    ///
    /// A picture that cannot be fetched or read says why in its own paragraph; the others are still listed.
    ///
    /// - Parameter show: with `--show`, each picture is also printed, drawn as large as `columns` × `rows`
    ///   allows in two colours (light symbols for light parts, as on a dark terminal); the drawing is printed,
    ///   never said.
    public func media(
        postId: String, ocr: Bool, show: (drawer: any PictureDrawing, columns: Int, rows: Int)? = nil, decoder: any PictureDecoding,
        recognizer: any TextRecognizing
    ) async throws -> LineOutput {
        let engine = try await openEngine()
        let post = try await engine.post(id: postId).shown
        let reader = PictureReader(store: engine, decoder: decoder, recognizer: recognizer)
        var paragraphs: [Paragraph] = []
        var entries: [MediaEntryJSON] = []
        for (index, attachment) in post.media.enumerated() {
            var entry = MediaEntryJSON(id: LineFormatter.clean(attachment.id), kind: LineFormatter.clean(attachment.kind.rawValue),
                                       description: attachment.description.map(LineFormatter.clean), duration: attachment.duration,
                                       width: attachment.width, height: attachment.height, frameRate: attachment.frameRate)
            var sentences: [String] = []
            var drawing: [String] = []
            if attachment.hasDescription {
                sentences.append(localizer.string("pictures.description", ["description": TextSafety.stripped(attachment.description ?? "")]))
            }
            if PictureReader.isPicture(attachment) {
                do {
                    entry.size = try await reader.data(attachment, of: nil).count
                    if let show {
                        let image = try await reader.picture(attachment, of: nil, atLeast: PictureReader.viewDecodeSize)
                        let cells = try show.drawer.draw(image, columns: show.columns, rows: show.rows, ink: RGB(255, 255, 255),
                                                         paper: RGB(0, 0, 0), symbols: .blocks)
                        drawing = (0..<cells.rows).map(cells.line)
                    }
                    if ocr || !attachment.hasDescription {
                        let text = try await reader.text(attachment, of: nil, postLanguage: post.language)
                        entry.text = LineFormatter.clean(text)
                        sentences.append(AttachmentSentences.recognized(text, described: attachment.hasDescription, localizer: localizer))
                    }
                } catch let error as PictureError {
                    entry.error = error.message(localizer)
                    sentences.append(error.message(localizer))
                }
            } else {
                // A video's or a sound's size is asked of its host (`HEAD`): the file is not fetched.
                if AttachmentDetails.plays(attachment) { entry.size = await engine.mediaSize(attachment) }
                if !attachment.hasDescription { sentences.append(localizer.string("pictures.no-description")) }
            }
            let details = AttachmentDetails.plays(attachment)
                ? AttachmentDetails.text(attachment, size: entry.size, sizeAnswered: true, localizer: localizer)
                : entry.size.map(ByteCountText.megabytes)
            let head = localizer.string(details == nil ? "pictures.line.attachment" : "pictures.line.attachment-size", [
                "n": String(index + 1), "count": String(post.media.count), "kind": AttachmentSentences.kind(attachment, localizer: localizer),
                "size": details ?? "",
            ])
            let text = ([head] + sentences).joined(separator: " ")
            paragraphs.append(Paragraph(text: ([text] + drawing).joined(separator: "\n"), spoken: text, language: nil))
            entries.append(entry)
        }
        let json = entries
        return LineOutput(paragraphs: paragraphs, json: LineFormatter.encode(json), empty: localizer.string("pictures.line.no-media"))
    }
}

/// One attachment in `parla media ID --json`.
struct MediaEntryJSON: Encodable, Sendable {
    var id: String
    var kind: String
    var description: String?
    /// How long a video or a sound plays, in seconds.
    var duration: Double?
    /// The picture's or video's size in pixels (Bluesky: its proportions).
    var width: Int?
    var height: Int?
    /// A video's frames per second.
    var frameRate: Double?
    /// The file's bytes: a picture's as fetched; a video's or a sound's as its host tells (not fetched).
    var size: Int?
    /// The text recognised in the picture.
    var text: String?
    /// Why the picture could not be read.
    var error: String?
}
