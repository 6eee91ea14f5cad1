import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs each bench group in a child process of its own (`parla-bench --group NAME`) with a time limit, so
/// that the bench always ends: a group past its limit is killed and reported with the step it was on
/// (its `step:` lines on stderr), and whatever it started and left behind (servers, tmux, parla) is ended.
///
/// The supervisor is a child subreaper: processes the group leaves behind, daemons such as the tmux
/// server included, become its children when their parents end, and are ended after every group.
enum GroupSupervisor {
    /// Makes this process the reaper of orphaned descendants (Linux `PR_SET_CHILD_SUBREAPER`).
    static func becomeSubreaper() {
        prctl(36, 1)  // PR_SET_CHILD_SUBREAPER
    }

    /// A group's process ends with the supervisor, even when the supervisor is killed outright.
    static func endWithParent() {
        prctl(1, UInt(SIGKILL))  // PR_SET_PDEATHSIG
    }

    /// prctl is variadic in C, so Swift does not import it; it is called through its symbol.
    private static func prctl(_ option: Int32, _ value: UInt) {
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let symbol = dlsym(nil, "prctl") else { return }
        _ = unsafeBitCast(symbol, to: Prctl.self)(option, value, 0, 0, 0)
    }

    /// Where the groups' temporary files go (their `TMPDIR`).
    static let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("parla-bench-\(getpid())")

    /// The group running now, ended by ``endOnSignals()``.
    private static let running = RunningGroup()
    nonisolated(unsafe) private static var signalSources: [any DispatchSourceSignal] = []

    /// On Ctrl+C (SIGINT), SIGTERM or SIGHUP the bench does not stop half-way with its servers, tmux and
    /// `parla` left running: the group now running is killed, whatever it left is ended, the interruption
    /// is said with the step the group was on, and the bench exits (128 + the signal).
    static func endOnSignals() {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                // A group running is killed here and the rest done by `run` when it sees the group end;
                // between groups, here.
                if let pid = running.interrupt(by: number) {
                    kill(pid, SIGKILL)
                } else {
                    finishInterrupted(by: number, during: nil)
                }
            }
            source.resume()
            signalSources.append(source)
        }
    }

    /// Runs group `name` with `arguments`; its figures are printed as they come. Returns false when the
    /// group failed or ran out of time.
    @discardableResult
    static func run(_ name: String, limit seconds: Int, arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--group", name] + arguments
        // The group's temporary files go in a folder of the supervisor's, removed when the group ends however it ends.
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": scratch.path]) { $1 }
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch {
            figure("\(name)_error", "did not start (\(error))")
            return false
        }
        let lastStep = StepLog()
        running.set(pid: process.processIdentifier)
        defer { running.set(pid: 0) }
        let forwarded = DispatchGroup()
        forward(output.fileHandleForReading, group: forwarded) { FileHandle.standardOutput.write($0) }
        forward(errors.fileHandleForReading, group: forwarded) { data in
            // Whole lines only: a read can end in the middle of one.
            for line in lastStep.lines(adding: data) {
                if line.hasPrefix("step: ") { lastStep.set(String(line.dropFirst(6))) } else {
                    FileHandle.standardError.write(Data((line + "\n").utf8))
                }
            }
        }
        let deadline = ContinuousClock.now + .seconds(seconds)
        while process.isRunning, ContinuousClock.now < deadline { usleep(50_000) }
        let timedOut = process.isRunning
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        if let signal = running.interruption {
            finishInterrupted(by: signal, during: "\(name) (step: \(lastStep.value ?? "starting"))")
        }
        let leftovers = endOrphans()
        _ = forwarded.wait(timeout: .now() + 5)
        if timedOut {
            figure("\(name)_error", "did not finish within \(seconds) s (step: \(lastStep.value ?? "starting"))")
            return false
        }
        if leftovers > 0 { FileHandle.standardError.write(Data("note: \(name) left \(leftovers) processes behind; they were ended\n".utf8)) }
        if process.terminationStatus != 0 {
            figure("\(name)_error", "exited with status \(process.terminationStatus) (step: \(lastStep.value ?? "starting"))")
            return false
        }
        return true
    }

    /// Ends what the interrupted bench left, says so, and exits with 128 + the signal.
    private static func finishInterrupted(by signal: Int32, during: String?) -> Never {
        let left = endOrphans()
        try? FileManager.default.removeItem(at: scratch)
        FileHandle.standardError.write(Data("note: interrupted\(during.map { " during \($0)" } ?? ""); \(left) processes ended\n".utf8))
        exit(128 + signal)
    }

    /// Copies what a pipe gives to `write` until it closes.
    private static func forward(_ handle: FileHandle, group: DispatchGroup, _ write: @escaping @Sendable (Data) -> Void) {
        group.enter()
        Thread.detachNewThread {
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                write(data)
            }
            group.leave()
        }
    }

    /// Ends every process that is now this one's child (orphans of the group); returns how many there were.
    static func endOrphans() -> Int {
        var ended = Set<Int32>()
        for round in 0..<20 {
            let pids = children()
            if pids.isEmpty { break }
            for pid in pids {
                kill(pid, round < 5 ? SIGTERM : SIGKILL)
                ended.insert(pid)
            }
            usleep(100_000)
            for pid in pids {
                var status: Int32 = 0
                _ = waitpid(pid, &status, WNOHANG)
            }
        }
        return ended.count
    }

    /// The processes whose parent is this one.
    private static func children() -> [Int32] {
        let me = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            // "pid (comm) state ppid …"; a zombie (state Z) is only waiting to be reaped.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, let parent = Int32(fields[1]), parent == me else { return false }
            if fields[0] == "Z" {
                var status: Int32 = 0
                _ = waitpid(pid, &status, WNOHANG)
                return false
            }
            return true
        }
    }
}

/// Says which step a group is on (read by the supervisor when the group runs out of time).
func step(_ name: String) {
    FileHandle.standardError.write(Data("step: \(name)\n".utf8))
}

/// The last step a group reported, and the group's stderr cut into lines.
private final class StepLog: @unchecked Sendable {
    private let lock = NSLock()
    private var last: String?
    private var pending = ""
    func set(_ step: String) { lock.withLock { last = step } }

    /// The complete lines `data` finishes, keeping the unfinished rest for the next read.
    func lines(adding data: Data) -> [String] {
        lock.withLock {
            pending += String(decoding: data, as: UTF8.self)
            guard let end = pending.lastIndex(of: "\n") else { return [] }
            let complete = pending[..<end].split(separator: "\n").map(String.init)
            pending = String(pending[pending.index(after: end)...])
            return complete
        }
    }
    var value: String? { lock.withLock { last } }
}

/// The group process running now, and the signal that interrupted the bench, if one did.
private final class RunningGroup: @unchecked Sendable {
    private let lock = NSLock()
    private var pid: Int32 = 0
    private var signal: Int32?

    func set(pid: Int32) { lock.withLock { self.pid = pid } }

    /// Notes the interruption; returns the group process to kill, if one runs.
    func interrupt(by signal: Int32) -> Int32? {
        lock.withLock {
            self.signal = signal
            return pid > 0 ? pid : nil
        }
    }

    var interruption: Int32? { lock.withLock { signal } }
}
