import MicroblogKit
import SpeechKit

/// The sound played before a post is read, telling what kind of post it is before the words do.
///
/// One cue per post, the first that applies: a boost, a reply, a content warning, a poll, media
/// with every description, media missing one. A plain post has none. Played only when the
/// "post cues" setting is on (``AppSettings/postCues``).
enum PostCue {
    /// The cue of `post`, or nil for a plain post.
    static func earcon(for post: Post) -> Earcon? {
        if post.isBoost { return .cueBoost }
        let shown = post.shown
        if shown.inReplyToId != nil { return .cueReply }
        if !shown.spoilerText.isEmpty { return .cueContentWarning }
        if shown.poll != nil { return .cuePoll }
        if !shown.media.isEmpty { return shown.media.allSatisfy(\.hasDescription) ? .cueMediaAlt : .cueMediaNoAlt }
        return nil
    }
}
