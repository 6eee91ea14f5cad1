import Foundation

/// Waits until work the test does not drive makes `condition` true, and fails after `timeout` (60 s
/// unless said). The one wait of the system tests; unit tests never wait: they drive a `ManualExecutor`.
///
/// For work on other threads: a task the code under test started on the cooperative pool, an HTTP
/// server, a subprocess. It checks every millisecond, or every `every` (for checks that cost a process,
/// such as a tmux capture, or that move time on a step per check). A passing
/// wait ends as soon as the condition holds, so the timeout only bounds a failing one and never adds time.
/// Nothing here stands for time passing in the code under test: that is a `ManualClock` the test moves.
public func eventually(
    _ what: String = "condition", timeout: Duration = .seconds(60), every interval: Duration = .milliseconds(1),
    _ condition: () async -> Bool
) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !(await condition()) {
        guard clock.now < deadline else { throw WaitFailed(what: what) }
        try await Task.sleep(for: interval)
    }
}

/// ``eventually(_:timeout:every:_:)`` gave up.
public struct WaitFailed: Error, CustomStringConvertible {
    public let what: String
    public init(what: String) { self.what = what }
    public var description: String { "timed out waiting for \(what)" }
}
