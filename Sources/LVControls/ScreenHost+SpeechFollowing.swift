import SpeechKit

/// Following speech (``SpeechFollowing``): while the focused control follows its own utterance, the
/// host looks at the word heard every ``speechFollowInterval`` and before every key.
extension ScreenHost {
    /// How often the word heard is looked at while a control follows its speech (shorter than any word).
    public static let speechFollowInterval: Duration = .milliseconds(50)

    /// The focused control, when it follows its own speech now.
    var speechFollower: (any SpeechFollowing)? {
        guard !stack.isEmpty, let follower = focused as? any SpeechFollowing, follower.isFollowingSpeech else { return nil }
        return follower
    }

    /// When the word heard is looked at next: at once when a control has just begun to follow.
    var speechFollowDeadline: Duration? {
        speechFollower == nil ? nil : (speechFollowDue ?? clock.now())
    }

    /// Hands the word heard to the following control; ends the following when speech went quiet.
    /// Returns whether the control moved (only then is a frame worth drawing).
    @discardableResult
    func followSpeech() -> Bool {
        guard let follower = speechFollower else {
            speechFollowDue = nil
            return false
        }
        let moved = follower.followSpeech(speech.currentWord)
        if speech.isSpeaking, follower.isFollowingSpeech {
            speechFollowDue = clock.now() + Self.speechFollowInterval
        } else {
            follower.stopFollowingSpeech()
            speechFollowDue = nil
        }
        return moved
    }
}
