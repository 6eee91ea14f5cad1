import Foundation
import SystemTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// One HTTP/1.1 exchange written byte for byte over a socket, for what URLSession hides or changes
/// (the `Host` header, redirects it would follow). Reads until the server closes; 30 s at most.
enum RawHTTP {
    struct Reply {
        let status: Int
        let head: String
        let body: String

        func header(_ name: String) -> String? {
            for line in head.split(separator: "\r\n").dropFirst() {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
    }

    /// Sends `method path` to 127.0.0.1:`port` with `host` as the Host header (nil: none) and a form body.
    ///
    /// The socket is read on a thread of its own: blocking one of the few threads async work runs on
    /// would stall the in-process server that has to answer.
    /// `source` is the loopback address the request comes from (any of 127.0.0.0/8).
    static func send(port: Int, _ method: String, _ path: String, host: String?, headers: [String] = [], form: String? = nil,
                     source: String = "127.0.0.1") async throws -> Reply {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try exchange(port: port, method, path, host: host, headers: headers, form: form, source: source) })
            }
        }
    }

    private static func exchange(port: Int, _ method: String, _ path: String, host: String?, headers: [String], form: String?,
                                 source: String) throws -> Reply {
        let fd = try connectToLoopback(port: port, receiveTimeout: 30, source: source)
        defer { close(fd) }
        var lines = ["\(method) \(path) HTTP/1.1"]
        if let host { lines.append("Host: \(host)") }
        lines += headers
        lines.append("Connection: close")
        let body = form ?? ""
        if form != nil {
            lines.append("Content-Type: application/x-www-form-urlencoded")
            lines.append("Content-Length: \(body.utf8.count)")
        }
        let request = Array((lines.joined(separator: "\r\n") + "\r\n\r\n" + body).utf8)
        _ = request.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count <= 0 { break }
            received += chunk[0..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        let head = parts.first ?? ""
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return Reply(status: status, head: head, body: parts.dropFirst().joined(separator: "\r\n\r\n"))
    }
}
