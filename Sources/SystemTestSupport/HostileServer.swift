import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP server that answers like a hostile one: exact bytes (escapes, control bytes in headers,
/// overflowing numbers, 3xx), a body dripped a byte at a time, a flood without end of line. For the
/// issue 20 regression tests of what Parla does with what it is sent.
///
/// One request per connection, each on a thread of its own; every wait is bounded (sockets time out
/// after 120 s, a drip and a flood end by themselves), so a test that goes wrong ends.
public final class HostileServer: @unchecked Sendable {
    /// What the server sends back.
    public enum Reply: Sendable {
        /// These bytes, then the connection closes.
        case raw(Data)
        /// `head`, then `byte` every `interval` seconds (the server's own pace), `count` times.
        case drip(head: String, byte: UInt8, interval: TimeInterval, count: Int)
        /// `head`, then `chunk` again and again up to `total` bytes (or until the client leaves), then `tail`.
        case flood(head: String, chunk: Data, total: Int, tail: Data)
    }

    /// A request as the server read it.
    public struct Request: Sendable {
        public let method: String
        /// The path with its query.
        public let target: String
        public let headers: [String: String]
    }

    private let listener: Int32
    private let lock = NSLock()
    private var received: [Request] = []
    private let handler: @Sendable (Request) -> Reply
    /// The port it listens on (127.0.0.1).
    public let port: Int

    /// Starts listening on a free loopback port; `handler` chooses each reply.
    public init(_ handler: @escaping @Sendable (Request) -> Reply) throws {
        self.handler = handler
        let (listener, port) = try listenOnLoopback()
        self.listener = listener
        self.port = port
        Thread.detachNewThread { [self] in
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 {
                    if errno == EINTR { continue }
                    return
                }
                Thread.detachNewThread { self.serve(connection) }
            }
        }
    }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Every request read so far.
    public var requests: [Request] { lock.withLock { received } }

    /// Stops accepting connections.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// A complete answer with a length: `HTTP/1.1 status`, the headers, the body.
    public static func response(_ status: Int, headers: [(String, String)] = [], body: String = "") -> Reply {
        let bytes = Data(body.utf8)
        var head = "HTTP/1.1 \(status) Status\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(bytes.count)\r\nConnection: close\r\n\r\n"
        return .raw(Data(head.utf8) + bytes)
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = read(connection) else { return }
        lock.withLock { received.append(request) }
        switch handler(request) {
        case .raw(let data):
            _ = write(connection, data)
        case .drip(let head, let byte, let interval, let count):
            guard write(connection, Data(head.utf8)) else { return }
            for _ in 0..<count {
                Thread.sleep(forTimeInterval: interval)
                guard write(connection, Data([byte])) else { return }
            }
        case .flood(let head, let chunk, let total, let tail):
            guard write(connection, Data(head.utf8)) else { return }
            var sent = 0
            while sent < total {
                guard write(connection, chunk) else { return }
                sent += chunk.count
            }
            _ = write(connection, tail)
        }
    }

    /// The request head (and a body of `Content-Length` bytes, which is skipped).
    private func read(_ connection: Int32) -> Request? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !bytes.suffix(4).elementsEqual([13, 10, 13, 10]) {
            let count = recv(connection, &chunk, 1, 0)
            if count <= 0 { return nil }
            bytes.append(chunk[0])
            if bytes.count > 65_536 { return nil }
        }
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        let first = lines.first?.split(separator: " ") ?? []
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var remaining = Int(headers["content-length"] ?? "") ?? 0
        while remaining > 0 {
            let count = recv(connection, &chunk, min(chunk.count, remaining), 0)
            if count <= 0 { break }
            remaining -= count
        }
        return Request(method: first.first.map(String.init) ?? "", target: first.dropFirst().first.map(String.init) ?? "", headers: headers)
    }

    private func write(_ connection: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = send(connection, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }
}
