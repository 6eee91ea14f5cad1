/// A braille display Parla can write to and read keys from (BrlAPI, or a recording double in tests).
///
/// ``connect()`` and ``readKey(timeout:)`` are called from the link's reader thread; ``write(_:cursor:)``
/// from the key loop's, while a read may be waiting: implementations allow that.
public protocol BrailleDevice: AnyObject, Sendable {
    /// Connects and takes the display for Parla's own line.
    ///
    /// - Returns: the display's width in cells, as the server reports it.
    /// - Throws: ``BrailleError/unavailable(_:)`` when no server answers.
    func connect() throws(BrailleError) -> Int

    /// Shows `cells` (the display's width of them, blanks included) with the cursor on cell `cursor` (from 0), or none.
    func write(_ cells: [Unicode.Scalar], cursor: Int?) throws(BrailleError)

    /// Waits up to `timeout` for a key of the display; nil when none came (or the key is not one Parla uses).
    ///
    /// - Throws: ``BrailleError/lost(_:)`` when the connection ended.
    func readKey(timeout: Duration) throws(BrailleError) -> BrailleKey?

    /// Gives the display back and closes the connection.
    func disconnect()
}

/// Why braille is not written.
public enum BrailleError: Error, Sendable, Hashable {
    /// No BrlAPI server answered (or the library is missing); the reason as the library gives it.
    case unavailable(String)
    /// The connection ended (BRLTTY stopped).
    case lost(String)
}
