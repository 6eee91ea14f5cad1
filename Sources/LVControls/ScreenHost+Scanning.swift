import SpeechKit
import TerminalKit

/// Where one-switch scanning is, for the host.
struct SwitchScan {
    enum Level: Equatable {
        /// Focus moves through the screen's controls.
        case controls
        /// Steps move inside a ``SwitchScannable`` control.
        case inside
        /// A timed control runs by itself (its options or a key's characters); the switch takes what it says.
        case delegated
    }

    /// The levels entered, the deepest last; empty while scanning is paused or off.
    var levels: [Level] = []
    /// When the next step is due.
    var deadline: Duration?
    /// Steps since the last switch press at the current level.
    var idleSteps = 0
    /// The screen scanned (a new screen starts at its controls).
    var screen: ObjectIdentifier?
    /// Whether scanning stopped by itself after going round with no switch press.
    var paused = false
    /// Whether the step that came due waits for speech to end (then a whole dwell follows).
    var waitingForSpeech = false
    /// Steps the scan still stays on a two-step control whose first press waits for the second (``ScreenHost/confirmHold``).
    var confirmHold = 0
}

/// One-switch scanning (the thesis's timed controls, made whole): with ``ControlSettings/scanning`` on,
/// focus moves by itself through the screen's controls at the dwell interval, each control said as it comes.
/// The switch (Space, or the key `scan-select` is bound to) acts on the control said: a button is pressed, a
/// wheel, segmented control or keypad is gone into and scanned inside, a timed control runs and the switch
/// takes what it says. The second switch (Backspace, `scan-back`) comes back out one level, and at the
/// controls goes back a screen. After three rounds with no switch press scanning pauses, and says so; the
/// switch starts it again.
extension ScreenHost {
    /// How many rounds go by with no switch press before scanning pauses.
    static let scanRounds = 3
    /// How often a step that waits for speech to end looks again.
    static let speechCheck: Duration = .milliseconds(50)
    /// How many more dwells the scan stays on a two-step control after its first press ("Press the switch
    /// again to stop following Ana"), on top of the one after the question: the switch has time to confirm,
    /// instead of a whole round (a minute) until the scan comes back.
    static let confirmHold = 2

    /// Whether the host scans now.
    public var isScanning: Bool { settings.scanning && !scan.levels.isEmpty }

    /// When the next scanning step is due, if scanning is on.
    var scanDeadline: Duration? {
        guard settings.scanning, !scan.paused, !scan.levels.isEmpty else { return nil }
        return scan.deadline
    }

    /// Keeps scanning in step with the screens and the settings: a new screen (or scanning just turned on)
    /// starts at the controls; scanning turned off forgets where it was.
    func followScanning() {
        guard settings.scanning else {
            scan = SwitchScan()
            return
        }
        if scan.screen != ObjectIdentifier(screen) || (scan.levels.isEmpty && !scan.paused) { restartScan() }
    }

    /// Starts (or restarts) scanning at the top screen's controls, the first step one dwell from now; inside
    /// the focused control when it asks for that (``SwitchScannable/entersScanAtOnce``: the reader's text).
    func restartScan() {
        let inside = (focused as? any SwitchScannable)?.entersScanAtOnce == true
        scan.levels = inside ? [.controls, .inside] : [.controls]
        scan.screen = ObjectIdentifier(screen)
        scan.idleSteps = 0
        scan.paused = false
        scan.waitingForSpeech = false
        scan.deadline = clock.now() + settings.dwell
    }

    /// A key was pressed: the next step waits a whole dwell again.
    func noteKeyForScan() {
        guard settings.scanning, !scan.levels.isEmpty else { return }
        scan.idleSteps = 0
        scan.waitingForSpeech = false
        scan.deadline = clock.now() + settings.dwell
    }

    /// Runs the scanning step due now, if any.
    ///
    /// Scanning never cuts what the user is listening to: a step that comes due while something is being
    /// said waits until it has been said whole, and then a whole dwell, the user's time to press the switch.
    func scanTick() {
        guard settings.scanning, !scan.paused, let deadline = scan.deadline else { return }
        let now = clock.now()
        guard deadline <= now else { return }
        if speech.isSpeaking {
            scan.waitingForSpeech = true
            scan.deadline = now + Self.speechCheck
            return
        }
        if scan.waitingForSpeech {
            scan.waitingForSpeech = false
            scan.deadline = now + settings.dwell
            return
        }
        scan.deadline = now + settings.dwell
        if scan.screen != ObjectIdentifier(screen) || scan.levels.isEmpty {
            restartScan()
            return
        }
        if scan.levels.last == .delegated {
            // The control's own run goes on; once it has ended, scanning goes on where it was.
            guard focused.nextDeadline == nil else { return }
            scan.levels.removeLast()
            if let scannable = focused as? any SwitchScannable { process(scannable.scanResumed(context: context)) }
        }
        if scan.confirmHold > 0, scan.levels.last == .controls {
            // A first press waits for its second: the scan stays on the control.
            scan.confirmHold -= 1
            return
        }
        scan.idleSteps += 1
        if scan.levels.last == .inside, let scannable = focused as? any SwitchScannable {
            if scan.idleSteps > scannable.scanCycle * Self.scanRounds { return pauseScan() }
            process(scannable.scanStep(context: context))
        } else {
            if scan.idleSteps > focusables.count * Self.scanRounds { return pauseScan() }
            moveFocus(by: 1, byUser: false)
        }
    }

    private func pauseScan() {
        scan.paused = true
        scan.levels = []
        scan.deadline = nil
        speech.say(Utterance(localizer.string("lv.scan.paused"), priority: .focus, earcon: .edge))
    }

    /// Keeps the scan on the control just pressed when `awaits` (a two-step control's first press).
    func noteConfirmation(_ awaits: Bool) {
        guard awaits, settings.scanning else { return }
        scan.confirmHold = Self.confirmHold
    }

    /// The switch: acts on what scanning is on.
    func scanSelect() {
        scan.confirmHold = 0
        if scan.paused || scan.levels.isEmpty || scan.screen != ObjectIdentifier(screen) {
            restartScan()
            speech.say(Utterance(localizer.string("lv.scan.resumed"), priority: .focus, earcon: .focus))
            announceFocus()
            return
        }
        let control = focused
        switch scan.levels.last {
        case .delegated:
            process(control.handle(.enter, context: context) ?? .none)
        case .inside:
            guard let scannable = control as? any SwitchScannable else {
                scan.levels.removeLast()
                return
            }
            let outcome = scannable.scanSelect(context: context)
            if !outcome.stays { scan.levels.removeLast() }
            process(outcome.response)
        default:
            if let scannable = control as? any SwitchScannable {
                scan.levels.append(.inside)
                process(scannable.scanEnter(context: context))
            } else if control.acceptsText {
                // Typing needs a keypad: the switch says the field again, what it holds included.
                announceFocus()
            } else {
                process(control.handle(.enter, context: context) ?? .none)
            }
        }
        followScreenChange()
        if scan.screen == ObjectIdentifier(screen), focused === control, control.nextDeadline != nil, !scan.levels.isEmpty,
           scan.levels.last != .delegated {
            scan.levels.append(.delegated)
        }
        noteKeyForScan()
    }

    /// The second switch: one level back out; at the controls, back a screen.
    func scanBack() {
        if scan.paused || scan.levels.isEmpty {
            scanSelect()
            return
        }
        let control = focused
        switch scan.levels.last {
        case .delegated:
            process(control.handle(.escape, context: context) ?? .none)
            scan.levels.removeLast()
            if let scannable = control as? any SwitchScannable { process(scannable.scanResumed(context: context)) }
        case .inside:
            let outcome = (control as? any SwitchScannable)?.scanBack(context: context) ?? ScanOutcome(.none, stays: false)
            process(outcome.response)
            if !outcome.stays {
                scan.levels.removeLast()
                announceFocus()
            }
        default:
            perform(.back)
        }
        followScreenChange()
        noteKeyForScan()
    }

    /// A switch press that opened or closed a screen: scanning starts at the new screen's controls.
    private func followScreenChange() {
        if scan.screen != ObjectIdentifier(screen) { restartScan() }
    }
}
