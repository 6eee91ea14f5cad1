import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation
import SpeechKit
import TerminalKit

/// Everything the Settings screen sets; saved in `<config>/settings.json`.
///
/// The file is shared with the gallery (`theme`, `voice`, `rate`, `verbosity`, `dwellMilliseconds`
/// mean the same there); keys neither knows are kept as they were when it is written.
public struct AppSettings: Sendable, Equatable {
    public var language: Language = .english
    public var theme: ThemeName = .highContrast
    /// The voice's language tag for interface speech; posts use their own language.
    public var voice: String = "en-GB"
    public var rate: Int = 175
    public var pitch: Int = 50
    public var volume: Int = 100
    public var punctuation: PunctuationLevel = .some
    public var verbosity: Verbosity = .full
    public var echo: EchoMode = .characters
    public var sounds: Bool = true
    /// The earcons' sound pack (`Sounds/<name>/`, or the user's in `<config>/sounds/<name>/`).
    public var soundPack: String = "default"
    /// How loud earcons play, 0–100 % of their files; speech has its own ``volume``.
    public var soundVolume: Int = 100
    /// Whether a cue sound says what kind of post is read before its words (boost, reply, poll, media).
    public var postCues: Bool = true
    /// Whether Tab and the arrows play the leave earcon, then the focus earcon after it.
    public var leaveSound: Bool = true
    public var dwellMilliseconds: Int = 1200
    /// One-switch scanning: focus moves by itself at the dwell interval; the switch (Space) acts.
    public var scanning: Bool = false
    /// Whether compose shows its keypad (hidden, the text field takes the keyboard alone).
    public var keypadShown: Bool = true
    /// Whether compose offers predicted words (learnt on this computer only).
    public var wordPrediction: Bool = true
    /// Mentions and direct messages read as soon as they come.
    public var autoreadMentions: Bool = true
    /// Whether sending a file without a description asks for a second Send.
    public var confirmMissingDescription: Bool = true
    /// Whether sending checks the spelling first (misspelt words are reviewed before the post goes).
    public var checkSpellingBeforeSending: Bool = false
    /// How a post is read and shown in a list, per verbosity level (``PostTemplate``); edited in
    /// `settings.json` or chosen among the presets in Settings.
    public var templates: [PostTemplate.Level: PostTemplate] = Dictionary(uniqueKeysWithValues: PostTemplate.Level.allCases.map { ($0, .standard($0)) })
    /// Whether a post's body is read (and shown) after its content warning without asking.
    public var readWarningBody = false
    /// Whether lists say a post's body whole; off, its opening and "More." (Right says the rest).
    public var wholePosts = false
    /// How links are shown on screen (they are always said by their domain).
    public var linkDisplay: SpeechText.LinkDisplay = .short
    /// Whether times are said relative ("5 hours ago") or as the date and time in the language's format.
    public var timeDisplay: SpeechText.TimeDisplay = .relative
    /// The screen-reader drawing (`--plain`): no rules, boxes or marker characters, no counters that change
    /// at every move, focus shown by a reverse-video block (``Theme/plain``), for users of their own screen reader.
    public var screenReaderDrawing = false
    /// Whether the focus line is written to a braille display when a BrlAPI server answers (`--braille auto`).
    public var braille: Bool = true
    /// How long an alert stays on the braille display before the focus line comes back; 0: not shown there.
    public var brailleAlertSeconds: Int = 4
    /// Whether the text in undescribed pictures is recognised (on this computer) as their post is read, so `a`
    /// and the reader answer with it at once.
    public var recognizeUndescribedPictures: Bool = false
    /// Whether the picture view draws in the terminal's own pixel graphics (sixel or kitty), where the terminal said
    /// it has them; off, pictures are drawn in characters, as on every terminal.
    public var pictureGraphics: Bool = false

    public init() {}

    /// The voice usually chosen for an interface language.
    public static func voice(for language: Language) -> String {
        switch language {
        case .english: "en-GB"
        case .spanish: "es"
        case .catalan: "ca"
        }
    }

    /// The template level of the verbosity.
    public var templateLevel: PostTemplate.Level { PostTemplate.Level(rawValue: verbosity.rawValue) ?? .full }

    /// The template of the current verbosity.
    public var template: PostTemplate { templates[templateLevel] ?? .standard(templateLevel) }

    /// What the presenter needs from these settings.
    public var presentation: PresentationSettings {
        PresentationSettings(level: templateLevel, template: template,
                             options: SpeechText.Options(linkDisplay: linkDisplay, readWarningBody: readWarningBody, timeDisplay: timeDisplay,
                                                         wholePosts: wholePosts))
    }

    /// What line mode presents with: a listing is read at the reader's own pace, so at the default level
    /// its posts keep everything the `all` level gives (counts, link previews, media descriptions).
    public var linePresentation: PresentationSettings {
        guard templateLevel == .full else { return presentation }
        var settings = presentation
        settings.level = .all
        settings.template = templates[.all] ?? .standard(.all)
        return settings
    }

    /// Control settings these give.
    public var controlSettings: ControlSettings {
        ControlSettings(verbosity: verbosity, echo: echo, dwell: .milliseconds(dwellMilliseconds), scanning: scanning,
                        leaveSound: leaveSound)
    }

    /// Speech settings these give, on top of `base` (which keeps what Settings does not set).
    public func speechSettings(base: SpeechSettings) -> SpeechSettings {
        var settings = base
        settings.voice.language = voice
        settings.voice.rate = rate
        settings.voice.pitch = pitch
        settings.voice.volume = volume
        settings.voice.punctuation = punctuation
        settings.sounds = sounds
        return settings
    }
}

/// Where the app's settings are read and written.
public protocol AppSettingsStore: AnyObject {
    /// The saved settings (defaults for anything not saved).
    func load() throws -> AppSettings
    func save(_ settings: AppSettings) throws
}

/// Why settings could not be read or written.
public enum SettingsError: Error, Equatable {
    case unreadable(path: String)
    /// The file could not be read and was renamed to `keptAt`, so that nothing in it is lost.
    case keptAside(path: String, keptAt: String)
    case unwritable(path: String)

    /// The message to say and show.
    public func message(_ localizer: Localizer) -> String {
        switch self {
        case .unreadable(let path): localizer.string("screens.error.settings-read", ["path": path])
        case .keptAside(let path, let kept): localizer.string("screens.error.settings-kept", ["path": path, "kept": kept])
        case .unwritable(let path): localizer.string("screens.error.settings-write", ["path": path])
        }
    }
}

/// Settings in `<config>/settings.json`, shared with the gallery's.
public typealias FileAppSettingsStore = JSONSettingsFile<AppSettings>

extension JSONSettingsFile: AppSettingsStore where Settings == AppSettings {}

extension AppSettings: JSONSettings {
    public init(json object: [String: Any]) {
        self.init()
        if let raw = object["language"] as? String, let language = Language(rawValue: raw) { self.language = language }
        if let raw = object["theme"] as? String, let theme = ThemeName(rawValue: raw) { self.theme = theme }
        if let voice = object["voice"] as? String, !voice.isEmpty { self.voice = voice }
        if let rate = object["rate"] as? Int, VoiceSettings.rateRange.contains(rate) { self.rate = rate }
        if let pitch = object["pitch"] as? Int, VoiceSettings.pitchRange.contains(pitch) { self.pitch = pitch }
        if let volume = object["volume"] as? Int, VoiceSettings.volumeRange.contains(volume) { self.volume = volume }
        if let raw = object["punctuation"] as? String, let level = PunctuationLevel(rawValue: raw) { punctuation = level }
        if let raw = object["verbosity"] as? String, let verbosity = Verbosity(rawValue: raw) { self.verbosity = verbosity }
        if let raw = object["echo"] as? String, let echo = EchoMode(rawValue: raw) { self.echo = echo }
        if let sounds = object["sounds"] as? Bool { self.sounds = sounds }
        if let pack = object["soundPack"] as? String, !pack.isEmpty, pack.count <= 64 { soundPack = pack }
        if let volume = object["soundVolume"] as? Int, (0...100).contains(volume) { soundVolume = volume }
        if let cues = object["postCues"] as? Bool { postCues = cues }
        if let leave = object["leaveSound"] as? Bool { leaveSound = leave }
        if let dwell = object["dwellMilliseconds"] as? Int {
            dwellMilliseconds = Int(ControlSettings.clampDwell(.milliseconds(dwell)).milliseconds)
        }
        if let scanning = object["scanning"] as? Bool { self.scanning = scanning }
        if let shown = object["keypadShown"] as? Bool { keypadShown = shown }
        if let prediction = object["wordPrediction"] as? Bool { wordPrediction = prediction }
        if let autoread = object["autoreadMentions"] as? Bool { autoreadMentions = autoread }
        if let confirm = object["confirmMissingDescription"] as? Bool { confirmMissingDescription = confirm }
        if let check = object["checkSpellingBeforeSending"] as? Bool { checkSpellingBeforeSending = check }
        // Before templates per level, `template` named one preset ("standard" or "text-first") for all.
        if let name = object["template"] as? String, let preset = PostTemplate.presets[name == "standard" ? "author-first" : name] {
            templates = preset
        }
        if let saved = object["templates"] as? [String: Any] {
            for (key, value) in saved {
                guard let level = PostTemplate.Level(rawValue: key), let pair = value as? [String: String] else { continue }
                let standard = PostTemplate.standard(level)
                templates[level] = PostTemplate(display: pair["display"] ?? standard.display, spoken: pair["spoken"] ?? standard.spoken).updated(for: level)
            }
        }
        if let read = object["readWarningBody"] as? Bool { readWarningBody = read }
        if let whole = object["wholePosts"] as? Bool { wholePosts = whole }
        if let raw = object["linkDisplay"] as? String, let display = SpeechText.LinkDisplay(rawValue: raw) { linkDisplay = display }
        if let raw = object["timeDisplay"] as? String, let display = SpeechText.TimeDisplay(rawValue: raw) { timeDisplay = display }
        if let plain = object["screenReaderDrawing"] as? Bool { screenReaderDrawing = plain }
        if let raw = object["braille"] as? String { braille = raw != "off" }
        if let seconds = object["brailleAlertSeconds"] as? Int, (0...3600).contains(seconds) { brailleAlertSeconds = seconds }
        if let recognize = object["recognizeUndescribedPictures"] as? Bool { recognizeUndescribedPictures = recognize }
        if let graphics = object["pictureGraphics"] as? Bool { pictureGraphics = graphics }
    }

    public func write(into object: inout [String: Any]) {
        object["language"] = language.rawValue
        object["theme"] = theme.rawValue
        object["voice"] = voice
        object["rate"] = rate
        object["pitch"] = pitch
        object["volume"] = volume
        object["punctuation"] = punctuation.rawValue
        object["verbosity"] = verbosity.rawValue
        object["echo"] = echo.rawValue
        object["sounds"] = sounds
        object["soundPack"] = soundPack
        object["soundVolume"] = soundVolume
        object["postCues"] = postCues
        object["leaveSound"] = leaveSound
        object["dwellMilliseconds"] = dwellMilliseconds
        object["scanning"] = scanning
        object["keypadShown"] = keypadShown
        object["wordPrediction"] = wordPrediction
        object["autoreadMentions"] = autoreadMentions
        object["confirmMissingDescription"] = confirmMissingDescription
        object["checkSpellingBeforeSending"] = checkSpellingBeforeSending
        object["template"] = nil
        object["templates"] = Dictionary(uniqueKeysWithValues: templates.map { level, template in
            (level.rawValue, ["display": template.display, "spoken": template.spoken])
        })
        object["readWarningBody"] = readWarningBody
        object["wholePosts"] = wholePosts
        object["linkDisplay"] = linkDisplay.rawValue
        object["timeDisplay"] = timeDisplay.rawValue
        object["screenReaderDrawing"] = screenReaderDrawing
        object["braille"] = braille ? "auto" : "off"
        object["brailleAlertSeconds"] = brailleAlertSeconds
        object["recognizeUndescribedPictures"] = recognizeUndescribedPictures
        object["pictureGraphics"] = pictureGraphics
    }

    public static func unreadable(path: String) -> any Error { SettingsError.unreadable(path: path) }
    public static func keptAside(path: String, keptAt: String) -> any Error { SettingsError.keptAside(path: path, keptAt: keptAt) }
    public static func unwritable(path: String) -> any Error { SettingsError.unwritable(path: path) }
}

/// What the app can change in the speech output while it runs (the speech queue).
public protocol SpeechControl: AnyObject {
    var settings: SpeechSettings { get set }
}

extension SpeechQueue: SpeechControl {}

/// Whether Speakup (the kernel screen reader) is speaking: its synth file exists and is not "none".
public enum ScreenReaderDetection {
    /// The file Speakup exposes.
    public static let speakupSynthPath = "/sys/accessibility/speakup/synth"

    public static func speakupActive(synthPath: String = speakupSynthPath) -> Bool {
        guard let data = FileManager.default.contents(atPath: synthPath),
              let text = String(data: data, encoding: .utf8) else { return false }
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return !name.isEmpty && name != "none"
    }
}
