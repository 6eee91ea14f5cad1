import Foundation

/// Runs programs for the process-level figures (cold start, command line timelines).
struct ProcessRunner {
    /// The folder holding the release binaries (parla-bench's own folder).
    var binaries: URL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    var environment: [String: String] = ProcessInfo.processInfo.environment

    var parla: String { binaries.appendingPathComponent("parla").path }

    /// Runs `executable` with `arguments` to the end; returns its exit status and standard output.
    ///
    /// - Throws: ``BenchStepError`` naming the command when it runs longer than `timeout` seconds (it is
    ///   then ended, SIGTERM and then SIGKILL).
    @discardableResult
    func run(
        _ executable: String, _ arguments: [String], environment extra: [String: String] = [:], timeout: Double = 60
    ) throws -> (status: Int32, output: String) {
        let pipe = Pipe()
        let process = try launch(executable, arguments, environment: extra, output: pipe)
        let watchdog = Watchdog(process, after: timeout)
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if watchdog.cancel() {
            let name = ([URL(fileURLWithPath: executable).lastPathComponent] + arguments).joined(separator: " ")
            throw BenchStepError(step: "`\(name)` did not finish within \(Int(timeout)) s")
        }
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Runs `executable` to the end with its output discarded, for programs that leave a daemon behind
    /// (`tmux new -d` starts a server that would hold a pipe open for good); returns its exit status.
    @discardableResult
    func runQuietly(_ executable: String, _ arguments: [String]) throws -> Int32 {
        let process = try launch(executable, arguments, environment: [:], output: FileHandle.nullDevice)
        let watchdog = Watchdog(process, after: 30)
        process.waitUntilExit()
        if watchdog.cancel() { throw BenchStepError(step: "`\(arguments.joined(separator: " "))` did not finish within 30 s") }
        return process.terminationStatus
    }

    private func launch(_ executable: String, _ arguments: [String], environment extra: [String: String], output: Any) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment.merging(extra) { $1 }
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
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

    init(_ process: Process, after seconds: Double) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            lock.lock()
            let expired = !done
            if expired { fired = true }
            lock.unlock()
            if expired { ServedInstance.end(process) }
        }
    }

    /// Stops watching; true when the time had run out and the process was ended.
    func cancel() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        done = true
        return fired
    }
}
