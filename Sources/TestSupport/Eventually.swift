import Foundation

/// Waits (briefly, in real time) until work on other threads makes `condition` true; fails after
/// `timeout` (60 s unless said: with the whole suite running in parallel on two cores, work that takes
/// milliseconds alone can take many seconds; a passing wait ends as soon as the condition holds).
///
/// Only synchronises with threads the test does not drive (an HTTP server, a subprocess); no test
/// relies on time passing.
public func eventually(_ what: String = "condition", timeout: Duration = .seconds(60), _ condition: () async -> Bool) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
        if await condition() { return }
        try await Task.sleep(for: .milliseconds(2))
    }
    if await condition() { return }
    throw WaitFailed(what: what)
}

/// ``eventually(_:_:)`` gave up.
public struct WaitFailed: Error, CustomStringConvertible {
    public let what: String
    public init(what: String) { self.what = what }
    public var description: String { "timed out waiting for \(what)" }
}
