import Foundation

/// The calls a timeline's user waits on (a refresh, a boost…) and, once said, until when the
/// server's limit holds them back; Escape then cancels them.
struct LimitWait: Equatable {
    /// The calls on their way, by the token their answer carries: the call's id, for cancelling.
    private(set) var calls: [Int: Int] = [:]
    private var lastToken = 0
    /// Whether the budget is being asked about now.
    var checking = false
    /// Until when the server's limit holds the calls back, once said.
    var until: Date?

    /// A token for the next call's answer.
    mutating func nextToken() -> Int {
        lastToken += 1
        return lastToken
    }

    /// The call `id` started; its answer carries `token`.
    mutating func started(_ token: Int, id: Int) { calls[token] = id }

    /// The call with `token` answered; once none is left, nothing waits.
    mutating func answered(_ token: Int) {
        calls[token] = nil
        if calls.isEmpty { until = nil }
    }

    /// Whether a call is on its way.
    var isWaiting: Bool { !calls.isEmpty }

    /// Forgets every call (they are cancelled) and returns their ids.
    mutating func cancelAll() -> [Int] {
        defer {
            calls = [:]
            until = nil
        }
        return Array(calls.values)
    }
}
