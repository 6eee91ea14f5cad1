import ParlaBase

/// Parla's braille focus line on one display: keeps the connection (retried on the injected clock while no
/// server answers), the window on the line (panning, alerts for a set time) and writes only what changed.
///
/// Used from the key loop's thread only. The connector's thread hands its events back through the app's
/// inbox to ``receive(_:)``; time comes from the injected clock (``nextDeadline``, ``tick()``).
public final class BrailleOutput {
    /// How long after a failed or lost connection Parla asks again.
    public static let retryInterval: Duration = .seconds(2)

    let device: any BrailleDevice
    let connector: any BrailleConnector
    let clock: any TickClock
    /// The line, the place on it and the alert.
    public private(set) var window = BrailleWindow()
    /// Whether braille is on (Settings, `--braille`).
    public private(set) var isEnabled: Bool
    /// Whether a server answered and the connection holds.
    public private(set) var isConnected = false
    /// How long an alert stays on the display; nil: alerts are not shown there.
    public var alertDuration: Duration?
    private var asking = false
    private var retryAt: Duration?
    private var alertUntil: Duration?
    /// What was last written (nothing is written twice).
    public private(set) var written: BrailleContent?

    /// - Parameters:
    ///   - device: the display (written from this thread).
    ///   - connector: opens the connection and reads keys on its own thread.
    ///   - clock: paces the retries and the alerts.
    ///   - enabled: whether to connect at all.
    ///   - alertDuration: how long an alert shows (nil: never).
    public init(device: any BrailleDevice, connector: any BrailleConnector, clock: any TickClock, enabled: Bool = true,
                alertDuration: Duration? = .seconds(4)) {
        self.device = device
        self.connector = connector
        self.clock = clock
        self.isEnabled = enabled
        self.alertDuration = alertDuration
    }

    /// Asks for the first connection (when on).
    public func start() {
        if isEnabled { ask() }
    }

    private func ask() {
        retryAt = nil
        asking = true
        connector.requestConnection()
    }

    /// Turns braille on (connecting) or off (the display is given back; nothing more is written).
    public func setEnabled(_ enabled: Bool) {
        guard enabled != isEnabled else { return }
        isEnabled = enabled
        if enabled {
            ask()
        } else {
            connector.disconnect()
            isConnected = false
            asking = false
            retryAt = nil
            written = nil
        }
    }

    /// Shows `line` as the focus line (written at once unless an alert covers it).
    public func show(_ line: BrailleLine) {
        window.show(line)
        flush()
    }

    /// Shows `text` for ``alertDuration``, then the focus line again, where the user left it.
    public func alert(_ text: String) {
        guard let alertDuration, !text.isEmpty else { return }
        window.showAlert(text)
        alertUntil = clock.now() + alertDuration
        flush()
    }

    /// Whether an alert covers the line.
    public var showsAlert: Bool { window.alert != nil }

    /// Takes the alert away (a key of the display was pressed); returns whether there was one.
    @discardableResult
    public func dismissAlert() -> Bool {
        guard window.alert != nil else { return false }
        window.dismissAlert()
        alertUntil = nil
        flush()
        return true
    }

    /// Pans one display's width (`direction` 1: right, -1: left); false at the line's end.
    public func pan(_ direction: Int) -> Bool {
        let moved = window.pan(direction)
        flush()
        return moved
    }

    /// Hands over an event of the connector; returns the display's key, for the app to act on.
    public func receive(_ event: BrailleEvent) -> BrailleKey? {
        switch event {
        case .connected(let cells):
            asking = false
            guard isEnabled else { return nil }
            isConnected = true
            window.resize(cells)
            written = nil
            flush()
        case .failed, .lost:
            asking = false
            isConnected = false
            written = nil
            if isEnabled { retryAt = clock.now() + Self.retryInterval }
        case .key(let key):
            return isConnected ? key : nil
        }
        return nil
    }

    /// When ``tick()`` has something to do: the next retry or the alert's end.
    public var nextDeadline: Duration? { [retryAt, alertUntil].compactMap { $0 }.min() }

    /// Retries the connection and ends the alert when their time has come.
    public func tick() {
        let now = clock.now()
        if let due = retryAt, due <= now, !asking { ask() }
        if let due = alertUntil, due <= now { dismissAlert() }
    }

    private func flush() {
        guard isConnected else { return }
        let content = window.content
        guard content != written else { return }
        do {
            try device.write(content.cells, cursor: content.cursor)
            written = content
        } catch {
            // The connector's reader sees the loss too and says so; the line is written again on reconnection.
            written = nil
        }
    }
}
