import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP socket connected to `127.0.0.1:port` from the loopback address `source`, whose reads give up after
/// `receiveTimeout` seconds.
public func connectToLoopback(port: Int, receiveTimeout: Int, source: String = "127.0.0.1") throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    var local = sockaddr_in()
    local.sin_family = sa_family_t(AF_INET)
    local.sin_addr.s_addr = inet_addr(source)
    let bound = withUnsafePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else {
        close(fd)
        throw POSIXError(.EADDRNOTAVAIL)
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else {
        close(fd)
        throw POSIXError(.ECONNREFUSED)
    }
    var timeout = timeval(tv_sec: receiveTimeout, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    return fd
}

/// A TCP socket listening on a free port of `127.0.0.1`: the socket and its port.
public func listenOnLoopback() throws -> (socket: Int32, port: Int) {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var yes: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listen(listener, 64) == 0 else {
        close(listener)
        throw POSIXError(.EADDRINUSE)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    return (listener, Int(UInt16(bigEndian: address.sin_port)))
}

/// Clients that connect and send part of a request's headers, never the rest (Slowloris), for the probes of
/// a server's connection limits.
public enum SlowClients {
    /// Opens `count` connections to `127.0.0.1:port`, each having sent a request line and half a header; their
    /// reads give up after `receiveTimeout` seconds.
    public static func open(port: Int, count: Int, receiveTimeout: Int) throws -> [Int32] {
        var sockets: [Int32] = []
        do {
            for _ in 0..<count {
                let fd = try connectToLoopback(port: port, receiveTimeout: receiveTimeout)
                sockets.append(fd)
                let partial = Array("GET /api/v1/instance HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8)
                _ = partial.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            }
        } catch {
            for fd in sockets { close(fd) }
            throw error
        }
        return sockets
    }

    /// How many of `sockets` the server closes within `seconds` in all, waiting for them together (on a thread
    /// of its own, so an in-process server keeps the threads it answers on).
    public static func countClosedByServer(_ sockets: [Int32], within seconds: Int) async -> Int {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: waitForClosing(sockets, deadline: ContinuousClock.now + .seconds(seconds)))
            }
        }
    }

    private static func waitForClosing(_ sockets: [Int32], deadline: ContinuousClock.Instant) -> Int {
        var open = sockets
        var closed = 0
        var byte: UInt8 = 0
        while !open.isEmpty {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { break }
            var watched = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&watched, nfds_t(watched.count), Int32(left.components.seconds * 1000 + 1)) > 0 else { break }
            var stillOpen: [Int32] = []
            for entry in watched {
                // Readable with nothing to read, or an error: the server closed it.
                if entry.revents != 0, recv(entry.fd, &byte, 1, Int32(MSG_DONTWAIT)) <= 0 {
                    closed += 1
                } else {
                    stillOpen.append(entry.fd)
                }
            }
            open = stillOpen
        }
        return closed
    }
}
