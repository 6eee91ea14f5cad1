import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation
import SpeechKit
import TerminalKit

/// Settings: every speech, sound, theme, language, verbosity, punctuation, template, keypad-dwell and
/// autoread choice; each takes effect at once (the next thing said already uses it) and is saved.
/// A choice changes only when Enter keeps it: the arrows only show the options, and leaving puts back the
/// value kept. What was chosen is said with its sample, in one utterance ("200 chosen. This is how Parla
/// sounds now."), so that neither cuts the other.
final class SettingsScreen: AppScreen {
    static let voices = ["en-GB", "en-US", "es", "ca"]
    static let rates = [120, 150, 175, 200, 250, 300, 350]
    static let pitches = [30, 40, 50, 60, 70]
    static let volumes = [50, 75, 100, 150, 200]
    static let dwells = [600, 800, 1000, 1200, 1500, 2000, 3000]

    unowned let app: AppContext
    let language: Segmented
    let theme: Segmented
    let voice: Segmented
    let rate: Segmented
    let pitch: Segmented
    let volume: Segmented
    let punctuation: Segmented
    let verbosity: Segmented
    let echo: Segmented
    let sounds: Toggle
    /// Sound pack, sound volume and post cues.
    let sound: SoundSettings
    /// Asking before a file without a description, checking spelling before sending.
    let writing: WritingSettings
    /// The drawing for a screen reader.
    let screenReader: ScreenReaderSettings
    /// The braille display and how long alerts stay on it.
    let braille: BrailleSettings
    /// Recognising the text in undescribed pictures.
    let pictures: PictureSettings
    let dwell: Segmented
    let scanning: Toggle
    let keypadShown: Toggle
    let autoread: Toggle
    let warnings: Toggle
    let wholePosts: Toggle
    let links: Segmented
    /// One per verbosity level (full, short, minimal).
    let templates: [Segmented]
    let toolbar: Toolbar
    private let focusAt: Int

    var title: String { app.string("screens.settings.title") }
    var helpIntro: String { app.string("screens.settings.help") + " " + app.string("settings.choices.help") }
    var controls: [any Control] {
        var all: [any Control] = [language, theme, voice, rate, pitch, volume, punctuation, verbosity, echo, sounds, dwell, autoread, warnings, wholePosts, links]
        all += templates as [any Control]
        all += [scanning, keypadShown] as [any Control]
        for group in [writing.controls, screenReader.controls, braille.controls, pictures.controls, sound.controls] { all += group }
        return all
    }
    var initialFocus: Int { focusAt }

    init(app: AppContext, focus: Int = 0) {
        self.app = app
        focusAt = focus
        let s = app.settings
        let string = app.string
        language = Segmented(string("screens.settings.language", [:]), options: Language.allCases.map { string("language.\($0.code)", [:]) },
                             selected: Language.allCases.firstIndex(of: s.language) ?? 0)
        theme = Segmented(string("screens.settings.theme", [:]), options: ThemeName.allCases.map { string($0.nameKey, [:]) },
                          selected: ThemeName.allCases.firstIndex(of: s.theme) ?? 0)
        voice = Segmented(string("screens.settings.voice", [:]), options: Self.voices.map { string("screens.voice.\($0.lowercased())", [:]) },
                          selected: Self.voices.firstIndex(of: s.voice) ?? 0)
        rate = Segmented(string("screens.settings.rate", [:]), options: Self.rates.map(String.init), selected: Self.nearest(s.rate, in: Self.rates))
        pitch = Segmented(string("screens.settings.pitch", [:]), options: Self.pitches.map(String.init), selected: Self.nearest(s.pitch, in: Self.pitches))
        volume = Segmented(string("screens.settings.volume", [:]), options: Self.volumes.map(String.init), selected: Self.nearest(s.volume, in: Self.volumes))
        punctuation = Segmented(string("screens.settings.punctuation", [:]),
                                options: PunctuationLevel.allCases.map { string("screens.punctuation.\($0.rawValue)", [:]) },
                                selected: PunctuationLevel.allCases.firstIndex(of: s.punctuation) ?? 0)
        verbosity = Segmented(string("screens.settings.verbosity", [:]), options: Verbosity.allCases.map { string($0.nameKey, [:]) },
                              selected: Verbosity.allCases.firstIndex(of: s.verbosity) ?? 0)
        echo = Segmented(string("screens.settings.echo", [:]), options: EchoMode.allCases.map { string($0.nameKey, [:]) },
                         selected: EchoMode.allCases.firstIndex(of: s.echo) ?? 0)
        sounds = Toggle(string("screens.settings.sounds", [:]), isOn: s.sounds)
        sound = SoundSettings(app: app)
        writing = WritingSettings(app: app)
        screenReader = ScreenReaderSettings(app: app)
        braille = BrailleSettings(app: app)
        pictures = PictureSettings(app: app)
        dwell = Segmented(string("screens.settings.dwell", [:]), options: Self.dwells.map { string("screens.settings.ms", ["ms": String($0)]) },
                          selected: Self.nearest(s.dwellMilliseconds, in: Self.dwells))
        scanning = Toggle(string("screens.settings.scanning", [:]), isOn: s.scanning)
        keypadShown = Toggle(string("screens.settings.keypad", [:]), isOn: s.keypadShown)
        autoread = Toggle(string("screens.settings.autoread", [:]), isOn: s.autoreadMentions)
        warnings = Toggle(string("screens.settings.warnings", [:]), isOn: s.readWarningBody)
        wholePosts = Toggle(string("screens.settings.whole-posts", [:]), isOn: s.wholePosts)
        links = Segmented(string("screens.settings.links", [:]), options: SpeechText.LinkDisplay.allCases.map { string("screens.links.\($0.rawValue)", [:]) },
                          selected: SpeechText.LinkDisplay.allCases.firstIndex(of: s.linkDisplay) ?? 0)
        templates = PostTemplate.Level.allCases.map { level in
            let current = s.templates[level] ?? .standard(level)
            let preset = current.presetName(for: level)
            var names = PostTemplate.presetNames.map { string("screens.template.\($0)", [:]) }
            if preset == nil { names.append(string("screens.template.custom", [:])) }
            return Segmented(string("screens.settings.template.\(level.rawValue)", [:]), options: names,
                             selected: preset.flatMap { PostTemplate.presetNames.firstIndex(of: $0) } ?? names.count - 1)
        }
        toolbar = Toolbar(localizer: app.localizer)
        for choice in controls.compactMap({ $0 as? Segmented }) { choice.keepsOnLeave = false }
        // Those with a sample say what was chosen with it (``answer(_:after:chosen:)``).
        for choice in [voice, rate, pitch, volume, punctuation, links] + templates { choice.quietChoice = true }
        for toggle in [warnings, wholePosts] { toggle.quietChange = true }
    }

    static func nearest(_ value: Int, in options: [Int]) -> Int {
        options.enumerated().min(by: { abs($0.element - value) < abs($1.element - value) })?.offset ?? 0
    }

    /// Strings are set when the screen is made; a language change makes a new Settings screen.
    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        var chosen: Int?
        if case .selected(let index) = event.kind { chosen = index }
        var on: Bool?
        if case .toggled(let value) = event.kind { on = value }
        let source = event.source
        if let forgotten = writing.forget(event) { return forgotten }
        if let pixels = pictures.answerPixels(event, app: app) { return pixels }
        if source === language, let chosen {
            let next = Language.allCases[chosen]
            guard next != app.settings.language || next != app.localizer.language else { return .none }
            return app.switchLanguage(to: next, focus: 0)
        }
        var next = app.settings
        // The sample is made once the new settings are in force (read as they now read).
        var sample: Sample?
        var response = ScreenResponse()
        if source === theme, let chosen {
            next.theme = ThemeName.allCases[chosen]
        } else if source === voice, let chosen {
            next.voice = Self.voices[chosen]
            sample = .voice
        } else if source === rate, let chosen {
            next.rate = Self.rates[chosen]
            sample = .voice
        } else if source === pitch, let chosen {
            next.pitch = Self.pitches[chosen]
            sample = .voice
        } else if source === volume, let chosen {
            next.volume = Self.volumes[chosen]
            sample = .voice
        } else if source === punctuation, let chosen {
            next.punctuation = PunctuationLevel.allCases[chosen]
            sample = .punctuation
        } else if source === verbosity, let chosen {
            next.verbosity = Verbosity.allCases[chosen]
            response.settings = next.controlSettings
        } else if source === echo, let chosen {
            next.echo = EchoMode.allCases[chosen]
            response.settings = next.controlSettings
        } else if source === dwell, let chosen {
            next.dwellMilliseconds = Self.dwells[chosen]
            response.settings = next.controlSettings
        } else if let level = templates.firstIndex(where: { $0 === source }).map({ PostTemplate.Level.allCases[$0] }), let chosen {
            guard chosen < PostTemplate.presetNames.count, let preset = PostTemplate.presets[PostTemplate.presetNames[chosen]]?[level] else {
                return .none
            }
            next.templates[level] = preset
            sample = .template(level)
        } else if source === warnings, let on {
            next.readWarningBody = on
            sample = .warning
        } else if source === wholePosts, let on {
            next.wholePosts = on
            sample = .whole
        } else if source === links, let chosen {
            next.linkDisplay = SpeechText.LinkDisplay.allCases[chosen]
            sample = .link
        } else if source === sounds, let on {
            next.sounds = on
        } else if source === scanning, let on {
            next.scanning = on
            response.settings = next.controlSettings
        } else if source === keypadShown, let on {
            next.keypadShown = on
        } else if source === autoread, let on {
            next.autoreadMentions = on
        } else if writing.apply(event, to: &next) || braille.apply(event, to: &next) || pictures.apply(event, to: &next, app: app) {
            // Heard as the toggle says it; nothing else to sample.
        } else if screenReader.apply(event, to: &next) {
            // Seen at once: the screen draws with the theme the setting gives.
        } else if sound.apply(event, to: &next) {
            let problems = app.send(.settingsChanged(next))
            var answer = ScreenResponse(problems + app.applySound().map { app.say($0, priority: .alert, earcon: .error) })
            // The leave sound is the host's: it hears of the change at once.
            answer.settings = next.controlSettings
            return answer
        } else {
            return .none
        }
        let problems = app.send(.settingsChanged(next))
        if source === theme || source === screenReader.drawing { response.theme = app.theme }
        if source === verbosity || source === warnings || source === wholePosts || source === links || templates.contains(where: { $0 === source }) {
            // Posts on the screens below are presented again with the new template and options.
            app.request(.relocalize(except: self))
        }
        response.announcements = (sample.map { [.say(answer($0, after: source, chosen: chosen))] } ?? []) + problems
        return response
    }

    /// The sample, after what was chosen in one utterance ("200 chosen. This is how Parla sounds now."); after
    /// a toggle, which says itself, the sample waits its turn instead of cutting it.
    func answer(_ sample: Sample, after source: AnyObject, chosen: Int?) -> Utterance {
        var said = utterance(for: sample)
        if let toggle = source as? Toggle, toggle.quietChange {
            // "On. Sample: …": the state first, then what it does; a second press cuts it.
            let state = app.string(toggle.isOn ? "lv.state.on" : "lv.state.off")
            let lead = Utterance.Segment(state.prefix(1).uppercased() + state.dropFirst() + ". ")
            return Utterance(segments: [lead] + said.segments, priority: said.priority)
        }
        guard let choice = source as? Segmented, choice.quietChoice, let chosen, choice.options.indices.contains(chosen) else {
            said.priority = .alert
            return said
        }
        let lead = Utterance.Segment(app.string("lv.chosen", ["value": choice.options[chosen]]) + ". ")
        return Utterance(segments: [lead] + said.segments, priority: said.priority)
    }

    /// What a change lets the user hear at once.
    enum Sample {
        case voice, punctuation, warning, link, whole
        case template(PostTemplate.Level)
    }

    /// The sample as the settings in force say it.
    func utterance(for sample: Sample) -> Utterance {
        switch sample {
        case .voice: Utterance(app.string("screens.settings.sample"))
        case .punctuation: Utterance(app.string("screens.settings.punctuation-sample"))
        case .template(let level): self.sample(level: level)
        case .warning: self.sample(level: app.settings.templateLevel, warning: true)
        case .whole: self.sample(level: app.settings.templateLevel, long: true)
        case .link: Utterance(app.string("screens.settings.links-sample", ["link": sampleLink()]))
        }
    }

    /// A made-up post read as the settings now read it ("Sample: Ana: Good morning! …").
    func sample(level: PostTemplate.Level, warning: Bool = false, long: Bool = false) -> Utterance {
        var presentation = app.settings.presentation
        presentation.level = level
        presentation.template = app.settings.templates[level] ?? .standard(level)
        let presented = app.services.presenter.present(samplePost(warning: warning, long: long), localizer: app.localizer, now: app.services.wallClock(), settings: presentation)
        return Utterance(app.string("screens.settings.template-sample", ["text": presented.spoken]))
    }

    func samplePost(warning: Bool, long: Bool = false) -> Post {
        let author = Account(id: "sample", acct: "ana", username: "ana", displayName: app.string("screens.settings.sample-author"))
        let words = app.string(long ? "screens.settings.sample-long-text" : "screens.settings.sample-text")
        let text = RichText.plain(long ? words : words + " 🎉🎉🎉")
        return Post(id: "sample", createdAt: app.services.wallClock().addingTimeInterval(-300), account: author, content: text,
                    spoilerText: warning ? app.string("screens.settings.sample-warning") : "", language: app.localizer.language.code,
                    favouritesCount: 2)
    }

    /// A long link as the screen now shows it.
    func sampleLink() -> String {
        let address = "https://www.example.com/news/2026/a-long-story-about-speech"
        return app.text(RichText([.link(url: address, text: address, shown: "example.com/news/2026/a-long-st…")])).display
    }

    func layout(in area: Rect, focus: Int, context: ControlContext) -> [Rect] {
        return ScrollingLayout.vertical(controls, in: area, focus: focus)
    }
}
