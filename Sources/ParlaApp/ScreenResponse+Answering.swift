import LVControls
import SpeechKit

extension ScreenResponse {
    /// The response with its alerts made answers: what a call the user started came to (favourited, vote
    /// counted, or why it failed) cuts the reading and is said at once, instead of waiting behind it.
    func answering() -> ScreenResponse {
        var response = self
        response.announcements = announcements.map { announcement in
            guard case .say(var utterance) = announcement, utterance.priority == .alert else { return announcement }
            utterance.priority = .answer
            return .say(utterance)
        }
        return response
    }
}
