import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The real audio path (group `audio`): a PulseAudio server of the bench's own with a null sink, the
/// release `parla` on its screen under tmux playing through pcaudiolib to it, and `parec` reading the
/// sink's monitor.
///
/// - `key_to_sound_pulse_median_ms`, `_p95_ms`: a Down key written to tmux (a control-mode client kept
///   open, so no process starts per key) → the first non-silent sample of the next post's speech at the
///   monitor, over `presses` presses (speech is stopped with Ctrl+Space and the sink silent before each);
///   each press's value and the start of what it said go to stderr (`audio press N: X ms "…"`), so the
///   slow ones can be told apart;
/// - `pulse_sink_latency_ms`: the null sink's configured latency while Parla plays (a real device plays a
///   sample that much after the monitor shows it), and `pulse_parla_buffer_ms`, Parla's stream's buffer.
///
/// The server, parec, tmux and parla are all ended at the end, whatever happens.
func audioPathBench(presses: Int = 60) throws {
    let tools = ["pulseaudio", "parec", "pactl", "tmux"].map { ($0, which($0)) }
    if let missing = tools.first(where: { $0.1 == nil }) {
        figure("key_to_sound_pulse_median_ms", "unavailable (no \(missing.0); run make bench)")
        return
    }
    let runner = ProcessRunner()
    let folder = try runner.temporaryFolder("audio")
    defer { try? FileManager.default.removeItem(at: folder) }
    let pulse = try PrivatePulse(folder: folder, pulseaudio: which("pulseaudio")!, pactl: which("pactl")!)
    defer { pulse.stop() }

    step("audio: starting parec on the monitor")
    let monitor = try MonitorReader(parec: which("parec")!, environment: pulse.environment, device: PrivatePulse.sink + ".monitor")
    defer { monitor.stop() }

    let socket = "parla-bench-audio-\(getpid())", session = "parla-audio"
    defer { _ = try? runner.spawn(["tmux", "-L", socket, "kill-server"], timeout: 10) }
    let transcript = folder.appendingPathComponent("transcript.jsonl")
    let environment = pulse.environment.map { "\($0.key)=\($0.value)" }.sorted()
    let command = (["env"] + environment + [
        runner.parla, "--data-dir", folder.appendingPathComponent("data").path, "--lang", "en", "--no-sounds",
        "--transcript", transcript.path,
    ]).map { "'\($0)'" }.joined(separator: " ")
    step("audio: starting parla under tmux")
    try runner.spawn(["tmux", "-L", socket, "new", "-d", "-s", session, "-x", "100", "-y", "30", command])
    let started = ContinuousClock.now
    while !spokePost(transcript) {
        guard ContinuousClock.now - started < .seconds(60) else {
            figure("key_to_sound_pulse_median_ms", "error (parla never spoke a post; see \(folder.path))")
            return
        }
        usleep(5000)
    }
    guard monitor.waitForSound(after: started, timeout: .seconds(10)) != nil else {
        figure("key_to_sound_pulse_median_ms", "error (no sound reached the sink; is pcaudiolib using PulseAudio?)")
        return
    }
    let keys = try TmuxControl(socket: socket, session: session)
    defer { keys.stop() }

    var values: [Double] = []
    var bufferLatency: String?
    for press in 0..<(presses + 2) {
        step("audio: press \(press + 1) of \(presses + 2)")
        keys.send("C-Space")
        guard monitor.waitForSilence(.milliseconds(300), timeout: .seconds(5)) else {
            figure("key_to_sound_pulse_median_ms", "error (speech did not stop on Ctrl+Space)")
            return
        }
        let pressed = ContinuousClock.now
        keys.send("Down")
        guard let sound = monitor.waitForSound(after: pressed, timeout: .seconds(5)) else {
            figure("key_to_sound_pulse_median_ms", "error (press \(press + 1): no sound within 5 s)")
            return
        }
        // The first two presses are warm-up (voice data and the stream settle).
        if press >= 2 {
            let value = milliseconds(sound - pressed)
            values.append(value)
            let said = lastFocusSpeech(transcript).map { String($0.prefix(40)) } ?? "?"
            FileHandle.standardError.write(Data("audio press \(press - 1): \(format(value)) ms \"\(said)\"\n".utf8))
        }
        if press == presses + 1 { bufferLatency = pulse.streamBufferLatency() }
    }
    let sinkLatency = pulse.sinkLatency()
    timings("key_to_sound_pulse", values)
    figure("key_to_sound_pulse_presses", String(values.count))
    figure("pulse_sink_latency_ms", sinkLatency ?? "unavailable")
    figure("pulse_parla_buffer_ms", bufferLatency ?? "unavailable")
}

/// Ends a process (SIGTERM, SIGKILL two seconds later) and reaps it with waitpid, never through
/// Foundation's `waitUntilExit`, which did not return here for a process that had already ended.
private func endWithoutWaiting(_ process: Process) {
    let pid = process.processIdentifier
    guard pid > 0, process.isRunning else { return }
    kill(pid, SIGTERM)
    let deadline = ContinuousClock.now + .seconds(2)
    var status: Int32 = 0
    while ContinuousClock.now < deadline {
        let done = waitpid(pid, &status, WNOHANG)
        if done == pid || done < 0 { return }
        usleep(10_000)
    }
    kill(pid, SIGKILL)
    _ = waitpid(pid, &status, 0)
}

/// The full path of a program on PATH, or nil.
private func which(_ name: String) -> String? {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let path = "\(folder)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

/// Whether the transcript has a line of focus speech that reads a post (not the screen's own title).
private func spokePost(_ transcript: URL) -> Bool {
    guard let text = try? String(contentsOf: transcript, encoding: .utf8) else { return false }
    return text.split(separator: "\n").contains { line in
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return false }
        let spoken = (object["text"] as? String) ?? ""
        return object["kind"] as? String == "speech" && object["priority"] as? String == "focus" && !spoken.isEmpty
            && !spoken.hasPrefix("Home · ")
    }
}

/// The text of the transcript's last focus speech (what the last press said), if any.
private func lastFocusSpeech(_ transcript: URL) -> String? {
    guard let text = try? String(contentsOf: transcript, encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n").reversed() {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            object["kind"] as? String == "speech", object["priority"] as? String == "focus"
        else { continue }
        return object["text"] as? String
    }
    return nil
}

/// A PulseAudio server in the bench's own folder (runtime and home there, so the user's server, if any,
/// is never touched), with one null sink and an anonymous socket.
final class PrivatePulse {
    static let sink = "parla_bench"
    let process = Process()
    let environment: [String: String]
    private let pactl: String

    init(folder: URL, pulseaudio: String, pactl: String) throws {
        self.pactl = pactl
        let runtime = folder.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let socket = folder.appendingPathComponent("pulse.sock").path
        environment = [
            "XDG_RUNTIME_DIR": runtime.path, "PULSE_RUNTIME_PATH": runtime.appendingPathComponent("pulse").path,
            "HOME": folder.path, "PULSE_SERVER": "unix:" + socket,
        ]
        step("audio: starting pulseaudio")
        process.executableURL = URL(fileURLWithPath: pulseaudio)
        process.arguments = [
            "--daemonize=no", "--exit-idle-time=-1", "-n", "--use-pid-file=no", "--log-target=stderr",
            "--load=module-null-sink sink_name=\(Self.sink) rate=22050 channels=1",
            "--load=module-native-protocol-unix socket=\(socket) auth-anonymous=1",
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = ContinuousClock.now + .seconds(15)
        while (try? pactlOutput(["info"]))?.contains("Default Sink: \(Self.sink)") != true {
            guard ContinuousClock.now < deadline, process.isRunning else {
                endWithoutWaiting(process)
                throw BenchStepError(step: "pulseaudio did not start within 15 s")
            }
            usleep(20_000)
        }
    }

    /// The null sink's configured latency in milliseconds (`pactl list sinks`: "Latency: X usec, configured Y usec").
    func sinkLatency() -> String? {
        guard let output = try? pactlOutput(["list", "sinks"]),
            let line = output.split(separator: "\n").first(where: { $0.contains("Latency:") && $0.contains("configured") }),
            let configured = line.split(separator: ",").last?.split(separator: " ").compactMap({ Double($0) }).first
        else { return nil }
        return format(configured / 1000)
    }

    /// Parla's stream's buffer latency in milliseconds while it plays (`pactl list sink-inputs`).
    func streamBufferLatency() -> String? {
        guard let output = try? pactlOutput(["list", "sink-inputs"]),
            let line = output.split(separator: "\n").first(where: { $0.contains("Buffer Latency:") }),
            let usec = line.split(separator: " ").compactMap({ Double($0) }).first
        else { return nil }
        return format(usec / 1000)
    }

    /// pactl's output, through posix_spawn and waitpid (Foundation's `Process` left pactl a zombie and its
    /// wait never returned, as it did for tmux in `coldstart`), its output through a file.
    private func pactlOutput(_ arguments: [String]) throws -> String {
        var runner = ProcessRunner()
        runner.environment = runner.environment.merging(environment) { $1 }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parla-bench-pactl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try runner.spawn([pactl] + arguments, timeout: 10, output: file.path)
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }

    func stop() { endWithoutWaiting(process) }
}

/// `parec` on a monitor source (raw 16-bit mono at 22 050 Hz, 2 ms fragments), read on a thread of its
/// own. The monitor runs without a break, so a sample's time is its place in the stream on the sample
/// clock, anchored at the earliest the stream can have started (each read's time less the samples read
/// so far): a read that comes late, because parec or this thread waited for a processor, moves nothing.
final class MonitorReader: @unchecked Sendable {
    static let rate = 22_050.0
    let threshold: Int32 = 64
    private let process = Process()
    private let condition = NSCondition()
    /// Samples read so far.
    private var total = 0
    private var anchor: ContinuousClock.Instant?
    /// The first loud sample of each read that had one, and the last loud sample of all.
    private var loud: [Int] = []
    private var lastLoud: Int?

    init(parec: String, environment: [String: String], device: String) throws {
        process.executableURL = URL(fileURLWithPath: parec)
        process.arguments = ["--device=\(device)", "--raw", "--format=s16le", "--rate=22050", "--channels=1", "--latency-msec=2"]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let fd = pipe.fileHandleForReading.fileDescriptor
        Thread.detachNewThread { [self] in read(fd) }
    }

    private func read(_ fd: Int32) {
        var buffer = [Int16](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            let now = ContinuousClock.now
            if count <= 0 { return }
            let samples = count / 2
            let first = buffer[0..<samples].firstIndex { abs(Int32($0)) > threshold }
            let last = first == nil ? nil : buffer[0..<samples].lastIndex { abs(Int32($0)) > threshold }
            condition.withLock {
                let start = total
                total += samples
                let earliest = now - Self.duration(samples: total)
                anchor = anchor.map { min($0, earliest) } ?? earliest
                if let first, let last {
                    loud.append(start + first)
                    lastLoud = start + last
                }
                condition.broadcast()
            }
        }
    }

    private static func duration(samples: Int) -> Duration { .nanoseconds(Int64(Double(samples) / rate * 1e9)) }

    /// The time of sample `index` on the stream's clock (the lock held).
    private func time(_ index: Int) -> ContinuousClock.Instant? { anchor.map { $0 + Self.duration(samples: index) } }

    /// The time of the first sound at or after `instant`, or nil after `timeout`.
    func waitForSound(after instant: ContinuousClock.Instant, timeout: Duration) -> ContinuousClock.Instant? {
        let deadline = Date().addingTimeInterval(Double(timeout.components.seconds))
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let heard = loud.lazy.compactMap({ self.time($0) }).first(where: { $0 >= instant }) { return heard }
            if !condition.wait(until: deadline) { return nil }
        }
    }

    /// Waits until the stream has come up to now and held no sound for `quiet`; false when that did not
    /// happen within `timeout`.
    func waitForSilence(_ quiet: Duration, timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let silent: Bool = condition.withLock {
                let now = ContinuousClock.now
                guard let reached = time(total), now - reached < .milliseconds(50) else { return false }
                guard let lastLoud, let sounded = time(lastLoud) else { return true }
                return reached - sounded >= quiet
            }
            if silent { return true }
            usleep(5000)
        }
        return false
    }

    func stop() { endWithoutWaiting(process) }
}

/// A tmux control-mode client kept attached to the session: a key is one line written to it, with no
/// process started per key.
final class TmuxControl {
    private let process = Process()
    private let input = Pipe()
    private let session: String

    init(socket: String, session: String) throws {
        self.session = session
        process.executableURL = URL(fileURLWithPath: which("tmux") ?? "/usr/bin/tmux")
        process.arguments = ["-L", socket, "-C", "attach", "-t", session]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Sends one key (tmux's name for it) to the session.
    func send(_ key: String) {
        input.fileHandleForWriting.write(Data("send-keys -t \(session) \(key)\n".utf8))
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        endWithoutWaiting(process)
    }
}
