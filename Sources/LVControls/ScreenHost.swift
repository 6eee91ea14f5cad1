import ParlaBase
import SpeechKit
import TerminalKit

/// Runs screens on a terminal backend: reads keys, routes them to the focused control, speaks,
/// runs timers when they are due, and draws with the hardware cursor on the focused control.
///
/// The host owns a stack of screens. Tab and Shift+Tab move focus (the edge earcon where the
/// ring wraps); every focus change says the focus earcon and the control's description at
/// `focus` priority. Esc goes back, F1 says the screen's help (made from the key tables),
/// F2 and F3 jump to the toolbar's slots, F12 (or `?` outside text) toggles input help, Ctrl+Q quits.
/// Time comes only from the injected clock; the host asks its controls when they next need a
/// tick and waits for a key exactly until then.
public final class ScreenHost {
    /// What the host's own keys do.
    public enum Command: String, Hashable, Sendable {
        case next, previous, back, help, firstSlot, secondSlot, inputHelp, quit
    }

    /// The host's key table (after the focused control's own).
    public static let bindings: [KeyBinding<Command>] = [
        KeyBinding([.tab], .next, "lv.key.host.next"),
        KeyBinding([.backTab], .previous, "lv.key.host.previous"),
        KeyBinding([.escape], .back, "lv.key.host.back"),
        KeyBinding([.f(1)], .help, "lv.key.host.help"),
        KeyBinding([.f(2)], .firstSlot, "lv.key.host.first-slot"),
        KeyBinding([.f(3)], .secondSlot, "lv.key.host.second-slot"),
        KeyBinding([.f(12), .char("?")], .inputHelp, "lv.key.host.input-help"),
        KeyBinding([.ctrl("q")], .quit, "lv.key.host.quit"),
    ]

    /// The smallest size screens lay out in.
    public static let minimumSize = Size(width: 40, height: 12)

    struct Entry {
        let screen: any Screen
        var ring: FocusRing
    }

    let backend: any TerminalBackend
    let speech: any SpeechOutput
    let clock: any TickClock
    var stack: [Entry] = []
    public private(set) var localizer: Localizer
    public private(set) var theme: Theme
    public private(set) var settings: ControlSettings
    /// Whether keys are only described, not acted on.
    public private(set) var inputHelp = false
    /// Text shown over the body (the help), until the next key.
    public internal(set) var message: String?
    /// Whether the user quit (or the last screen closed).
    public private(set) var isFinished = false
    var saidTooSmall = false
    /// Keys the program handles before the focused control (a screen's single-key commands);
    /// returns whether it used the key. Not called in input-help mode.
    public var interceptor: ((Key) -> Bool)?
    /// What ``start(introduction:)`` said, until the first key withdraws it.
    private var pendingIntroduction: Utterance?
    /// What an intercepted key does, said in input-help mode; nil for keys the interceptor leaves alone.
    public var interceptedKeyDescription: ((Key) -> String?)?

    /// - Parameters:
    ///   - root: the first screen.
    ///   - backend: where frames go and keys come from.
    ///   - speech: where announcements go.
    ///   - clock: the only source of time.
    public init(root: any Screen, backend: any TerminalBackend, speech: any SpeechOutput, clock: any TickClock,
                localizer: Localizer, theme: Theme, settings: ControlSettings = ControlSettings()) {
        self.backend = backend
        self.speech = speech
        self.clock = clock
        self.localizer = localizer
        self.theme = theme
        self.settings = settings
        stack = [Self.entry(for: root)]
    }

    static func entry(for screen: any Screen) -> Entry {
        Entry(screen: screen, ring: FocusRing(count: screen.controls.count + screen.toolbar.controls.count, index: screen.initialFocus))
    }

    /// The screens open, the first (root) first.
    public var screens: [any Screen] { stack.map(\.screen) }

    /// Acts on a screen's response that did not come from a control event (an asynchronous result
    /// arriving), as if a control had produced it, and redraws.
    public func perform(_ response: ScreenResponse) {
        processScreen(response)
        render()
    }

    /// Acts on a screen's response like ``perform(_:)`` but leaves drawing to the caller
    /// (many results handled in one turn of the loop are drawn once).
    public func deliver(_ response: ScreenResponse) {
        processScreen(response)
    }

    /// The context controls see now.
    public var context: ControlContext {
        ControlContext(localizer: localizer, theme: theme, settings: settings, now: clock.now())
    }

    /// The screen on top.
    public var screen: any Screen { stack[stack.count - 1].screen }

    /// Every control that takes focus on the top screen, in order: the screen's, then the toolbar's.
    public var focusables: [any Control] { screen.controls + screen.toolbar.controls }

    /// The focused control.
    public var focused: any Control {
        let all = focusables
        return all[min(stack[stack.count - 1].ring.index, all.count - 1)]
    }

    /// The focused control's place in the focus order.
    public var focusIndex: Int { stack[stack.count - 1].ring.index }

    // MARK: Running

    /// Says the first screen and draws it.
    ///
    /// - Parameter introduction: said before the first screen's focus (the "since you left" digest); the
    ///   first key the user presses cuts it, as any new focus cuts old speech.
    public func start(introduction: String? = nil) {
        if let introduction {
            let utterance = Utterance(introduction, priority: .alert)
            speech.say(utterance)
            pendingIntroduction = utterance
        }
        announceEntry()
        render()
    }

    /// Runs until the user quits or input ends: waits for a key or the next timer, whichever first.
    public func run() {
        start()
        while !isFinished {
            let timeout = nextDeadline.map { max(.zero, $0 - clock.now()) }
            if let key = backend.nextKey(timeout: timeout) {
                handle(key)
            } else if backend.inputEnded {
                return
            }
            tick()
            render()
        }
    }

    /// The earliest time any control on the top screen needs a tick.
    public var nextDeadline: Duration? {
        focusables.compactMap(\.nextDeadline).min()
    }

    /// Runs the timers due now; returns whether any ran.
    @discardableResult
    public func tick() -> Bool {
        let now = clock.now()
        var ran = false
        for control in focusables {
            guard let deadline = control.nextDeadline, deadline <= now else { continue }
            ran = true
            process(control.tick(context: context))
        }
        return ran
    }

    // MARK: Keys

    /// Handles one key press and redraws.
    public func handle(_ key: Key) {
        defer { render() }
        if key == .resize {
            noteSize()
            return
        }
        if let introduction = pendingIntroduction {
            pendingIntroduction = nil
            speech.withdraw(introduction)
        }
        if message != nil {
            message = nil
            if key == .escape { return }
        }
        let command: Command? = Self.bindings.action(for: key)
        let isInputHelpKey = key == .f(12) || (command == .inputHelp && !focused.acceptsText)
        if isInputHelpKey {
            inputHelp.toggle()
            say(localizer.string(inputHelp ? "lv.input-help.on" : "lv.input-help.off"), earcon: inputHelp ? .toggleOn : .toggleOff)
            return
        }
        if inputHelp {
            say(interceptedKeyDescription?(key) ?? describe(key))
            return
        }
        if command == .next || command == .previous {
            moveFocus(by: command == .next ? 1 : -1)
            return
        }
        if let interceptor, interceptor(key) { return }
        if let response = focused.handle(key, context: context) {
            process(response)
            return
        }
        switch command {
        case .back?: processScreen(screen.back(context: context))
        case .help?: showHelp()
        case .firstSlot?, .secondSlot?: focusSlot(command == .firstSlot ? 0 : 1)
        case .quit?: isFinished = true
        default: break
        }
    }

    // MARK: Focus

    /// Moves focus one step; the edge earcon plays where the ring wraps.
    public func moveFocus(by step: Int) {
        let leaving = focused
        process(leaving.focusLeft(context: context))
        let wrapped = stack[stack.count - 1].ring.move(by: step)
        if wrapped { speech.play(.edge) }
        announceFocus()
    }

    /// Focuses the control at `index` of ``focusables``.
    public func focus(index: Int) {
        guard index != focusIndex else {
            announceFocus()
            return
        }
        process(focused.focusLeft(context: context))
        stack[stack.count - 1].ring.focus(index)
        announceFocus()
    }

    private func focusSlot(_ slot: Int) {
        let toolbar = screen.toolbar
        guard toolbar.slots.indices.contains(slot), let control = toolbar.slots[slot],
              let index = focusables.firstIndex(where: { $0 === control }) else {
            say(localizer.string("lv.toolbar.empty-slot", ["n": String(slot + 2)]), earcon: .error)
            return
        }
        focus(index: index)
    }

    private func announceFocus(prefix: String? = nil) {
        let control = focused
        var text = context.spoken(control.accessibility(context: context))
        if let prefix { text = localizer.string("lv.screen.entered", ["title": prefix, "description": text]) }
        say(text, earcon: .focus)
        process(control.focusEntered(context: context))
    }

    func announceEntry() {
        announceFocus(prefix: screen.title)
    }

    private func say(_ text: String, earcon: Earcon? = nil, priority: SpeechPriority = .focus) {
        speech.say(Utterance(text, priority: priority, earcon: earcon))
    }

    // MARK: Responses

    /// Delivers a response a screen got from driving one of its controls itself (a loading
    /// state it started), as if a key had produced it, and redraws.
    public func apply(_ response: ControlResponse) {
        process(response)
        render()
    }

    func process(_ response: ControlResponse) {
        for announcement in response.announcements { announcement.deliver(to: speech) }
        for event in response.events {
            let toolbar = screen.toolbar
            if event.source === toolbar.back, event.kind == .activated {
                processScreen(screen.back(context: context))
            } else if event.source === toolbar.info, event.kind == .activated {
                showHelp()
            } else {
                processScreen(screen.handle(event, context: context))
            }
        }
    }

    func processScreen(_ response: ScreenResponse) {
        if let theme = response.theme { self.theme = theme }
        if let settings = response.settings { self.settings = settings }
        for announcement in response.announcements { announcement.deliver(to: speech) }
        switch response.navigation {
        case .stay: break
        case .quit: isFinished = true
        case .push(let next):
            process(focused.focusLeft(context: context))
            stack.append(Self.entry(for: next))
            announceEntry()
        case .replace(let next):
            process(focused.focusLeft(context: context))
            stack[stack.count - 1] = Self.entry(for: next)
            announceEntry()
        case .root(let next):
            process(focused.focusLeft(context: context))
            stack = [Self.entry(for: next)]
            announceEntry()
        case .pop:
            process(focused.focusLeft(context: context))
            if stack.count == 1 {
                isFinished = true
            } else {
                stack.removeLast()
                announceEntry()
            }
        }
    }

    /// Changes the interface language for everything said and drawn from now on.
    public func switchLanguage(to language: Language) {
        localizer = localizer.switched(to: language)
    }
}
