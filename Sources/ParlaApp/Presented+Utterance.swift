import LVControls
import ParlaPresentation
import SpeechKit

extension SpeechText.Output {
    /// What is said, each segment in its own voice (a post's words in its language, the interface's
    /// words around them in the interface's).
    func utterance(priority: SpeechPriority = .focus, earcon: Earcon? = nil) -> Utterance {
        speech.utterance(priority: priority, earcon: earcon)
    }

    /// What a list held back of the post (``SpeechText/Output/rest``); nil: it was said whole.
    var moreSpeech: WheelItemSpeech? {
        rest.isEmpty ? nil : WheelItemSpeech(segments: rest.map { Utterance.Segment($0.text, language: $0.language) }, language: language)
    }

    /// The speech of a wheel's item.
    var speech: WheelItemSpeech {
        WheelItemSpeech(segments: segments.map { Utterance.Segment($0.text, language: $0.language) }, language: language)
    }
}
