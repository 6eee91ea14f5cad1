import SpeechKit

/// A control that moves with its own speech as it is heard: the reader's "read to the end" takes its
/// highlight and the hardware cursor word by word along with the voice.
///
/// The host knows no particular control: while the focused control ``isFollowingSpeech``, it looks at
/// the word heard every ``ScreenHost/speechFollowInterval`` (and before every key, so that a key acts
/// from the word last heard) and draws only when the control says it moved. When speech goes quiet
/// the host ends the following and the control stays on the last word heard.
public protocol SpeechFollowing: AnyObject {
    /// Whether the control is following an utterance it gave.
    var isFollowingSpeech: Bool { get }
    /// The word heard now (nil: none yet, or between utterances); returns whether what the control
    /// shows moved. A word of another utterance, once its own was heard, ends the following.
    func followSpeech(_ word: SpeechQueue.SpokenWord?) -> Bool
    /// Speech went quiet: the control stays where it is and stops following.
    func stopFollowingSpeech()
}
