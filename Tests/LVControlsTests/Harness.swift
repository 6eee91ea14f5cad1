import LVControls
import ParlaBase
import ParlaBaseTesting
import SpeechKit
import SpeechKitTesting
import TerminalKit
import TerminalKitTesting
import TestSupport

/// A screen holding the controls under test; records the events it receives.
final class TestScreen: Screen {
    let title: String
    let helpIntro = "Test screen."
    let controls: [any Control]
    let toolbar: Toolbar
    var events: [ControlEvent.Kind] = []

    init(title: String = "Test", _ controls: [any Control], localizer: Localizer, slot: (any Control)? = nil) {
        self.title = title
        self.controls = controls
        self.toolbar = Toolbar(localizer: localizer, first: slot)
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        events.append(event.kind)
        return .none
    }
}

/// A host on an in-memory terminal with a manual clock and a recording speech output.
final class Harness {
    let terminal: MemoryTerminal
    let speech = RecordingSpeechOutput()
    let clock = ManualClock()
    let host: ScreenHost
    let screen: TestScreen
    let localizer: Localizer

    init(_ controls: [any Control], size: Size = Size(width: 40, height: 12), settings: ControlSettings = ControlSettings(),
         language: Language = .english, slot: (any Control)? = nil) {
        localizer = TestLocalization.localizer(language)
        terminal = MemoryTerminal(size: size)
        screen = TestScreen(controls, localizer: localizer, slot: slot)
        host = ScreenHost(root: screen, backend: terminal, speech: speech, clock: clock, localizer: localizer,
                          theme: Theme.named(.monochrome, ascii: true), settings: settings)
        host.start()
        speech.clear()
    }

    /// Presses keys one after another.
    func press(_ keys: Key...) { for key in keys { host.handle(key) } }

    /// Types text key by key.
    func type(_ text: String) { for character in text { host.handle(.char(character)) } }

    /// Moves the clock on by `step`, running every timer at the exact moment it falls due.
    func advance(by step: Duration) {
        let target = clock.now() + step
        while let deadline = host.nextDeadline, deadline <= target {
            clock.set(deadline)
            host.tick()
        }
        clock.set(target)
        host.render()
    }

    /// What was said and played, in order: "<earcon> text", "<earcon>", "[priority] text".
    var transcript: [String] {
        speech.events.map { event in
            switch event {
            case .say(let utterance):
                var line = utterance.earcon.map { "<\($0.rawValue)> " } ?? ""
                if utterance.priority != .focus { line += "[\(utterance.priority.rawValue)] " }
                return line + utterance.text
            case .play(let earcon): return "<\(earcon.rawValue)>"
            case .stop: return "<stop>"
            case .repeatLast: return "<repeat>"
            case .spellLast: return "<spell>"
            case .withdraw(let utterance): return "<withdraw> " + utterance.text
            }
        }
    }

    /// The last frame's lines.
    var lines: [String] { terminal.lastFrame?.grid.lines ?? [] }
    /// The last frame's cursor.
    var cursor: Point { terminal.lastFrame?.cursor ?? Point(x: -1, y: -1) }
}
