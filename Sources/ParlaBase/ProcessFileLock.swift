import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive lock between processes: `flock` on a file beside what it guards (created, mode 0600, when
/// missing), held while a body runs. Other processes asking for it wait; the lock goes when the body
/// returns or the process ends.
public enum ProcessFileLock {
    /// The lock file could not be opened or locked.
    public struct Failure: Error, CustomStringConvertible {
        public let path: String
        /// What failed ("open", "flock") and its errno.
        public let call: String
        public let errno: Int32
        public var description: String { "\(call) \(path): errno \(errno)" }
    }

    /// Runs `body` holding an exclusive `flock` on `path`.
    ///
    /// - Throws: ``Failure`` when the lock file cannot be opened or locked; whatever `body` throws.
    public static func withExclusive<T>(_ path: String, _ body: () throws -> T) throws -> T {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(path: path, call: "open", errno: errno) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { throw Failure(path: path, call: "flock", errno: errno) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
