import Foundation
import MicroblogKit
import ServiceHTTP

/// A transport that answers from a script and keeps every request: for testing a network's client
/// without a server.
///
/// The script sees each request (headers and body included) and returns the answer, or throws a
/// ``MicroblogKit/MicroblogError`` for a failure before any answer.
public final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    /// Answers one request.
    public typealias Script = @Sendable (HTTPRequest) throws -> HTTPResponse

    private let script: Script
    private let lock = NSLock()
    private var log: [HTTPRequest] = []

    public init(_ script: @escaping Script) { self.script = script }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        lock.withLock { log.append(request) }
        return try script(request)
    }

    /// Streams are not scripted: every stream fails as not offered.
    public func stream(_ request: HTTPRequest) async throws -> HTTPStreamResponse {
        lock.withLock { log.append(request) }
        throw MicroblogError.notSupported(feature: "streaming")
    }

    /// Every request so far, in order.
    public var requests: [HTTPRequest] { lock.withLock { log } }

    /// The paths asked for, in order (`/xrpc/app.bsky.feed.getTimeline`).
    public var paths: [String] { requests.map(\.url.path) }

    /// How many requests went to `path`.
    public func count(path: String) -> Int { requests.filter { $0.url.path == path }.count }
}

extension HTTPResponse {
    /// A JSON answer from its text.
    public static func json(_ text: String, status: Int = 200, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: Data(text.utf8))
    }
}
