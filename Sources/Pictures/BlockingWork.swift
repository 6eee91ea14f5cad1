import Dispatch

/// Runs work that blocks a thread for long (decoding a large picture, recognising its text) on a dispatch
/// queue at the given priority, off Swift's few cooperative threads and off the key loop.
enum BlockingWork {
    static func run<T: Sendable>(_ qos: DispatchQoS.QoSClass, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: qos).async { continuation.resume(with: Result { try work() }) }
        }
    }
}
