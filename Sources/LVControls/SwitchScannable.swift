/// A control that one-switch scanning can go into: the host's scan lands on it, the switch goes in,
/// and from then on each dwell step moves inside the control (a wheel's items, a segmented control's
/// options, a keypad's rows and then keys) until the switch takes one or the second switch comes back out.
///
/// Controls that are not scannable are pressed by the switch as Enter presses them (a button, a toggle);
/// a timed control that starts its own run on Enter (a timed segmented control, a keypad key) then runs
/// it, and the switch takes what it says.
public protocol SwitchScannable: Control {
    /// The switch went in: what to say (the first step comes one dwell later).
    func scanEnter(context: ControlContext) -> ControlResponse
    /// One dwell step inside: move on and say where.
    func scanStep(context: ControlContext) -> ControlResponse
    /// The switch pressed inside: take what is said. `stays` is false when scanning goes back out to the
    /// screen's controls.
    func scanSelect(context: ControlContext) -> ScanOutcome
    /// The second switch inside: one level back. `stays` is false when scanning goes back out.
    func scanBack(context: ControlContext) -> ScanOutcome
    /// How many steps go round the control once (scanning pauses after a few rounds with no switch).
    var scanCycle: Int { get }
    /// A run the control started by itself (a key's characters) ended; scanning goes on inside.
    func scanResumed(context: ControlContext) -> ControlResponse
    /// Whether scanning goes into the control at once when its screen opens with it focused, without a switch
    /// press (the reader's text: each step reads the next sentence); false by default.
    var entersScanAtOnce: Bool { get }
}

extension SwitchScannable {
    public func scanResumed(context: ControlContext) -> ControlResponse { .none }

    public var entersScanAtOnce: Bool { false }
}

/// What a switch press inside a control did.
public struct ScanOutcome {
    public var response: ControlResponse
    /// Whether scanning stays inside the control.
    public var stays: Bool

    public init(_ response: ControlResponse, stays: Bool) {
        self.response = response
        self.stays = stays
    }
}

extension Wheel: SwitchScannable {
    /// Going in again, the item under the marker has its rest said again (it may have been said on a visit before).
    public func scanEnter(context: ControlContext) -> ControlResponse {
        scanRestSaid = nil
        return .none
    }

    /// Down, and from the last item back to the first (unless more items are coming below). In a wheel that
    /// ``Wheel/readsOn``, an item said in part (a post's opening and "More.") has its rest said first, as a step
    /// of its own: the switch user, who has no Right, hears every post whole, and can choose it after its
    /// opening or after its rest.
    public func scanStep(context: ControlContext) -> ControlResponse {
        if readsOn, items.count > 0, scanRestSaid != index, items.holdsBack(at: index), let more = items.more(at: index) {
            scanRestSaid = index
            return ControlResponse([.say(more.utterance())], events: [ControlEvent(source: self, kind: .readOn(index))])
        }
        scanRestSaid = nil
        let atEnd = items.count == 0 || (index >= items.count - 1 && !continuesBelow)
        return handle(atEnd ? .home : .down, context: context) ?? .none
    }

    public func scanSelect(context: ControlContext) -> ScanOutcome {
        ScanOutcome(handle(.enter, context: context) ?? .none, stays: false)
    }

    public func scanBack(context: ControlContext) -> ScanOutcome { ScanOutcome(.none, stays: false) }

    public var scanCycle: Int { max(1, items.count) }
}

extension Segmented: SwitchScannable {
    public func scanEnter(context: ControlContext) -> ControlResponse { .none }

    /// The next option, and from the last back to the first.
    public func scanStep(context: ControlContext) -> ControlResponse {
        if selected >= options.count - 1 {
            showFirst()
            return ControlResponse([.text(optionSpoken(context))])
        }
        return handle(.right, context: context) ?? .none
    }

    /// Keeps the option said.
    public func scanSelect(context: ControlContext) -> ScanOutcome {
        ScanOutcome(handle(.enter, context: context) ?? .none, stays: false)
    }

    /// Puts back the option kept before.
    public func scanBack(context: ControlContext) -> ScanOutcome {
        ScanOutcome(handle(.escape, context: context) ?? .none, stays: false)
    }

    public var scanCycle: Int { max(1, options.count) }
}
