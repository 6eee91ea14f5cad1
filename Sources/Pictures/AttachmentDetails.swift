import Foundation
import MicroblogKit
import ParlaBase

/// What is known of an attachment's file, as said and shown on the screen and in line mode: how long it plays,
/// its size in pixels, a video's frame rate and the file's size ("1 minute 28 seconds, 1280 by 720, 30 frames
/// a second, 12.3 MB").
public enum AttachmentDetails {
    /// Whether an attachment plays (a video, an animation, a sound): Enter hands it to the desktop's player.
    public static func plays(_ attachment: MediaAttachment) -> Bool {
        switch attachment.kind {
        case .video, .gifv, .audio: true
        case .image, .unknown: false
        }
    }

    /// The details known, joined by commas; nil when nothing is known.
    ///
    /// - Parameters:
    ///   - size: the file's size in bytes, when known.
    ///   - sizeAnswered: whether the host answered the question of its size: a video or sound whose size is still not
    ///     known then says "size unknown".
    public static func text(_ attachment: MediaAttachment, size: Int?, sizeAnswered: Bool = false, localizer: Localizer) -> String? {
        var parts: [String] = []
        if let duration = attachment.duration { parts.append(self.duration(duration, localizer: localizer)) }
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

    /// "1 hour 2 minutes 5 seconds", "1 minute 28 seconds", "4 seconds": whole seconds, at least one.
    public static func duration(_ seconds: Double, localizer: Localizer) -> String {
        let total = max(1, Int(min(seconds, 1e9).rounded()))
        let hours = total / 3600, minutes = total % 3600 / 60, rest = total % 60
        var parts: [String] = []
        if hours > 0 { parts.append(localizer.plural("media.duration.hours", count: hours)) }
        if minutes > 0 { parts.append(localizer.plural("media.duration.minutes", count: minutes)) }
        if rest > 0 { parts.append(localizer.plural("media.duration.seconds", count: rest)) }
        return parts.joined(separator: " ")
    }
}
