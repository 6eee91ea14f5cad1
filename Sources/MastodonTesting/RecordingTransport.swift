import Foundation
import Mastodon
import MastodonAPI

/// A transport that passes every request on and remembers it: for counting calls in tests and the
/// request-count scenario.
public final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    /// One request and what came of it.
    public struct Entry: Sendable {
        public var method: String
        /// The path without the query.
        public var path: String
        public var query: String?
        /// The status; nil when the request failed before an answer.
        public var status: Int?
        public var streamed: Bool
    }

    private let inner: any HTTPTransport
    private let lock = NSLock()
    private var log: [Entry] = []

    public init(_ inner: any HTTPTransport) { self.inner = inner }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        do {
            let response = try await inner.send(request)
            append(request, status: response.status, streamed: false)
            return response
        } catch {
            append(request, status: nil, streamed: false)
            throw error
        }
    }

    public func stream(_ request: HTTPRequest) async throws -> HTTPStreamResponse {
        do {
            let response = try await inner.stream(request)
            append(request, status: response.status, streamed: true)
            return response
        } catch {
            append(request, status: nil, streamed: true)
            throw error
        }
    }

    /// Every request so far, in order.
    public var entries: [Entry] { lock.withLock { log } }
    /// How many requests were sent.
    public var count: Int { lock.withLock { log.count } }
    /// How many answers were 429.
    public var tooManyRequests: Int { lock.withLock { log.filter { $0.status == 429 }.count } }

    /// How many requests went to `path` (exact, or a prefix ending in `*`).
    public func count(path: String, method: String? = nil) -> Int {
        lock.withLock {
            log.filter { entry in
                (method == nil || entry.method == method)
                    && (path.hasSuffix("*") ? entry.path.hasPrefix(String(path.dropLast())) : entry.path == path)
            }.count
        }
    }

    /// How many requests called an endpoint (its method, and its path template with any values).
    public func count<Response>(_ endpoint: Endpoint<Response>) -> Int {
        let route = endpoint.route
        return lock.withLock { log.filter { route.matches(method: $0.method, path: $0.path) }.count }
    }

    /// Forgets what was recorded.
    public func reset() { lock.withLock { log.removeAll() } }

    private func append(_ request: HTTPRequest, status: Int?, streamed: Bool) {
        let entry = Entry(method: request.method, path: request.url.path, query: request.url.query, status: status, streamed: streamed)
        lock.withLock { log.append(entry) }
    }
}
