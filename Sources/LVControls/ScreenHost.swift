import ParlaBase
import SpeechKit
import TerminalKit

/// Runs screens on a terminal backend: reads keys, routes them to the focused control, speaks,
/// runs timers when they are due, and draws with the hardware cursor on the focused control.
///
/// The host owns a stack of screens. Tab and Shift+Tab move focus (the edge earcon where the
/// ring wraps); every focus change says the focus earcon and the control's description at
/// `focus` priority. Esc goes back, F1 opens the screen's help (made from the key tables) as a list,
/// F2 and F3 jump to the toolbar's slots, F12 (or `?` outside text) toggles input help, Ctrl+Q quits.
/// Ctrl+Space stops speech, Ctrl+R repeats the last utterance, Ctrl+S spells it;
/// the arrows move focus on controls that do not use them (buttons, toggles, the toolbar).
/// Time comes only from the injected clock; the host asks its controls when they next need a
/// tick and waits for a key exactly until then.
public final class ScreenHost {
    /// What the host's own keys do.
    public enum Command: String, Hashable, Sendable, CaseIterable {
        case next, previous, back, help
        case firstSlot = "first-slot", secondSlot = "second-slot", inputHelp = "input-help", quit
        case scanSelect = "scan-select", scanBack = "scan-back"
        case stopSpeech = "stop-speech", repeatLast = "repeat", spell
        /// Right and Down, Left and Up: next and previous control, only on a control that has no use for the key.
        case nextByArrow = "next-arrow", previousByArrow = "previous-arrow"

        /// Whether the command moves focus with a key the focused control may have for itself (an
        /// arrow): it acts only when the control has no binding for that key at all.
        var yieldsToControl: Bool { self == .nextByArrow || self == .previousByArrow }
    }

    /// The host's key table: Tab, Shift+Tab, input help, Ctrl+Q and the speech keys (Ctrl+Space, Ctrl+R,
    /// Ctrl+S) act before anything else; Esc, F1, F2 and F3 only when the focused control leaves them;
    /// the arrows only on a control that has none of them as its own key. A program may change the keys (a keymap file).
    public static let defaultBindings: [Binding] = [
        Binding([.tab], .host(.next), "lv.key.host.next", scope: .priority),
        Binding([.backTab], .host(.previous), "lv.key.host.previous", scope: .priority),
        Binding([.escape], .host(.back), "lv.key.host.back", scope: .fallback),
        Binding([.f(1)], .host(.help), "lv.key.host.help", scope: .fallback),
        Binding([.f(2)], .host(.firstSlot), "lv.key.host.first-slot", scope: .fallback),
        Binding([.f(3)], .host(.secondSlot), "lv.key.host.second-slot", scope: .fallback),
        Binding([.f(12), .char("?")], .host(.inputHelp), "lv.key.host.input-help", scope: .priority),
        Binding([.ctrl("q")], .host(.quit), "lv.key.host.quit", scope: .priority),
        Binding([.space], .host(.scanSelect), "lv.key.host.scan-select", scope: .priority),
        Binding([.backspace], .host(.scanBack), "lv.key.host.scan-back", scope: .priority),
        Binding([Key(.character(" "), .ctrl)], .host(.stopSpeech), "lv.key.host.stop-speech", scope: .priority),
        Binding([.ctrl("r")], .host(.repeatLast), "lv.key.host.repeat", scope: .priority),
        Binding([.ctrl("s")], .host(.spell), "lv.key.host.spell", scope: .priority),
        Binding([.right, .down], .host(.nextByArrow), "lv.key.host.next-arrow", scope: .fallback),
        Binding([.left, .up], .host(.previousByArrow), "lv.key.host.previous-arrow", scope: .fallback),
    ]

    /// The switches of one-switch scanning, in force only while ``ControlSettings/scanning`` is on.
    static let scanCommands: Set<Command> = [.scanSelect, .scanBack]

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
    /// What the screen last said in answer to the user (a result, an error, a refusal) without opening or
    /// closing a screen, shown on the status line, the rule above the toolbar, until the next key.
    public internal(set) var status: String?
    /// Where the focused control was drawn in the last frame; nil when it was not drawn.
    public internal(set) var focusArea: Rect?
    /// Whether the user quit (or the last screen closed).
    public private(set) var isFinished = false
    var saidTooSmall = false
    /// The focused control and the cursor's row in the last frame (the screen-reader drawing writes that row
    /// whole when either changes: ``render()``).
    var lastFocusDrawn: (control: ObjectIdentifier, row: Int)?
    /// The pixels the last frame's controls drew in the terminal's graphics (``Control/pixels(in:context:)``).
    public internal(set) var framePixels: TerminalPixels?
    /// Where one-switch scanning is (``ScreenHost+Scanning``).
    var scan = SwitchScan()
    /// The hints said this session (at the `full` verbosity each is said once: ``hintWanted(_:)``).
    var heardHints: Set<String> = []
    /// When the word heard is next looked at, while the focused control follows its speech (``ScreenHost+SpeechFollowing``).
    var speechFollowDue: Duration?
    /// What was said that the next key withdraws if it is still waiting (the "since you left" digest,
    /// notices the user's own moves make stale: ``Utterance/withdrawnByNextKey``).
    private var withdrawnByNextKey: [Utterance] = []
    /// The host's own bindings (priority and fallback), as the program set their keys.
    public let bindings: [Binding]

    /// - Parameters:
    ///   - root: the first screen.
    ///   - backend: where frames go and keys come from.
    ///   - speech: where announcements go.
    ///   - clock: the only source of time.
    public init(root: any Screen, backend: any TerminalBackend, speech: any SpeechOutput, clock: any TickClock,
                localizer: Localizer, theme: Theme, settings: ControlSettings = ControlSettings(),
                bindings: [Binding] = ScreenHost.defaultBindings) {
        self.bindings = bindings
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
    /// arriving), as if a control had produced it; drawing is left to the caller (many results
    /// handled in one turn of the loop are drawn once).
    ///
    /// - Parameter shown: false for words that are not an answer to the user (the item under the focus
    ///   read again), which the status line does not show.
    public func deliver(_ response: ScreenResponse, shown: Bool = true) {
        processScreen(response, shown: shown)
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

    /// The key table in force now: the host's, the top screen's and the focused control's bindings.
    public var keyTable: KeyTable { keyTable(actingOnly: false) }

    /// The key table; with `actingOnly`, without the keys that do nothing on this screen (F2 and F3 where the
    /// toolbar has no such slot), as help lists them.
    func keyTable(actingOnly: Bool) -> KeyTable {
        let control = focused
        let slots = screen.toolbar.slots
        let host = bindings.filter {
            guard case .host(let command) = $0.action else { return true }
            if Self.scanCommands.contains(command) { return settings.scanning }
            guard actingOnly else { return true }
            switch command {
            case .firstSlot: return slots.count > 0 && slots[0] != nil
            case .secondSlot: return slots.count > 1 && slots[1] != nil
            default: return true
            }
        }
        return KeyTable(host: host, screen: screen.bindings, control: control.bindings, textInput: control.acceptsText)
    }

    // MARK: Running

    /// Says the first screen and draws it.
    ///
    /// - Parameter introduction: said before the first screen's focus (the "since you left" digest); the
    ///   first key the user presses cuts it, as any new focus cuts old speech.
    public func start(introduction: String? = nil) {
        if let introduction {
            var utterance = Utterance(introduction, priority: .alert)
            utterance.withdrawnByNextKey = true
            say(.say(utterance))
        }
        announceEntry()
        followScanning()
        render()
    }

    /// Runs until the user quits or input ends: waits for a key or the next timer, whichever first.
    public func run() {
        start()
        while !isFinished {
            let timeout = nextDeadline.map { max(.zero, $0 - clock.now()) }
            if let key = backend.nextKey(timeout: timeout) {
                process(key)
            } else if backend.inputEnded {
                return
            }
            tick()
            render()
        }
    }

    /// The earliest time any control on the top screen needs a tick.
    public var nextDeadline: Duration? {
        (focusables.compactMap(\.nextDeadline) + [scanDeadline, speechFollowDeadline].compactMap { $0 }).min()
    }

    /// Runs the timers due now; returns whether any ran (following speech counts only when the control moved).
    @discardableResult
    public func tick() -> Bool {
        let now = clock.now()
        var ran = false
        for control in focusables {
            guard let deadline = control.nextDeadline, deadline <= now else { continue }
            ran = true
            process(control.tick(context: context))
        }
        if let due = scanDeadline, due <= now {
            scanTick()
            ran = true
        }
        // A control that has just begun to follow is due at once (its deadline is "now" whenever asked, which on a
        // running clock is always a moment after `now`).
        if speechFollower != nil, (speechFollowDue ?? now) <= now, followSpeech() { ran = true }
        return ran
    }

    // MARK: Keys

    /// Handles one key press and draws one frame.
    public func handle(_ key: Key) {
        process(key)
        render()
    }

    /// Handles one key press without drawing (the caller draws once when the turn is over).
    ///
    /// The key is resolved along one chain (``keyTable``): host priority keys, then the focused
    /// control's own keys, then the screen's single-key commands, then the host's fallback keys; a key
    /// no binding takes goes to the focused control (typing, a wheel's letters).
    public func process(_ key: Key) {
        if key == .resize {
            noteSize()
            return
        }
        // A key acts from the word last heard (Right after a reading cut goes on from there).
        followSpeech()
        for utterance in withdrawnByNextKey { speech.withdraw(utterance) }
        withdrawnByNextKey.removeAll()
        status = nil
        if message != nil {
            message = nil
            if key == .escape { return }
        }
        // The switches come first while scanning, even over a text field's typing.
        if settings.scanning, !inputHelp, case .host(let command)? = bindings.first(where: { $0.matches(key) })?.action,
           Self.scanCommands.contains(command) {
            perform(command)
            return
        }
        noteKeyForScan()
        scan.confirmHold = 0
        let table = keyTable
        let binding = table.resolve(key)
        if binding?.action == .host(.inputHelp) {
            perform(.inputHelp)
            return
        }
        if inputHelp {
            say(table.describe(key, localizer: localizer))
            return
        }
        switch (binding?.action, binding?.scope) {
        case (.host(let command)?, .priority?):
            perform(command)
        case (.screen(let command)?, _):
            processScreen(screen.perform(command, context: context))
        default:
            if let response = focused.handle(key, context: context) {
                process(response)
            } else if let fallback = table.fallback(for: key), case .host(let command) = fallback.action,
                      !command.yieldsToControl || fallback == binding {
                perform(command)
            }
        }
    }

    /// Does one of the host's own commands.
    public func perform(_ command: Command) {
        switch command {
        case .next, .nextByArrow: moveFocus(by: 1)
        case .previous, .previousByArrow: moveFocus(by: -1)
        case .back: processScreen(screen.back(context: context))
        case .help: showHelp()
        case .firstSlot: focusSlot(0)
        case .secondSlot: focusSlot(1)
        case .inputHelp:
            inputHelp.toggle()
            say(localizer.string(inputHelp ? "lv.input-help.on" : "lv.input-help.off"), earcon: inputHelp ? .toggleOn : .toggleOff)
        case .quit: isFinished = true
        case .scanSelect: scanSelect()
        case .scanBack: scanBack()
        case .stopSpeech: speech.stopSpeaking()
        case .repeatLast: speech.repeatLast()
        case .spell: speech.spellLast()
        }
    }

    // MARK: Focus

    /// Moves focus one step; the edge earcon plays where the ring wraps.
    ///
    /// A move the user makes (Tab, an arrow) plays the leave earcon and then, when it has ended, the
    /// focus earcon of the control entered, when ``ControlSettings/leaveSound`` is on; otherwise, and
    /// for scanning's own steps (`byUser` false), only the focus earcon. The two never sound at once.
    public func moveFocus(by step: Int, byUser: Bool = true) {
        let leaving = focused
        process(leaving.focusLeft(context: context))
        // A screen may show or hide controls while open (compose's keypad).
        stack[stack.count - 1].ring.resize(to: focusables.count)
        let wrapped = stack[stack.count - 1].ring.move(by: step)
        speech.focusMoved()
        if wrapped { speech.play(.edge) }
        announceFocus(leaving: byUser && settings.leaveSound)
    }

    /// Focuses the control at `index` of ``focusables``.
    public func focus(index: Int) {
        speech.focusMoved()
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

    /// Says the focused control: the screen's name first when `prefix` is given (unless the control's
    /// label is that name already), its description, and what the control says of itself on focus (a
    /// wheel's item, in its own words and languages) in the same utterance, so one does not cut the other.
    /// With `leaving`, the leave earcon plays first and the focus earcon after it (``Utterance/leadingEarcon``).
    /// With `itemOnly`, a control that says an item of its own (a wheel's post) says just the item.
    func announceFocus(prefix: String? = nil, earcon: Earcon = .focus, leaving: Bool = false, itemOnly: Bool = false) {
        let control = focused
        var description = control.accessibility(context: context)
        var entered = control.focusEntered(context: context)
        var item: Utterance?
        if case .say(let first)? = entered.announcements.first, first.priority == .focus {
            item = first
            entered.announcements.removeFirst()
        }
        // How to use the control is said the first time a control of its kind gets focus in the session
        // (every time at the `all` verbosity); afterwards on request (F1, input help). An item is said first.
        // While scanning, an item's keys are not offered (so not kept as heard either); what the switch does
        // is, where the control says it.
        if settings.scanning { description.hint = description.switchHint }
        let offered = item == nil || !settings.scanning ? description.hint : nil
        let firstHint = offered.flatMap { hintWanted($0) ? $0 : nil }
        description.hint = item == nil ? firstHint : nil
        description.switchHint = description.hint
        let hint = item == nil ? nil : firstHint
        var text = context.spoken(description)
        var voiced = description.valueVoices?.filter { $0.language != nil }
            ?? description.valueLanguage.map { [Utterance.Segment(TextSafety.stripped(description.value ?? ""), language: $0)] } ?? []
        if let language = description.labelLanguage { voiced.insert(Utterance.Segment(TextSafety.stripped(description.label), language: language), at: 0) }
        if let prefix, prefix != description.label {
            // A title that ends its own sentence ("Poll. ¿Qué lector usas?") takes no full stop after it.
            text = ReviewText.endsSentence(ArraySlice(prefix)) ? prefix + " " + text
                : localizer.string("lv.screen.entered", ["title": prefix, "description": text])
            voiced = screen.spokenTitleVoices + voiced
        }
        if let item, itemOnly {
            speech.say(Utterance(segments: item.segments, language: item.language, priority: .focus, earcon: item.earcon ?? earcon))
        } else if let item {
            var segments = Voicing.segments(of: text + ". ", voiced: voiced) + item.segments
            if let hint, !hint.isEmpty { segments.append(Self.hintSegment(hint, after: item)) }
            // Said to be in the interface's language, as it begins; the item's segments keep their own.
            speech.say(Utterance(segments: segments, priority: .focus, earcon: item.earcon ?? earcon, leadingEarcon: leaving ? .leave : nil))
        } else if voiced.isEmpty {
            speech.say(Utterance(text, priority: .focus, earcon: earcon, leadingEarcon: leaving ? .leave : nil))
        } else {
            // Said to be in the interface's language, as it begins; the voiced words keep their own.
            speech.say(Utterance(segments: Voicing.segments(of: text, voiced: voiced), priority: .focus, earcon: earcon,
                                 leadingEarcon: leaving ? .leave : nil))
        }
        process(entered)
    }

    /// `utterance` (a wheel's item said when it came, after the wheel got focus empty: a timeline's first post)
    /// with the keys of `control` after it, when they have not been said this session (``hintWanted(_:)``).
    public func withFirstHint(_ utterance: Utterance, of control: any Control) -> Utterance {
        guard !settings.scanning else { return utterance }
        let description = control.accessibility(context: context)
        guard let hint = description.hint, !hint.isEmpty, hintWanted(hint) else { return utterance }
        var said = utterance
        said.segments.append(Self.hintSegment(hint, after: utterance))
        return said
    }

    /// The keys said after an item: an item that does not end a sentence ("Home") gets a full stop before them.
    static func hintSegment(_ hint: String, after item: Utterance) -> Utterance.Segment {
        let ended = item.text.last(where: { $0 != " " }).map { ".!?…".contains($0) } ?? true
        return Utterance.Segment((ended ? " " : ". ") + hint)
    }

    /// Whether `hint` is to be said now: at the `full` verbosity the first time in the session (it is then
    /// kept as heard), at `all` always, at the shorter levels never.
    func hintWanted(_ hint: String) -> Bool {
        switch settings.verbosity {
        case .all: return true
        case .full: return heardHints.insert(hint).inserted
        case .short, .minimal: return false
        }
    }

    /// Says the top screen and its focused control: with the focus earcon when it opens; with the
    /// leave earcon when the user came back to it by leaving the screen above (`returning`), and then
    /// without the screen's name, and only the item when the control has one (the post, not "Posts,
    /// wheel list" again after every Escape).
    func announceEntry(returning: Bool = false) {
        if returning {
            announceFocus(earcon: .leave, itemOnly: true)
        } else {
            announceFocus(prefix: screen.spokenTitle ?? screen.title, earcon: .focus)
        }
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

    /// Hands `announcement` to speech, keeping what the next key withdraws.
    func say(_ announcement: Announcement) {
        if case .say(let utterance) = announcement, utterance.withdrawnByNextKey { withdrawnByNextKey.append(utterance) }
        announcement.deliver(to: speech)
    }

    func process(_ response: ControlResponse) {
        noteConfirmation(response.awaitsConfirmation)
        for announcement in response.announcements { say(announcement) }
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

    /// Acts on a screen's response; what it says (but background news) is shown on the status line too,
    /// unless `shown` is false or the response opens or closes a screen.
    func processScreen(_ response: ScreenResponse, shown: Bool = true) {
        if let theme = response.theme { self.theme = theme }
        if let settings = response.settings { self.settings = settings }
        if let language = response.language { switchLanguage(to: language) }
        noteConfirmation(response.awaitsConfirmation)
        // A screen opened or closed is a new focus: it cuts an alert said before, not one this response says.
        if case .stay = response.navigation {} else { speech.focusMoved() }
        for announcement in response.announcements {
            say(announcement)
            if shown, case .say(let utterance) = announcement, utterance.priority != .notification, !utterance.text.isEmpty {
                status = utterance.text
            }
        }
        // A screen opened or closed says itself: what led there is not left on the line.
        if case .stay = response.navigation {} else { status = nil }
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
        case .restack(let screens, let entry):
            guard !screens.isEmpty else { break }
            process(focused.focusLeft(context: context))
            stack = screens.map(Self.entry(for:))
            // The timeline's name and then its item, in one utterance, so that the item does not cut the name.
            var entered = focused.focusEntered(context: context)
            if case .say(let item)? = entered.announcements.first, item.priority == .focus {
                entered.announcements.removeFirst()
                speech.say(Utterance(segments: [Utterance.Segment(entry + ". ")] + item.segments, priority: .focus, earcon: item.earcon ?? .focus))
            } else {
                say(entry, earcon: .focus)
            }
            process(entered)
        case .pop:
            process(focused.focusLeft(context: context))
            if stack.count == 1 {
                isFinished = true
            } else {
                stack.removeLast()
                if let target = response.returnFocus, let index = focusables.firstIndex(where: { $0 === target }) {
                    stack[stack.count - 1].ring.focus(index)
                }
                announceEntry(returning: true)
            }
        }
        followScanning()
    }

    /// Says a network's own words from now on (``Localizer/withWords(_:)``: "Like" where a Bluesky account
    /// is in use); nil for the plain words.
    public func speakWords(_ words: String?) {
        localizer = localizer.withWords(words)
    }

    /// Changes the interface language for everything said and drawn from now on.
    public func switchLanguage(to language: Language) {
        localizer = localizer.switched(to: language)
    }
}
