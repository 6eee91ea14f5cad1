import LVControls
import ParlaBase
import ParlaBaseTesting
import SpeechKit
import SpeechKitTesting
import TerminalKit
import TerminalKitTesting
import TestSupport
import Testing

/// A screen with single-key commands: `r` reports, `Down` would clash with a wheel's own key.
final class CommandScreen: Screen {
    let title = "Commands"
    let helpIntro = "Commands screen."
    let controls: [any Control]
    let toolbar: Toolbar
    var performed: [ScreenCommand] = []

    init(_ controls: [any Control], localizer: Localizer) {
        self.controls = controls
        toolbar = Toolbar(localizer: localizer)
    }

    let bindings: [Binding] = [
        .screen([.char("r")], ScreenCommand("report"), "lv.key.host.help"),
        .screen([.down], ScreenCommand("down"), "lv.key.host.next"),
    ]

    func perform(_ command: ScreenCommand, context: ControlContext) -> ScreenResponse {
        performed.append(command)
        return ScreenResponse([.text("performed \(command.rawValue)")])
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse { .none }
}

@Suite struct BindingTests {
    func host(_ controls: [any Control]) -> (ScreenHost, CommandScreen, MemoryTerminal, RecordingSpeechOutput) {
        let localizer = TestLocalization.localizer()
        let terminal = MemoryTerminal(size: Size(width: 40, height: 12))
        let speech = RecordingSpeechOutput()
        let screen = CommandScreen(controls, localizer: localizer)
        let host = ScreenHost(root: screen, backend: terminal, speech: speech, clock: ManualClock(), localizer: localizer,
                              theme: Theme.named(.monochrome, ascii: true))
        host.start()
        return (host, screen, terminal, speech)
    }

    @Test func oneKeyDrawsExactlyOneFrame() {
        let (host, _, terminal, _) = host([Wheel("Names", items: ArrayWheelItems(["Ana", "Ben", "Cai"]))])
        #expect(terminal.frames.count == 1)
        host.handle(.down)
        #expect(terminal.frames.count == 2)
        host.handle(.tab)
        #expect(terminal.frames.count == 3)
        host.handle(.f(1))
        #expect(terminal.frames.count == 4)
    }

    @Test func theControlsOwnKeyWinsOverTheScreensAndTheScreensOverUnboundKeys() {
        let wheel = Wheel("Names", items: ArrayWheelItems(["Ana", "Ben", "Rosa"]))
        let (host, screen, _, _) = host([wheel])
        // Down is the wheel's own key: the wheel moves, the screen's Down is not used.
        host.handle(.down)
        #expect(wheel.index == 1)
        // r is no key of the wheel's table (its letters jump): the screen's command wins.
        host.handle(.char("r"))
        #expect(screen.performed == [ScreenCommand("report")])
        #expect(wheel.index == 1)
    }

    @Test func textInputConsumesPrintableKeysButNotTheHostsPriorityKeys() {
        let field = TextField("Name")
        let (host, screen, _, _) = host([field])
        host.handle(.char("r"))
        host.handle(.char("?"))
        #expect(field.text == "r?")
        #expect(screen.performed == [])
        #expect(host.inputHelp == false)
        host.handle(.ctrl("q"))
        #expect(host.isFinished)
    }

    @Test func helpAndInputHelpComeFromTheResolvedTable() {
        let (host, _, _, speech) = host([Button("Send")])
        let table = host.keyTable
        #expect(table.inForce.map(\.action.name) == [
            "report", "down", "activate", "next", "previous", "back", "help", "first-slot", "second-slot", "input-help", "quit",
            "stop-speech", "repeat", "spell", "next-arrow", "previous-arrow",
        ])
        speech.clear()
        host.handle(.f(12))
        host.handle(.char("r"))
        host.handle(.down)
        host.handle(.ctrl("q"))
        #expect(speech.events.compactMap { if case .say(let u) = $0 { u.text } else { nil } } == [
            "Input help on. Keys say what they do. F12 leaves.",
            "r: help for this screen.",
            "Down arrow: next control.",
            "Control Q: quit.",
        ])
        #expect(host.isFinished == false)
    }
}
