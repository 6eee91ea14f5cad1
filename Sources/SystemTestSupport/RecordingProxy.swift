import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A TCP proxy on a free loopback port that passes every connection on to `127.0.0.1:target` and keeps what the
/// client sent: for tests that check what leaves Parla (word prediction's "nothing learnt is sent").
///
/// Each connection is piped by two threads of its own; sockets time out after 60 s, so a test that goes wrong ends.
public final class RecordingProxy: @unchecked Sendable {
    private let listener: Int32
    private let target: Int
    private let lock = NSLock()
    private var sent = Data()
    /// The port it listens on (127.0.0.1).
    public let port: Int

    public init(target: Int) throws {
        self.target = target
        let (listener, port) = try listenOnLoopback()
        self.listener = listener
        self.port = port
        Thread.detachNewThread { [self] in
            while true {
                let client = accept(listener, nil, nil)
                if client < 0 {
                    if errno == EINTR { continue }
                    return
                }
                guard let server = try? connectToLoopback(port: target, receiveTimeout: 60) else {
                    close(client)
                    continue
                }
                var timeout = timeval(tv_sec: 60, tv_usec: 0)
                setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                let pair = Pair(client: client, server: server)
                Thread.detachNewThread { self.pipe(from: client, to: server, recording: true, pair: pair) }
                Thread.detachNewThread { self.pipe(from: server, to: client, recording: false, pair: pair) }
            }
        }
    }

    /// `http://127.0.0.1:PORT`.
    public var url: String { "http://127.0.0.1:\(port)" }

    /// Every byte the clients sent, in the order each connection sent them.
    public var recorded: Data { lock.withLock { sent } }

    /// Stops accepting connections.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// A connection's two sockets, closed when both directions have ended.
    private final class Pair: @unchecked Sendable {
        let client: Int32, server: Int32
        private let lock = NSLock()
        private var ended = 0
        init(client: Int32, server: Int32) {
            self.client = client
            self.server = server
        }
        func end() {
            let both = lock.withLock { () -> Bool in
                ended += 1
                return ended == 2
            }
            guard both else { return }
            close(client)
            close(server)
        }
    }

    private func pipe(from source: Int32, to destination: Int32, recording: Bool, pair: Pair) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(source, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            if recording { lock.withLock { sent.append(contentsOf: buffer[0..<count]) } }
            var offset = 0
            while offset < count {
                let written = buffer[offset..<count].withUnsafeBytes { send(destination, $0.baseAddress, count - offset, Int32(MSG_NOSIGNAL)) }
                guard written > 0 else { break }
                offset += written
            }
            if offset < count { break }
        }
        shutdown(source, Int32(SHUT_RD))
        shutdown(destination, Int32(SHUT_WR))
        pair.end()
    }
}
