import ParlaBase

/// How lively the demo community is while the instance runs (``InstanceConfiguration/demoActivity``).
public struct DemoActivitySettings: Sendable {
    /// Waits between actions (tests give a manual one).
    public var sleeper: any Sleeper
    /// The wait before the first action.
    public var firstDelay: Duration
    /// The shortest and longest wait between two actions, in seconds.
    public var pauseSeconds: ClosedRange<Int>

    /// Real time: the first action after 25 seconds, then one every 40 to 150 seconds.
    public init(sleeper: any Sleeper = TaskSleeper(), firstDelay: Duration = .seconds(25), pauseSeconds: ClosedRange<Int> = 40...150) {
        self.sleeper = sleeper
        self.firstDelay = firstDelay
        self.pauseSeconds = pauseSeconds
    }
}

extension DemoActivitySettings {
    /// The wait before action `step` (the first waits ``firstDelay``; the others vary within the pause).
    func delay(before step: Int) -> Duration {
        guard step > 0 else { return firstDelay }
        let width = pauseSeconds.upperBound - pauseSeconds.lowerBound + 1
        return .seconds(pauseSeconds.lowerBound + (step * 53) % max(width, 1))
    }
}
