import BrailleKit
import Foundation

/// A braille display in memory: records every write (text and cursor) and how often it was connected.
public final class RecordingBraille: BrailleDevice, @unchecked Sendable {
    /// One write: the cells as text (blanks at the end trimmed) and the cursor's cell.
    public struct Written: Sendable, Hashable, CustomStringConvertible {
        public var text: String
        public var cursor: Int?
        public init(_ text: String, cursor: Int? = nil) {
            self.text = text
            self.cursor = cursor
        }
        public var description: String { cursor.map { "\(text) @\($0)" } ?? text }
    }

    private let lock = NSLock()
    private var _writes: [Written] = []
    private var _connections = 0
    /// The width the display reports.
    public let cells: Int

    public init(cells: Int = 40) {
        self.cells = cells
    }

    /// Everything written, oldest first.
    public var writes: [Written] { lock.withLock { _writes } }
    /// The text shown now (the last write).
    public var shown: Written? { writes.last }
    /// How many times a connection was made.
    public var connections: Int { lock.withLock { _connections } }

    public func connect() throws(BrailleError) -> Int {
        lock.withLock { _connections += 1 }
        return cells
    }

    public func write(_ cells: [Unicode.Scalar], cursor: Int?) throws(BrailleError) {
        var text = String(String.UnicodeScalarView(cells))
        while text.hasSuffix(" ") { text.removeLast() }
        lock.withLock { _writes.append(Written(text, cursor: cursor)) }
    }

    public func readKey(timeout: Duration) throws(BrailleError) -> BrailleKey? { nil }

    public func disconnect() {}
}

/// A connector that only counts what it was asked: the test says what the server answered
/// (``BrailleOutput/receive(_:)`` with `.connected`, `.failed` or `.lost`).
public final class RecordingConnector: BrailleConnector {
    /// How many times a connection was asked for.
    public private(set) var requests = 0
    /// How many times the display was given back.
    public private(set) var disconnections = 0

    public init() {}

    public func requestConnection() { requests += 1 }
    public func disconnect() { disconnections += 1 }
}
