/// What the braille link hands to the key loop (through the app's inbox).
public enum BrailleEvent: Sendable, Hashable {
    /// A server answered; the display has `cells` cells.
    case connected(cells: Int)
    /// No server answered this time.
    case failed(String)
    /// The connection ended (BRLTTY stopped).
    case lost(String)
    /// A key of the display.
    case key(BrailleKey)
}

/// Opens the connection to the display off the key loop's thread and reads its keys there.
public protocol BrailleConnector: AnyObject {
    /// Tries to connect once; the answer comes back as ``BrailleEvent/connected(cells:)`` or ``BrailleEvent/failed(_:)``.
    func requestConnection()
    /// Gives the display back (braille turned off); nothing more is posted until the next request.
    func disconnect()
}
