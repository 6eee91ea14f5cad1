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
        let folder = FileManager.default.temporaryDirectory
        let outputPath = folder.appendingPathComponent("cmd-\(UUID().uuidString).out").path
        let inputPath = folder.appendingPathComponent("cmd-\(UUID().uuidString).in").path
        let errorsPath = folder.appendingPathComponent("cmd-\(UUID().uuidString).err").path
        defer {
            unlink(errorsPath)
            unlink(outputPath)
            unlink(inputPath)
        }
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
        guard spawned == 0 else { throw CommandError.spawnFailed(arguments[0], spawned) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let errors = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
        return Result(status: exitStatus, output: output, errors: errors)
    }
}

/// Why a command could not be run.
public enum CommandError: Error {
    case spawnFailed(String, Int32)
}
