import Foundation

/// Waits (briefly, in real time) until work on other threads makes `condition` true; fails after 10 s.
///
/// Only synchronises with the HTTP server's threads; no test relies on time passing.
func eventually(_ what: String = "condition", _ condition: @Sendable () async -> Bool) async throws {
    for _ in 0..<5000 {
        if await condition() { return }
        try await Task.sleep(for: .milliseconds(2))
    }
    throw WaitFailed(what: what)
}

struct WaitFailed: Error, CustomStringConvertible {
    let what: String
    var description: String { "timed out waiting for \(what)" }
}
