import Foundation

/// Fans stream events out to the connected Server-Sent Events clients.
final class StreamHub: Sendable {
    /// What a client listens to.
    enum Stream: Sendable, Equatable {
        case user(Int64)
        case publicTimeline
    }

    private struct Subscriber {
        let stream: Stream
        let continuation: AsyncStream<StreamEvent>.Continuation
    }

    private let subscribers = LockedBox<(next: Int, all: [Int: Subscriber], closed: Bool)>((0, [:], false))

    /// A new subscription; it ends when the client goes away or the hub closes.
    func subscribe(_ stream: Stream) -> AsyncStream<StreamEvent> {
        let (events, continuation) = AsyncStream<StreamEvent>.makeStream(bufferingPolicy: .bufferingNewest(500))
        let id: Int? = subscribers.withValue { state in
            if state.closed { return nil }
            state.next += 1
            state.all[state.next] = Subscriber(stream: stream, continuation: continuation)
            return state.next
        }
        guard let id else {
            continuation.finish()
            return events
        }
        continuation.onTermination = { [weak self] _ in
            self?.subscribers.withValue { state in _ = state.all.removeValue(forKey: id) }
        }
        return events
    }

    /// Delivers events to the subscribers they are for.
    func publish(_ events: [StreamEvent]) {
        guard !events.isEmpty else { return }
        let current = subscribers.withValue { Array($0.all.values) }
        for event in events {
            for subscriber in current where Self.reaches(event.audience, subscriber.stream) {
                subscriber.continuation.yield(event)
            }
        }
    }

    /// The number of connected clients.
    var count: Int { subscribers.withValue { $0.all.count } }

    /// Ends every subscription (on shutdown).
    func close() {
        let all = subscribers.withValue { state in
            state.closed = true
            return Array(state.all.values)
        }
        for subscriber in all { subscriber.continuation.finish() }
    }

    private static func reaches(_ audience: StreamEvent.Audience, _ stream: Stream) -> Bool {
        switch (audience, stream) {
        case (.everyone, _): true
        case (.publicTimeline, .publicTimeline): true
        case (.user(let a), .user(let b)): a == b
        default: false
        }
    }
}
