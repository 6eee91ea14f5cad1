/// The timing of automatic scanning: options said one after another at a dwell interval.
///
/// Used by ``TimedSegmented`` and ``Keypad``. A run goes round the options `passes` times, then
/// stops; within `grace` after it stops, the option said last can still be taken. The scanner
/// only counts: it reads no clock, it is told the time.
public struct DwellScanner: Sendable, Equatable {
    /// How many options there are.
    public private(set) var count: Int
    /// The time each option is held.
    public var dwell: Duration
    /// How many times a run goes round all options before stopping by itself.
    public var passes: Int
    /// How long after a run ends the option said last can still be taken.
    public var grace: Duration

    /// The option being said, while a run goes on.
    public private(set) var current: Int?
    private var stepStarted: Duration = .zero
    private var steps = 0
    private var lastIndex: Int?
    private var endedAt: Duration?

    public init(count: Int, dwell: Duration, passes: Int = 2, grace: Duration = .milliseconds(600)) {
        self.count = max(1, count)
        self.dwell = dwell
        self.passes = max(1, passes)
        self.grace = grace
    }

    /// Whether a run goes on.
    public var isRunning: Bool { current != nil }

    /// Starts a run at `index`; returns the option to say now.
    public mutating func start(at now: Duration, from index: Int = 0, count newCount: Int? = nil) -> Int {
        if let newCount { count = max(1, newCount) }
        let first = min(max(0, index), count - 1)
        current = first
        lastIndex = first
        stepStarted = now
        steps = 0
        endedAt = nil
        return first
    }

    /// When the next option is due; nil when no run goes on.
    public var nextDeadline: Duration? { isRunning ? stepStarted + dwell : nil }

    /// What happened at a tick.
    public enum Step: Equatable, Sendable {
        /// Nothing was due.
        case none
        /// The option to say now.
        case advanced(Int)
        /// The run went round all its passes and stopped.
        case finished
    }

    /// Moves on if an option's time is up at `now` (several steps when the host was late).
    public mutating func tick(now: Duration) -> Step {
        guard var index = current else { return .none }
        var moved = false
        while now >= stepStarted + dwell {
            steps += 1
            if steps >= count * passes {
                endedAt = stepStarted + dwell
                current = nil
                return .finished
            }
            index = (index + 1) % count
            stepStarted += dwell
            moved = true
        }
        guard moved else { return .none }
        current = index
        lastIndex = index
        return .advanced(index)
    }

    /// Stops the run at once (Esc); nothing can be taken afterwards.
    public mutating func stop() {
        current = nil
        endedAt = nil
        lastIndex = nil
    }

    /// The option Enter takes at `now`: the one being said, or the last one within `grace` after the run ended.
    public func choice(at now: Duration) -> Int? {
        if let current { return current }
        if let endedAt, let lastIndex, now - endedAt <= grace { return lastIndex }
        return nil
    }

    /// Forgets a finished run (after its option was taken).
    public mutating func reset() {
        current = nil
        endedAt = nil
        lastIndex = nil
    }
}
