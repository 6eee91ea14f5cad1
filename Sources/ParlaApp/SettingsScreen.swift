import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation
import SpeechKit
import TerminalKit

/// Settings: every speech, sound, theme, language, verbosity, punctuation, template, keypad-dwell and
/// autoread choice; each takes effect at once (the next thing said already uses it) and is saved.
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
    let sounds: Button
    let dwell: Segmented
    let autoread: Button
    let warnings: Button
    let links: Segmented
    /// One per verbosity level (full, short, minimal).
    let templates: [Segmented]
    let toolbar: Toolbar
    private let focusAt: Int

    var title: String { app.string("screens.settings.title") }
    var helpIntro: String { app.string("screens.settings.help") }
    var controls: [any Control] {
        [language, theme, voice, rate, pitch, volume, punctuation, verbosity, echo, sounds, dwell, autoread, warnings, links] + templates
    }
    var initialFocus: Int { focusAt }
    var actions: [AppAction] { [.quit] }

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
        sounds = Button(string("screens.settings.sounds", [:]), kind: .toggle, isOn: s.sounds)
        dwell = Segmented(string("screens.settings.dwell", [:]), options: Self.dwells.map { string("screens.settings.ms", ["ms": String($0)]) },
                          selected: Self.nearest(s.dwellMilliseconds, in: Self.dwells))
        autoread = Button(string("screens.settings.autoread", [:]), kind: .toggle, isOn: s.autoreadMentions)
        warnings = Button(string("screens.settings.warnings", [:]), kind: .toggle, isOn: s.readWarningBody)
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
        if source === language, let chosen {
            let next = Language.allCases[chosen]
            guard next != app.settings.language || next != app.localizer.language else { return .none }
            return app.switchLanguage(to: next, focus: 0)
        }
        var said: [Announcement] = []
        var response = ScreenResponse()
        if source === theme, let chosen {
            app.settings.theme = ThemeName.allCases[chosen]
            response.theme = app.theme
        } else if source === voice, let chosen {
            app.settings.voice = Self.voices[chosen]
            said.append(.say(Utterance(app.string("screens.settings.sample"))))
        } else if source === rate, let chosen {
            app.settings.rate = Self.rates[chosen]
            said.append(.say(Utterance(app.string("screens.settings.sample"))))
        } else if source === pitch, let chosen {
            app.settings.pitch = Self.pitches[chosen]
            said.append(.say(Utterance(app.string("screens.settings.sample"))))
        } else if source === volume, let chosen {
            app.settings.volume = Self.volumes[chosen]
            said.append(.say(Utterance(app.string("screens.settings.sample"))))
        } else if source === punctuation, let chosen {
            app.settings.punctuation = PunctuationLevel.allCases[chosen]
            said.append(.say(Utterance(app.string("screens.settings.punctuation-sample"))))
        } else if source === verbosity, let chosen {
            app.settings.verbosity = Verbosity.allCases[chosen]
            response.settings = app.settings.controlSettings
        } else if source === echo, let chosen {
            app.settings.echo = EchoMode.allCases[chosen]
            response.settings = app.settings.controlSettings
        } else if source === dwell, let chosen {
            app.settings.dwellMilliseconds = Self.dwells[chosen]
            response.settings = app.settings.controlSettings
        } else if let level = templates.firstIndex(where: { $0 === source }).map({ PostTemplate.Level.allCases[$0] }), let chosen {
            guard chosen < PostTemplate.presetNames.count, let preset = PostTemplate.presets[PostTemplate.presetNames[chosen]]?[level] else {
                return .none
            }
            app.settings.templates[level] = preset
            said.append(.say(sample(level: level)))
        } else if source === warnings, let on {
            app.settings.readWarningBody = on
            said.append(.say(sample(level: app.settings.templateLevel, warning: true)))
        } else if source === links, let chosen {
            app.settings.linkDisplay = SpeechText.LinkDisplay.allCases[chosen]
            said.append(.say(Utterance(app.string("screens.settings.links-sample", ["link": sampleLink()]))))
        } else if source === sounds, let on {
            app.settings.sounds = on
        } else if source === autoread, let on {
            app.settings.autoreadMentions = on
        } else {
            return .none
        }
        app.applySpeechSettings()
        if source === verbosity || source === warnings || source === links || templates.contains(where: { $0 === source }) {
            // Posts on the screens below are presented again with the new template and options.
            for screen in app.host?.screens ?? [] where screen !== self { (screen as? any AppScreen)?.relocalize() }
        }
        response.announcements = said + app.saveSettings()
        return response
    }

    /// A made-up post read as the settings now read it ("Sample: Ana: Good morning! …").
    func sample(level: PostTemplate.Level, warning: Bool = false) -> Utterance {
        var presentation = app.settings.presentation
        presentation.level = level
        presentation.template = app.settings.templates[level] ?? .standard(level)
        let presented = app.presenter.present(samplePost(warning: warning), localizer: app.localizer, now: app.wallClock(), settings: presentation)
        return Utterance(app.string("screens.settings.template-sample", ["text": presented.spoken]))
    }

    func samplePost(warning: Bool) -> Post {
        let author = Account(id: "sample", acct: "ana", username: "ana", displayName: app.string("screens.settings.sample-author"))
        let html = "<p>" + app.string("screens.settings.sample-text") + " 🎉🎉🎉</p>"
        return Post(id: "sample", createdAt: app.wallClock().addingTimeInterval(-300), account: author, content: html,
                    spoilerText: warning ? app.string("screens.settings.sample-warning") : "", language: app.localizer.language.code,
                    favouritesCount: 2)
    }

    /// A long link as the screen now shows it.
    func sampleLink() -> String {
        let html = #"<p><a href="https://www.example.com/news/2026/a-long-story-about-speech" rel="nofollow noopener" target="_blank">"#
            + #"<span class="invisible">https://www.</span><span class="ellipsis">example.com/news/2026/a-long-st</span>"#
            + #"<span class="invisible">ory-about-speech</span></a></p>"#
        return app.text(html).display
    }

    func layout(in area: Rect, context: ControlContext) -> [Rect] {
        let focus = app.host.map { $0.screen === self ? $0.focusIndex : 0 }
        return ScrollingLayout.vertical(controls, in: area, focus: focus)
    }
}
