import MicroblogKit
import ParlaBase

/// What is said and shown of an attachment's description and of the text read in it, the same on the
/// screen and in line mode.
public enum AttachmentSentences {
    /// "No description. Text in the picture: …", or that no text was found; after the author's own
    /// description (`described`), "Text in the picture: …".
    public static func recognized(_ text: String, described: Bool = false, localizer: Localizer) -> String {
        let safe = TextSafety.stripped(text).split(separator: "\n").joined(separator: " ")
        if described { return safe.isEmpty ? localizer.string("pictures.no-text") : localizer.string("pictures.text", ["text": safe]) }
        return safe.isEmpty
            ? localizer.string("pictures.no-description-no-text")
            : localizer.string("pictures.no-description-text", ["text": safe])
    }

    /// The kind of an attachment as a word ("picture", "video", "sound").
    public static func kind(_ attachment: MediaAttachment, localizer: Localizer) -> String {
        switch attachment.kind {
        case .image: localizer.string("pictures.kind.picture")
        case .video, .gifv: localizer.string("pictures.kind.video")
        case .audio: localizer.string("pictures.kind.audio")
        case .unknown: localizer.string("pictures.kind.other")
        }
    }
}
