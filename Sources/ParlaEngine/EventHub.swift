import Foundation
import MicroblogKit

/// Hands every engine event to each current subscriber; callable from any task without waiting.
final class EventHub: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [UUID: AsyncStream<EngineEvent>.Continuation] = [:]

    /// A new stream that receives every event emitted from now on.
    func subscribe() -> AsyncStream<EngineEvent> {
        let (stream, continuation) = AsyncStream<EngineEvent>.makeStream(bufferingPolicy: .bufferingNewest(500))
        let id = UUID()
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            self.lock.withLock { _ = self.subscribers.removeValue(forKey: id) }
        }
        lock.withLock { subscribers[id] = continuation }
        return stream
    }

    func emit(_ event: EngineEvent) {
        let targets = lock.withLock { Array(subscribers.values) }
        for continuation in targets { continuation.yield(event) }
    }

    /// Ends every stream.
    func finish() {
        let targets = lock.withLock {
            let all = Array(subscribers.values)
            subscribers.removeAll()
            return all
        }
        for continuation in targets { continuation.finish() }
    }
}
