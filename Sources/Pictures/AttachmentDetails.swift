import Foundation
import MicroblogKit
import ParlaBase

/// What is known of an attachment's file, as said and shown on the screen and in line mode: how long it plays,
/// its size in pixels, a video's frame rate and the file's size ("1 minute 28 seconds, 1280 by 720, 30 frames
/// a second, 12.3 MB").
public enum AttachmentDetails {
    /// Whether an attachment plays (a video, an animation, a sound): Enter hands it to the desktop's player.
    public static func plays(_ attachment: MediaAttachment) -> Bool { attachment.kind.plays }

    /// The details known, joined by commas; nil when nothing is known.
    ///
    /// - Parameters:
    ///   - size: the file's size in bytes, when known.
    ///   - sizeAnswered: whether the host answered the question of its size: a video or sound whose size is still not
    ///     known then says "size unknown".
    ///   - length: whether how long it plays is among them (not where it was said just before).
    public static func text(_ attachment: MediaAttachment, size: Int?, sizeAnswered: Bool = false, length: Bool = true,
                            localizer: Localizer) -> String? {
        var parts: [String] = []
        if length, let duration = attachment.duration { parts.append(PlayingTimeText.words(duration, localizer: localizer)) }
        if attachment.kind != .audio, let width = attachment.width, let height = attachment.height {
            parts.append(localizer.string("media.dimensions", ["width": String(width), "height": String(height)]))
        }
        if attachment.kind == .video || attachment.kind == .gifv, let rate = attachment.frameRate {
            parts.append(localizer.plural("media.frame-rate", count: max(1, Int(rate.rounded()))))
        }
        if let size {
            parts.append(ByteCountText.megabytes(size))
        } else if sizeAnswered, plays(attachment) {
            parts.append(localizer.string("media.size-unknown"))
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
