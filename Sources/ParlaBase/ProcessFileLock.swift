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

    /// An exclusive lock held for as long as this value lives (or the process does: the kernel lets it
    /// go when the process ends, a crash included).
    public final class Held: Sendable {
        /// The lock file.
        public let path: String
        private let fd: Int32

        fileprivate init(path: String, fd: Int32) {
            self.path = path
            self.fd = fd
        }

        deinit {
            flock(fd, LOCK_UN)
            close(fd)
        }
    }

    /// Takes an exclusive `flock` on `path` without waiting, to hold for a whole run.
    ///
    /// - Returns: the held lock, or nil when another process (or another open of the file) holds it.
    /// - Throws: ``Failure`` when the lock file cannot be opened or locked for another reason.
    public static func hold(_ path: String) throws -> Held? {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(path: path, call: "open", errno: errno) }
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let failure = errno
            if failure == EINTR { continue }
            close(fd)
            if failure == EWOULDBLOCK { return nil }
            throw Failure(path: path, call: "flock", errno: failure)
        }
        return Held(path: path, fd: fd)
    }
}
