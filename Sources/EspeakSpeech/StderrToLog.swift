import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Keeps C libraries' complaints off the screen: runs a call with stderr sent to the log.
enum StderrToLog {
    /// Runs `body` with file descriptor 2 pointing at `logFile` (or /dev/null), then restores it.
    static func run<T>(_ logFile: URL?, _ body: () -> T) -> T {
        let target = logFile?.path ?? "/dev/null"
        let fd = open(target, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return body() }
        fflush(nil)
        let saved = dup(STDERR_FILENO)
        dup2(fd, STDERR_FILENO)
        close(fd)
        defer {
            fflush(nil)
            if saved >= 0 {
                dup2(saved, STDERR_FILENO)
                close(saved)
            }
        }
        return body()
    }
}
