import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs a program and waits for it with `waitpid`, collecting its standard output through a file.
///
/// Foundation's `Process` decides that a child has ended when a descriptor it shares with the
/// child closes; a program that leaves a daemon behind (tmux's server) keeps that descriptor open,
/// and `waitUntilExit` never returns. This spawns with `posix_spawn` and reaps the child itself.
public enum Command {
    /// The result of a run.
    public struct Result: Sendable {
        public let status: Int32
        public let output: String
        /// What it wrote to standard error.
        public let errors: String
    }

    /// Runs `arguments[0]` (looked up in PATH) with the rest as arguments.
    ///
    /// - Parameters:
    ///   - environment: the full environment for the child.
    ///   - input: bytes for its standard input (nil: /dev/null).
    public static func run(_ arguments: [String], environment: [String: String], input: Data? = nil) throws -> Result {
        try start(arguments, environment: environment, input: input).wait()
    }

    /// Starts `arguments[0]` (looked up in PATH) and returns at once; the child runs until it ends or is signalled.
    public static func start(_ arguments: [String], environment: [String: String], input: Data? = nil) throws -> RunningCommand {
        let folder = FileManager.default.temporaryDirectory
        let outputPath = folder.appendingPathComponent("cmd-\(UUID().uuidString).out").path
        let inputPath = folder.appendingPathComponent("cmd-\(UUID().uuidString).in").path
        let errorsPath = folder.appendingPathComponent("cmd-\(UUID().uuidString).err").path
        if let input { FileManager.default.createFile(atPath: inputPath, contents: input) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input == nil ? "/dev/null" : inputPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorsPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // The child starts with no signal blocked and default actions, whatever this thread has.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGPIPE, SIGCHLD] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            for path in [errorsPath, outputPath, inputPath] { unlink(path) }
            throw CommandError.spawnFailed(arguments[0], spawned)
        }
        return RunningCommand(pid: pid, files: [outputPath, errorsPath, inputPath])
    }
}

/// A child started by ``Command/start(_:environment:input:)``: signal it, wait for it (from one thread).
public final class RunningCommand: @unchecked Sendable {
    /// The child's process id.
    public let pid: pid_t
    private let files: [String]
    private let reaped = NSLock()
    private var result: Command.Result?

    init(pid: pid_t, files: [String]) {
        self.pid = pid
        self.files = files
    }

    /// Sends a signal (`SIGKILL`, `SIGINT` …); nothing once the child was waited for (its id may be reused).
    public func signal(_ number: Int32) {
        reaped.withLock {
            if result == nil { kill(pid, number) }
        }
    }

    /// What it has written to standard output so far.
    public var outputSoFar: String { (try? String(contentsOfFile: files[0], encoding: .utf8)) ?? "" }

    /// Blocks until the child ends and collects what it wrote (its status is 128 + N when signal N ended it).
    public func wait() -> Command.Result {
        if let known = reaped.withLock({ () -> Command.Result? in self.result }) { return known }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let output = (try? String(contentsOfFile: files[0], encoding: .utf8)) ?? ""
        let errors = (try? String(contentsOfFile: files[1], encoding: .utf8)) ?? ""
        for path in files { unlink(path) }
        let result = Command.Result(status: exitStatus, output: output, errors: errors)
        reaped.withLock { self.result = result }
        return result
    }

    /// ``wait()`` on a thread of its own (see ``Command/runDetached(_:environment:input:)``).
    public func waitDetached() async -> Command.Result {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: self.wait()) }
        }
    }
}

extension Command {
    /// ``run(_:environment:input:)`` on a thread of its own, so waiting for the child never holds one of
    /// the few threads that async work (an in-process server, say) runs on.
    public static func runDetached(_ arguments: [String], environment: [String: String], input: Data? = nil) async throws -> Result {
        try await start(arguments, environment: environment, input: input).waitDetached()
    }
}

/// Why a command could not be run.
public enum CommandError: Error {
    case spawnFailed(String, Int32)
}
