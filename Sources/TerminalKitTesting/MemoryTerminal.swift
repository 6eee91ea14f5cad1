import TerminalKit

/// An in-memory terminal for tests: keys are queued, every frame and cursor is recorded.
public final class MemoryTerminal: TerminalBackend {
    /// One presented frame.
    public struct Frame: Equatable, Sendable {
        public let grid: CellGrid
        public let cursor: Point
    }

    public private(set) var size: Size
    /// Every frame presented, oldest first.
    public private(set) var frames: [Frame] = []
    private var pending: [Key] = []
    private var pendingSizes: [Size] = []
    /// Set when the queue runs dry and `endWhenEmpty` is on.
    public private(set) var inputEnded = false
    /// Whether input ends once the queued keys are used up (otherwise nextKey answers nil).
    public var endWhenEmpty: Bool
    public let waker: any TerminalWaker = NoWaker()

    public init(size: Size, endWhenEmpty: Bool = false) {
        self.size = size
        self.endWhenEmpty = endWhenEmpty
    }

    /// Queues keys to be read in order.
    public func type(_ keys: Key...) { pending.append(contentsOf: keys) }
    /// Queues keys to be read in order.
    public func type(_ keys: [Key]) { pending.append(contentsOf: keys) }
    /// Queues each character of `text` as a printable key.
    public func type(text: String) { pending.append(contentsOf: text.map(Key.char)) }

    /// Changes the size and queues a resize event, as a terminal window would.
    public func resize(to newSize: Size) {
        pending.append(.resize)
        pendingSizes.append(newSize)
    }

    /// The last frame presented.
    public var lastFrame: Frame? { frames.last }

    /// The rows asked to be written whole (``TerminalBackend/rewriteRow(_:)``), oldest first.
    public private(set) var rewrittenRows: [Int] = []

    public func rewriteRow(_ row: Int) { rewrittenRows.append(row) }

    public func present(_ grid: CellGrid, cursor: Point) {
        frames.append(Frame(grid: grid, cursor: cursor))
    }

    /// What the terminal says it draws in pixels (none unless a test says).
    public var pixelSupport: PixelSupport = .none
    /// The pixels over the last frame (nil: none).
    public private(set) var pixels: TerminalPixels?

    public func showPixels(_ pixels: TerminalPixels?) { self.pixels = pixels }

    public func nextKey(timeout: Duration?) -> Key? {
        guard !pending.isEmpty else {
            if endWhenEmpty { inputEnded = true }
            return nil
        }
        let key = pending.removeFirst()
        if key == .resize, !pendingSizes.isEmpty { size = pendingSizes.removeFirst() }
        return key
    }

    /// Whether keys remain queued.
    public var hasPendingKeys: Bool { !pending.isEmpty }
}
