import Foundation

/// Waits (briefly, in real time) until work on other threads makes `condition` true; fails after 10 s.
///
/// Only synchronises with threads the test does not drive (an HTTP server, a subprocess); no test
/// relies on time passing.
public func eventually(_ what: String = "condition", _ condition: () async -> Bool) async throws {
    for _ in 0..<5000 {
        if await condition() { return }
        try await Task.sleep(for: .milliseconds(2))
    }
    throw WaitFailed(what: what)
}

/// ``eventually(_:_:)`` gave up.
public struct WaitFailed: Error, CustomStringConvertible {
    public let what: String
    public init(what: String) { self.what = what }
    public var description: String { "timed out waiting for \(what)" }
}
