import Foundation
import ParlaBase
import TerminalKit

/// A terminal backend for benchmarks: keeps only the last frame and when each frame was handed to it.
///
/// Unlike TerminalKitTesting's `MemoryTerminal` it does not keep every frame, so memory stays flat over
/// thousands of key presses; keys are handed to the app directly, so ``nextKey(timeout:)`` has none.
public final class TimedTerminal: TerminalBackend {
    public let size: Size
    /// The last frame presented.
    public private(set) var lastGrid: CellGrid?
    public private(set) var lastCursor: Point?
    /// When the last frame was presented.
    public private(set) var lastPresented: ContinuousClock.Instant?
    /// When the first frame after the last ``mark()`` was presented.
    public private(set) var firstPresentedSinceMark: ContinuousClock.Instant?
    /// How many frames were presented.
    public private(set) var presentCount = 0
    public let inputEnded = false
    public let waker: any TerminalWaker = NoWaker()

    public init(size: Size) { self.size = size }

    public func present(_ grid: CellGrid, cursor: Point) {
        let now = ContinuousClock.now
        lastPresented = now
        if firstPresentedSinceMark == nil { firstPresentedSinceMark = now }
        lastGrid = grid
        lastCursor = cursor
        presentCount += 1
    }

    /// Starts a measurement: forgets when the last frame came, so the next one is noted.
    public func mark() { firstPresentedSinceMark = nil }

    public func nextKey(timeout: Duration?) -> Key? { nil }
}
