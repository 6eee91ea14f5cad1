import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The embedded server under load, `seconds` per figure, with 1 and 50 clients:
///
/// - `load_home_<n>c_rps`, `_p99_ms`, `_lost`: `GET /api/v1/timelines/home?limit=40` by `wrk` (keep-alive
///   connections, as many requests as answered); lost = errors and answers other than 2xx.
/// - `load_post_<n>c_…`: `GET /api/v1/statuses/:id` the same way.
/// - `load_stream_<n>c_events_per_s`, `_p99_ms`, `_lost`: n clients on `/api/v1/streaming/user` while
///   one poster publishes back to back; p99 from sending a post to each client reading its `update`;
///   lost = deliveries that never came (each client should read every post).
///
/// The server runs without a rate limit so that the figure is the server's, not the limiter's.
func loadBench(seconds: Int) throws {
    let runner = ProcessRunner()
    let server = try ServedInstance(runner: runner, extraArguments: ["--rate-limit", "1000000000/1s"])
    defer { server.stop() }
    let auth = "Authorization: Bearer \(server.token)"
    guard let wrk = ["/usr/bin/wrk", "/usr/local/bin/wrk"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
        figure("load_home_1c_rps", "unavailable (no wrk; run make bench)")
        return
    }
    let home = try runner.run("/usr/bin/curl", ["-sf", "-H", auth, server.url + "/api/v1/timelines/home?limit=1"], timeout: 10).output
    guard let first = (try? JSONSerialization.jsonObject(with: Data(home.utf8))) as? [[String: Any]], let id = first.first?["id"] as? String
    else { throw BenchStepError(step: "load: the home timeline did not answer (\(home.prefix(200)))") }
    for clients in [1, 50] {
        for (name, path) in [("home", "/api/v1/timelines/home?limit=40"), ("post", "/api/v1/statuses/\(id)")] {
            let prefix = "load_\(name)_\(clients)c"
            let threads = min(clients, 2)
            let result = try runner.run(
                wrk, ["-t\(threads)", "-c\(clients)", "-d\(seconds)s", "--timeout", "30s", "--latency", "-H", auth, server.url + path],
                timeout: Double(seconds) + 30)
            guard let parsed = WrkResult(result.output) else {
                figure("\(prefix)_rps", "error (wrk printed: \(result.output.prefix(300)))")
                continue
            }
            figure("\(prefix)_rps", String(format: "%.0f", parsed.requestsPerSecond))
            figure("\(prefix)_p50_ms", parsed.p50.map(format) ?? "unavailable")
            figure("\(prefix)_p99_ms", format(parsed.p99))
            figure("\(prefix)_lost", String(parsed.lost))
        }
    }
    for clients in [1, 50] {
        try streamLoad(server: server, clients: clients, seconds: seconds)
    }
}

/// `wrk --latency` output: requests per second, the 99th percentile (ms) and requests lost.
struct WrkResult {
    var requestsPerSecond: Double
    var p99: Double
    /// The median (ms), when wrk printed it.
    var p50: Double?
    var lost: Int

    init?(_ output: String) {
        var rps: Double?, p99: Double?, p50: Double?, lost = 0
        for line in output.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            if line.hasPrefix("Requests/sec:"), words.count > 1 { rps = Double(words[1]) }
            if line.hasPrefix("99%"), words.count > 1 { p99 = Self.milliseconds(words[1]) }
            if line.hasPrefix("50%"), words.count > 1 { p50 = Self.milliseconds(words[1]) }
            if line.hasPrefix("Non-2xx or 3xx responses:"), let count = words.last.flatMap({ Int($0) }) { lost += count }
            if line.hasPrefix("Socket errors:") {
                // "Socket errors: connect 0, read 0, write 0, timeout 0"
                lost += words.compactMap { Int($0.trimmingCharacters(in: CharacterSet(charactersIn: ","))) }.reduce(0, +)
            }
        }
        guard let rps, let p99 else { return nil }
        self.requestsPerSecond = rps
        self.p99 = p99
        self.p50 = p50
        self.lost = lost
    }

    /// `812.00us`, `1.23ms`, `2.01s` in milliseconds.
    static func milliseconds(_ text: String) -> Double? {
        for (unit, factor) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0), ("m", 60_000.0)] where text.hasSuffix(unit) {
            return Double(text.dropLast(unit.count)).map { $0 * factor }
        }
        return nil
    }
}

/// `clients` streaming readers (curl) while one poster publishes back to back for `seconds`.
private func streamLoad(server: ServedInstance, clients: Int, seconds: Int) throws {
    let prefix = "load_stream_\(clients)c"
    let readers = try (0..<clients).map { _ in try StreamReader(url: server.url + "/api/v1/streaming/user", token: server.token) }
    defer { for reader in readers { reader.stop() } }
    let connected = ContinuousClock.now + .seconds(20)
    while readers.contains(where: { !$0.isOpen }), ContinuousClock.now < connected { usleep(5000) }
    guard !readers.contains(where: { !$0.isOpen }) else {
        throw BenchStepError(step: "\(prefix): not every stream opened within 20 s")
    }
    var sent: [String: ContinuousClock.Instant] = [:]
    let start = ContinuousClock.now
    var number = 0
    while ContinuousClock.now - start < .seconds(seconds) {
        number += 1
        let at = ContinuousClock.now
        guard let id = try postStatus(port: server.port, token: server.token, text: "load \(clients) \(number)") else {
            throw BenchStepError(step: "\(prefix): post \(number) was refused")
        }
        sent[id] = at
    }
    let posting = milliseconds(ContinuousClock.now - start) / 1000
    // Every reader should read every post; wait for the stragglers (bounded).
    let drained = ContinuousClock.now + .seconds(10)
    while readers.contains(where: { $0.count(of: sent.keys) < sent.count }), ContinuousClock.now < drained { usleep(10_000) }
    var latencies: [Double] = []
    var lost = 0
    for reader in readers {
        let received = reader.received
        for (id, at) in sent {
            if let got = received[id] { latencies.append(milliseconds(got - at)) } else { lost += 1 }
        }
    }
    figure("\(prefix)_events_per_s", String(format: "%.0f", Double(latencies.count) / posting))
    figure("\(prefix)_p99_ms", format(percentile(latencies, 99)))
    figure("\(prefix)_lost", String(lost))
}

/// One streaming client: curl reading the event stream, each `update`'s status id noted with the time read.
private final class StreamReader: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var open = false
    private var ids: [String: ContinuousClock.Instant] = [:]

    init(url: String, token: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-sN", "-H", "Authorization: Bearer \(token)", url]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            var pending = ""
            var event = ""
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                let now = ContinuousClock.now
                pending += String(decoding: chunk, as: UTF8.self)
                while let newline = pending.firstIndex(of: "\n") {
                    let line = String(pending[..<newline])
                    pending.removeSubrange(...newline)
                    if line.hasPrefix(":") { lock.withLock { open = true } }
                    if line.hasPrefix("event: ") { event = String(line.dropFirst(7)) }
                    if line.hasPrefix("data: "), event == "update",
                        let object = try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8)) as? [String: Any],
                        let id = object["id"] as? String
                    {
                        lock.withLock { ids[id] = now }
                    }
                }
            }
        }
    }

    var isOpen: Bool { lock.withLock { open } }
    var received: [String: ContinuousClock.Instant] { lock.withLock { ids } }
    func count(of wanted: Dictionary<String, ContinuousClock.Instant>.Keys) -> Int {
        lock.withLock { wanted.filter { ids[$0] != nil }.count }
    }

    func stop() { ServedInstance.end(process) }
}

/// Publishes a status over a fresh loopback connection; returns its id, or nil when refused.
/// A TCP socket connected to 127.0.0.1:`port`, whose reads give up after `receiveTimeout` seconds; with
/// `receiveBuffer`, its receive buffer is made that small before connecting (a client slow to read).
func loopbackSocket(port: UInt16, receiveTimeout: Int = 10, receiveBuffer: Int32? = nil) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw BenchStepError(step: "socket: errno \(errno)") }
    var timeout = timeval(tv_sec: receiveTimeout, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    if var size = receiveBuffer { setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else {
        close(fd)
        throw BenchStepError(step: "connect to port \(port): errno \(errno)")
    }
    return fd
}

func postStatus(port: UInt16, token: String, text: String) throws -> String? {
    let body = "status=" + (text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    let request = """
        POST /api/v1/statuses HTTP/1.1\r
        Host: 127.0.0.1:\(port)\r
        Authorization: Bearer \(token)\r
        Content-Type: application/x-www-form-urlencoded\r
        Content-Length: \(body.utf8.count)\r
        Connection: close\r
        \r
        \(body)
        """
    let fd = try loopbackSocket(port: port)
    defer { close(fd) }
    let bytes = Array(request.utf8)
    guard write(fd, bytes, bytes.count) == bytes.count else { throw BenchStepError(step: "post: write failed") }
    var response: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = read(fd, &buffer, buffer.count)
        if count <= 0 { break }
        response += buffer[0..<count]
    }
    let text = String(decoding: response, as: UTF8.self)
    guard text.hasPrefix("HTTP/1.1 200"), let split = text.range(of: "\r\n\r\n"),
        let object = try? JSONSerialization.jsonObject(with: Data(text[split.upperBound...].utf8)) as? [String: Any]
    else { return nil }
    return object["id"] as? String
}
