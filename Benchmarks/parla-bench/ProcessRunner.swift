import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs programs for the process-level figures (cold start, command line timelines).
struct ProcessRunner {
    /// The folder holding the release binaries (parla-bench's own folder).
    var binaries: URL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    var environment: [String: String] = ProcessInfo.processInfo.environment

    var parla: String { binaries.appendingPathComponent("parla").path }

    /// Runs `executable` with `arguments` to the end; returns its exit status and standard output.
    ///
    /// Started with posix_spawn and waited for with a blocking `waitpid`: Foundation's
    /// `Process.waitUntilExit` on Linux looks at the child every 50 ms, which added up to 50 ms to every
    /// timed command (`parla --help` measured 65 ms here and 10 ms by `time`).
    ///
    /// - Throws: ``BenchStepError`` naming the command when it runs longer than `timeout` seconds (it is
    ///   then ended, SIGTERM and then SIGKILL).
    @discardableResult
    func run(
        _ executable: String, _ arguments: [String], environment extra: [String: String] = [:], timeout: Double = 60,
        passingErrors: Bool = false
    ) throws -> (status: Int32, output: String) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw BenchStepError(step: "could not make a pipe for \(executable)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        if !passingErrors { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.merging(extra) { $1 }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        close(fds[1])
        guard spawned == 0 else {
            close(fds[0])
            throw BenchStepError(step: "could not start \(executable)")
        }
        let watchdog = Watchdog(pid: pid, after: timeout)
        let data = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true).readDataToEndOfFile()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        if watchdog.cancel() {
            let name = ([URL(fileURLWithPath: executable).lastPathComponent] + arguments).joined(separator: " ")
            throw BenchStepError(step: "`\(name)` did not finish within \(Int(timeout)) s")
        }
        let exited = status & 0x7f == 0
        return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), String(decoding: data, as: UTF8.self))
    }

    /// Runs a short command (found on PATH) to the end with its output discarded (or written to the file
    /// `output`) and returns its exit status, through posix_spawn and waitpid rather than Foundation's `Process`, whose wait never returned
    /// for a `tmux new -d` client (the client stayed a zombie and `coldstart` hung).
    ///
    /// - Throws: ``BenchStepError`` when it runs longer than `timeout` seconds (it is then killed).
    @discardableResult
    func spawn(_ arguments: [String], timeout: Double = 30, output: String = "/dev/null") throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp) == 0 else {
            throw BenchStepError(step: "could not start \(arguments[0])")
        }
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        var status: Int32 = 0
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { return (status >> 8) & 0xff }
            if done < 0 { return -1 }
            if ContinuousClock.now > deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                throw BenchStepError(step: "`\(arguments.joined(separator: " "))` did not finish within \(Int(timeout)) s")
            }
            usleep(2000)
        }
    }

    /// Milliseconds `run` takes, once per run; nil when a run fails.
    func time(_ runs: Int, _ executable: String, _ arguments: [String], environment extra: [String: String] = [:]) throws -> [Double]? {
        var values: [Double] = []
        for _ in 0..<runs {
            let start = ContinuousClock.now
            let result = try run(executable, arguments, environment: extra)
            guard result.status == 0 else { return nil }
            values.append(milliseconds(ContinuousClock.now - start))
        }
        return values
    }

    /// A fresh temporary folder.
    func temporaryFolder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parla-bench-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Ends a process that runs past its time; ``cancel()`` says whether it had to.
final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var fired = false
    private var done = false

    /// Watches the process `pid`: SIGTERM when `seconds` have passed, SIGKILL two seconds later.
    init(pid: pid_t, after seconds: Double) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            guard expire() else { return }
            kill(pid, SIGTERM)
            DispatchQueue.global().asyncAfter(deadline: .now() + 2) { [self] in
                if !isDone { kill(pid, SIGKILL) }
            }
        }
    }

    private func expire() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if !done { fired = true }
        return fired
    }

    private var isDone: Bool {
        lock.lock()
        defer { lock.unlock() }
        return done
    }

    /// Stops watching; true when the time had run out and the process was ended.
    func cancel() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        done = true
        return fired
    }
}
