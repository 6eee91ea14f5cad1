import ParlaBase
import TerminalKit

/// What a control needs from its surroundings while rendering or handling a key.
public struct ControlContext: Sendable {
    public var localizer: Localizer
    public var theme: Theme
    public var settings: ControlSettings
    /// The time now, from the host's injected clock.
    public var now: Duration

    public init(localizer: Localizer, theme: Theme, settings: ControlSettings = ControlSettings(), now: Duration = .zero) {
        self.localizer = localizer
        self.theme = theme
        self.settings = settings
        self.now = now
    }

    /// The localized string for `key`.
    public func string(_ key: String, _ arguments: [String: String] = [:]) -> String {
        localizer.string(key, arguments)
    }

    /// The control's description as said now, at the current verbosity.
    ///
    /// While scanning, the hint ("Press Enter to activate") is left out: the switch is the only key, and
    /// every word said holds the scan back; what the switch does there is said instead, where the control
    /// says it (``AccessibilityDescription/switchHint``: "the switch goes to another place").
    public func spoken(_ description: AccessibilityDescription) -> String {
        var description = description
        if settings.scanning { description.hint = description.switchHint }
        return description.spoken(settings.verbosity, localizer: localizer)
    }
}
