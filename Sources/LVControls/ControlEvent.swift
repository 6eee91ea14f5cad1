/// Something that happened in a control that its screen may act on.
public struct ControlEvent {
    /// What happened.
    public enum Kind: Equatable, Sendable {
        /// A button was pressed (after its confirmation, for two-step buttons).
        case activated
        /// A toggle button changed.
        case toggled(Bool)
        /// A choice was kept: the option's index.
        case selected(Int)
        /// Text was typed, deleted or written by the keypad.
        case textChanged
        /// The user cancelled (a loading state's Esc).
        case cancelled
        /// The user moved down from a wheel's last item while more may follow (``Wheel/continuesBelow``).
        case pastEnd
        /// A wheel said what its item held back (Right on a post said in part): the item's index.
        case readOn(Int)
        /// One of a control's own steps was chosen: the keypad's scan steps after its rows (``Keypad/steps``).
        case step(Int)
    }

    /// The control it happened in.
    public let source: any Control
    public let kind: Kind

    public init(source: any Control, kind: Kind) {
        self.source = source
        self.kind = kind
    }
}

/// What handling a key or a tick produced: what to say and what happened.
public struct ControlResponse {
    public var announcements: [Announcement]
    public var events: [ControlEvent]
    /// Whether this was the first press of a two-step control (``ConfirmTwice``): it waits for the second,
    /// and one-switch scanning stays on the control for it (``ScreenHost``).
    public var awaitsConfirmation = false

    public init(_ announcements: [Announcement] = [], events: [ControlEvent] = []) {
        self.announcements = announcements
        self.events = events
    }

    /// Nothing to say, nothing happened (the key was still used).
    public static var none: ControlResponse { ControlResponse() }

    /// Adds another response's announcements and events after these.
    public mutating func append(_ other: ControlResponse) {
        announcements += other.announcements
        events += other.events
        awaitsConfirmation = awaitsConfirmation || other.awaitsConfirmation
    }
}
