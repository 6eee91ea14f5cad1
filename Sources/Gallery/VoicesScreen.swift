import LVControls
import ParlaBase
import SpeechKit
import TerminalKit

/// Voices: the same sentence in several voices and at several rates; the choice is saved.
///
/// The sample is handed to the speech output as an utterance tagged with the voice's language;
/// the rate is a value the speech settings apply, shown and saved here, not faked.
public final class VoicesScreen: Screen {
    /// Voices offered: language tags the speech engine chooses voices by.
    public static let voices = ["en-GB", "en-US", "es-ES", "ca-ES"]
    /// Rates offered, in words per minute.
    public static let rates = [120, 150, 175, 200, 250, 300]

    public let title: String
    public let helpIntro: String
    public let controls: [any Control]
    public let toolbar: Toolbar
    let voice: Segmented
    let rate: Segmented
    let play: Button
    let use: Button
    let note: Label
    let gallery: GalleryContext

    public init(gallery: GalleryContext) {
        self.gallery = gallery
        title = gallery.string("gallery.app.voices")
        helpIntro = gallery.string("gallery.voices.help")
        voice = Segmented(gallery.string("gallery.voices.voice"),
                          options: Self.voices.map { gallery.string("gallery.voice.\($0.lowercased())") },
                          selected: Self.voices.firstIndex(of: gallery.settings.voice) ?? 0)
        rate = Segmented(gallery.string("gallery.voices.rate"),
                         options: Self.rates.map { String($0) },
                         selected: Self.rates.firstIndex(of: gallery.settings.rate) ?? 2)
        play = Button(gallery.string("gallery.voices.play"))
        use = Button(gallery.string("gallery.voices.use"))
        note = Label(text: gallery.string("gallery.voices.note"))
        controls = [voice, rate, play, use, note]
        toolbar = Toolbar(localizer: gallery.localizer)
    }

    /// The sample utterance for the voice shown: the sentence in that voice's own language.
    public func sample() -> Utterance {
        let tag = Self.voices[voice.selected]
        let language = Language(localeIdentifier: tag) ?? .english
        let text = gallery.localizer.string("gallery.voices.sample", in: language, ["rate": String(Self.rates[rate.selected])])
        return Utterance(text, language: tag, priority: .focus)
    }

    public func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard event.kind == .activated else { return .none }
        if event.source === play { return ScreenResponse([.say(sample())]) }
        if event.source === use {
            let tag = Self.voices[voice.selected], wpm = Self.rates[rate.selected]
            var said = gallery.update {
                $0.voice = tag
                $0.rate = wpm
            }
            said.insert(.text(gallery.string("gallery.voices.saved", ["voice": voice.options[voice.selected], "rate": String(wpm)]),
                              earcon: .sent), at: 0)
            return ScreenResponse(said)
        }
        return .none
    }
}
