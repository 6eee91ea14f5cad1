import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A release `parla serve` on a free loopback port for the figures that need a server: its base URL and
/// owner token. ``stop()`` ends it and waits for it; a server that does not say where it listens within
/// `timeout` seconds is stopped and reported as a ``BenchStepError``.
final class ServedInstance {
    let process = Process()
    let url: String
    let token: String
    let folder: URL

    /// The port part of ``url``.
    var port: UInt16 { UInt16(url.split(separator: ":").last.map(String.init) ?? "") ?? 0 }

    init(runner: ProcessRunner, extraArguments: [String] = [], timeout: Double = 60) throws {
        folder = try runner.temporaryFolder("serve")
        process.executableURL = URL(fileURLWithPath: runner.parla)
        process.arguments = ["serve", "--port", "0", "--data-dir", folder.path, "--lang", "en"] + extraArguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let fd = pipe.fileHandleForReading.fileDescriptor
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        var text = ""
        while !(text.contains("Owner access token:") && text.hasSuffix("\n")), ContinuousClock.now < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) >= 0 else { break }
            guard poller.revents != 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            text += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        let lines = text.split(separator: "\n").map(String.init)
        guard let url = lines.first.flatMap({ $0.split(separator: " ").last }).map(String.init),
            let token = lines.first(where: { $0.hasPrefix("Owner access token:") })?.split(separator: " ").last.map(String.init)
        else {
            Self.end(process)
            try? FileManager.default.removeItem(at: folder)
            throw BenchStepError(step: "parla serve did not say where it listens within \(Int(timeout)) s (it printed: \(text))")
        }
        self.url = url
        self.token = token
    }

    /// Ends the server (SIGTERM, then SIGKILL after two seconds), waits for it and removes its folder.
    func stop() {
        Self.end(process)
        try? FileManager.default.removeItem(at: folder)
    }

    /// Ends a process: SIGTERM, and SIGKILL when it is still running two seconds later; waits for it.
    static func end(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = ContinuousClock.now + .seconds(2)
        while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

/// A bench step that did not finish; the figure says which.
struct BenchStepError: Error, CustomStringConvertible {
    let step: String
    var description: String { step }
}
