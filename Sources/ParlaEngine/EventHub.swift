import Foundation
import MicroblogKit

/// Hands every engine event to each current subscriber; callable from any task without waiting.
///
/// Observers are called on the emitting task, in emit order; streams are fed the same way.
final class EventHub: @unchecked Sendable {
    private let lock = NSLock()
    private var observers: [UUID: @Sendable (EngineEvent) -> Void] = [:]

    /// A new stream that receives every event emitted from now on.
    func subscribe() -> AsyncStream<EngineEvent> {
        let (stream, continuation) = AsyncStream<EngineEvent>.makeStream(bufferingPolicy: .bufferingNewest(500))
        let id = add { continuation.yield($0) }
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        return stream
    }

    /// Calls `observer` with every event emitted from now on, on the emitting task.
    func observe(_ observer: @escaping @Sendable (EngineEvent) -> Void) {
        add(observer)
    }

    @discardableResult
    private func add(_ observer: @escaping @Sendable (EngineEvent) -> Void) -> UUID {
        let id = UUID()
        lock.withLock { observers[id] = observer }
        return id
    }

    private func remove(_ id: UUID) {
        lock.withLock { _ = observers.removeValue(forKey: id) }
    }

    func emit(_ event: EngineEvent) {
        let targets = lock.withLock { Array(observers.values) }
        for observer in targets { observer(event) }
    }
}
