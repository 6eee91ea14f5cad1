import Foundation

/// A tiny lock wrapper for test helpers.
final class NSLockBox: @unchecked Sendable {
    private let lock = NSLock()
    func run<T>(_ body: () -> T) -> T { lock.withLock(body) }
}
