import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// BRLTTY in its own process for the braille tests: the virtual driver (`vr`) waiting for a display on a
/// loopback port, BrlAPI on another with authentication off, no screen or speech driver, no configuration
/// file, its pid file and writable folders in a folder of its own. No system service is used.
public final class Brltty {
    /// The folder of its pid file, preferences and writable files.
    public let folder: URL
    /// Where the virtual display connects (``FakeBrailleDisplay``).
    public let displayPort: Int
    /// BrlAPI's host as `BRLAPI_HOST` names it ("127.0.0.1:N": TCP port 4101 + N).
    public let apiHost: String
    private var process: Process?

    /// Starts BRLTTY on two free loopback ports.
    public init(folder: URL = FileManager.default.temporaryDirectory.appendingPathComponent("brltty-\(UUID().uuidString.prefix(8))")) throws {
        self.folder = folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        displayPort = try Self.freePort()
        var api = try Self.freePort()
        while api <= 4101 { api = try Self.freePort() }
        apiHost = "127.0.0.1:\(api - 4101)"
        try start()
    }

    deinit { stop() }

    /// Whether `brltty` is installed (the Makefile's `deps` installs it).
    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: executable) }

    static let executable = ["/usr/bin/brltty", "/usr/sbin/brltty", "/bin/brltty", "/sbin/brltty"]
        .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/sbin/brltty"

    /// Starts it (again, after ``kill()``) on the same ports.
    public func start() throws {
        // A killed BRLTTY leaves its pid file, and a new one would take it for a running instance.
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("pid"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = [
            "-n", "-e", "-q", "-f", "/dev/null", "-F", folder.appendingPathComponent("prefs").path,
            "-P", folder.appendingPathComponent("pid").path, "-W", folder.path, "-U", folder.path,
            "-b", "vr", "-d", "server:127.0.0.1:\(displayPort)", "-s", "no", "-x", "no",
            "-A", "auth=none,host=\(apiHost)",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        self.process = process
    }

    /// Kills it at once (SIGKILL), as a crash would.
    public func kill() {
        guard let process, process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    /// Stops it (BRLTTY may take long to end on SIGTERM while a client holds the display: killed).
    public func stop() { kill() }

    /// A loopback port nobody listens on now.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
