import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Issue 20's figures: what hostile clients and hostile input cost.
///
/// - `hostile_serve_rss_idle_mb`, `hostile_serve_rss_100_slow_readers_mb`: `parla serve`'s resident memory
///   (VmRSS) before, and after 1,000 posts of about 460 characters fanned out to 100 streaming clients that connected
///   and never read a byte (each would need about 1 MB buffered without the server's bound); `_peak_mb` is VmHWM.
/// - `fuzz_runs`, `fuzz_crashes`, `fuzz_hangs`: the real `parla` in line mode fed seeded random bytes (escape
///   fragments, huge and negative numbers, control bytes, UTF-8 pieces) and then Ctrl+Q; a crash is an exit by
///   signal or a status other than 0, a hang a run still going after 30 s.
func hostileBench(fuzzRuns: Int) throws {
    try slowReaders()
    try fuzzRunsOfTheApp(fuzzRuns)
}

private func slowReaders() throws {
    let runner = ProcessRunner()
    let server = try ServedInstance(runner: runner, extraArguments: ["--rate-limit", "1000000000/1s"])
    defer { server.stop() }
    let pid = server.process.processIdentifier
    for number in 0..<20 { _ = try postStatus(port: server.port, token: server.token, text: "warm up \(number)") }
    let idle = megabytes(of: pid, "VmRSS")
    var sockets: [Int32] = []
    defer { sockets.forEach { close($0) } }
    for _ in 0..<100 { sockets.append(try openUnreadStream(port: server.port, token: server.token)) }
    let text = String(repeating: "A reader that never reads. ", count: 17)
    for number in 0..<1000 {
        guard try postStatus(port: server.port, token: server.token, text: "\(text)\(number)") != nil else {
            throw BenchStepError(step: "hostile: post \(number) was refused with 100 slow readers connected")
        }
    }
    figure("hostile_serve_rss_idle_mb", String(format: "%.1f", idle))
    figure("hostile_serve_rss_100_slow_readers_mb", String(format: "%.1f", megabytes(of: pid, "VmRSS")))
    figure("hostile_serve_rss_100_slow_readers_peak_mb", String(format: "%.1f", megabytes(of: pid, "VmHWM")))
}

/// A socket that asks for the user stream and is never read (its receive buffer as small as Linux allows).
private func openUnreadStream(port: UInt16, token: String) throws -> Int32 {
    let fd = try loopbackSocket(port: port, receiveBuffer: 1024)
    let request = Array("GET /api/v1/streaming/user HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\n\r\n".utf8)
    guard write(fd, request, request.count) == request.count else { throw BenchStepError(step: "hostile: stream request not written") }
    return fd
}

/// A field of /proc/PID/status in megabytes.
private func megabytes(of pid: Int32, _ field: String) -> Double {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return .nan }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        return (line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? .nan) / 1024
    }
    return .nan
}

private func fuzzRunsOfTheApp(_ runs: Int) throws {
    let runner = ProcessRunner()
    let folder = try runner.temporaryFolder("fuzz")
    defer { try? FileManager.default.removeItem(at: folder) }
    var generator = BenchRandom(seed: 20_261_124)
    let fragments: [[UInt8]] = [
        [0x1B], [0x1B, 0x5B], [0x1B, 0x4F], [0x1B, 0x5B, 0x5B], [0x3B], [0x2D], [0x7E], [0x41], [0x42], [0x5A],
        Array("9223372036854775808".utf8), Array("-9223372036854775808".utf8), Array("1;-1".utf8), [0x09], [0x0D], [0x7F],
        [0x08], [0x00], [0x07], [0xC3], [0xA9], [0xF0, 0x9F], [0x98, 0x80], Array("jkg.?".utf8), [0x1B, 0x5B, 0x31, 0x35, 0x7E],
    ]
    var crashes = 0, hangs = 0
    for run in 0..<runs {
        var input: [UInt8] = []
        for _ in 0..<200 { input += fragments[Int(generator.next() % UInt64(fragments.count))] }
        input += [0x11]  // Ctrl+Q
        let file = folder.appendingPathComponent("input-\(run)")
        try Data(input).write(to: file)
        let data = folder.appendingPathComponent("data")
        do {
            let result = try runner.run(
                "/bin/sh", ["-c", "exec \"$0\" --line --data-dir \"$1\" --lang en --speech none --audio none < \"$2\"", runner.parla, data.path, file.path],
                environment: ["TERM": "dumb"], timeout: 30)
            if result.status != 0 { crashes += 1 }
        } catch is BenchStepError {
            hangs += 1
        }
    }
    figure("fuzz_runs", String(runs))
    figure("fuzz_crashes", String(crashes))
    figure("fuzz_hangs", String(hangs))
}

/// SplitMix64: the same bytes on every run.
private struct BenchRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
