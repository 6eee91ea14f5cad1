import Foundation
import MastodonAPI
import SystemTestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A reply from the instance.
struct HTTPReply {
    let status: Int
    let headers: [String: String]
    let body: Data

    /// The body parsed as JSON.
    var json: Any { (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) ?? NSNull() }
    var object: [String: Any] { json as? [String: Any] ?? [:] }
    var array: [[String: Any]] { json as? [[String: Any]] ?? [] }
    func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
}

/// A small HTTP client over URLSession for the tests.
struct TestHTTP {
    let baseURL: String
    var token: String?

    func request(
        _ method: String, _ path: String, form: [(String, String)]? = nil, json: String? = nil,
        headers: [String: String] = [:]
    ) async throws -> HTTPReply {
        var request = URLRequest(url: URL(string: path.hasPrefix("http") ? path : baseURL + path)!)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let form {
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
            request.httpBody = Data(form.map { "\($0.0.addingPercentEncoding(withAllowedCharacters: allowed)!)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed)!)" }.joined(separator: "&").utf8)
        }
        if let json {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(json.utf8)
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields { headers["\(key)"] = "\(value)" }
        return HTTPReply(status: http.statusCode, headers: headers, body: data)
    }

    /// Calls an endpoint: its method, its path and query, its form (or `json` as the body instead).
    func call<Response>(_ endpoint: Endpoint<Response>, json: String? = nil, headers: [String: String] = [:]) async throws -> HTTPReply {
        let form = endpoint.form.isEmpty ? nil : endpoint.form.map { ($0.name, $0.value) }
        return try await request(endpoint.method.rawValue, endpoint.target, form: form, json: json, headers: headers)
    }

    func get(_ path: String) async throws -> HTTPReply { try await request("GET", path) }
    func post(_ path: String, _ form: [(String, String)] = []) async throws -> HTTPReply { try await request("POST", path, form: form) }
}

/// A raw socket reader for Server-Sent Events (URLSession on Linux does not stream bodies).
final class EventStreamReader: @unchecked Sendable {
    private let socket: Int32
    private var buffer = ""

    init(port: Int, path: String) throws {
        // Generous: with the whole suite running on two cores the first bytes can take many seconds.
        socket = try connectToLoopback(port: port, receiveTimeout: 60)
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
        _ = request.withCString { send(socket, $0, strlen($0), 0) }
    }

    deinit { close(socket) }

    /// Reads until `marker` has arrived `count` times (or the stream ends, or 60 s pass with nothing),
    /// and returns everything read so far; on a thread of its own so
    /// the blocking `recv` never starves the concurrency pool the server's tasks also need.
    func read(until marker: String, count: Int) async -> String {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: self.blockingRead(until: marker, count: count))
            }
        }
    }

    func read(until marker: String) async -> String {
        await read(until: marker, count: 1)
    }

    private func blockingRead(until marker: String, count: Int) -> String {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while buffer.components(separatedBy: marker).count <= count {
            let received = recv(socket, &chunk, chunk.count, 0)
            if received <= 0 { break }
            buffer += String(decoding: chunk[0..<received], as: UTF8.self)
        }
        return buffer
    }

}
