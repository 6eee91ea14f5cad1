import AsyncHTTPClient
import Foundation
import MicroblogKit
import NIOCore
import NIOHTTP1
import NIOSSL

/// The real transport: AsyncHTTPClient with certificate verification on.
///
/// Connections time out after 10 s, ordinary requests after 30 s without an answer; a stream may stay
/// open for as long as the server talks and is dropped after 60 s of silence (servers send a heartbeat
/// every few seconds). Redirects are not followed, so the `Authorization` header never goes to another
/// host; a 3xx answer comes back as it is. Call ``shutdown()`` exactly once before the transport is released: the underlying
/// client holds connections and threads that are not freed otherwise.
public final class AsyncHTTPTransport: HTTPTransport {
    private let client: HTTPClient
    private let streamingClient: HTTPClient
    /// The most a response body may hold (timelines are small; this guards against a runaway server).
    public static let maximumBodySize = 32 * 1024 * 1024

    /// Creates the transport with its own connection pools on the shared event loops.
    public init() {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = .fullVerification
        // A refused connection fails at once (the client retries what may be retried, with back-off);
        // the pool would otherwise keep trying until the connect timeout.
        var requests = HTTPClient.Configuration(
            tlsConfiguration: tls, redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(10), read: .seconds(30)), decompression: .enabled(limit: .ratio(50)))
        var streams = HTTPClient.Configuration(
            tlsConfiguration: tls, redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(10), read: .seconds(60)))
        requests.connectionPool.retryConnectionEstablishment = false
        streams.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: requests)
        streamingClient = HTTPClient(eventLoopGroupProvider: .singleton, configuration: streams)
    }

    /// Closes every connection; must be called once when the transport is no longer used.
    public func shutdown() async throws {
        try await client.shutdown()
        try await streamingClient.shutdown()
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let host = request.url.host ?? ""
        let response = try await execute(request, on: client, host: host)
        do {
            let body = try await response.body.collect(upTo: Self.maximumBodySize)
            return HTTPResponse(status: Int(response.status.code), headers: Self.headers(response.headers), body: Data(body.readableBytesView))
        } catch {
            throw Self.bodyError(error, host: host)
        }
    }

    public func stream(_ request: HTTPRequest) async throws -> HTTPStreamResponse {
        let host = request.url.host ?? ""
        let response = try await execute(request, on: streamingClient, host: host)
        let body = AsyncThrowingStream<Data, any Error> { continuation in
            let task = Task {
                do {
                    for try await chunk in response.body {
                        continuation.yield(Data(chunk.readableBytesView))
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: Task.isCancelled ? MicroblogError.cancelled : Self.bodyError(error, host: host))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
        return HTTPStreamResponse(status: Int(response.status.code), headers: Self.headers(response.headers), body: body)
    }

    private func execute(_ request: HTTPRequest, on client: HTTPClient, host: String) async throws -> HTTPClientResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        do {
            return try await client.execute(outgoing, timeout: .seconds(30))
        } catch {
            throw Self.connectError(error, host: host)
        }
    }

    private static func headers(_ headers: HTTPHeaders) -> [(name: String, value: String)] {
        headers.map { (name: $0.name, value: $0.value) }
    }

    /// A failure before the answer's head arrived.
    static func connectError(_ error: any Error, host: String) -> MicroblogError {
        if let error = error as? MicroblogError { return error }
        if error is CancellationError { return .cancelled }
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout, .readTimeout, .deadlineExceeded, .writeTimeout: return .timedOut(host: host)
            case .remoteConnectionClosed: return .connectionLost(host: host)
            case .cancelled: return .cancelled
            case .invalidURL, .emptyHost, .emptyScheme: return .invalidURL(host)
            default: break
            }
        }
        if error is NIOSSLError || error is BoringSSLError || error is NIOSSLExtraError {
            return .tls(host: host, detail: String(describing: error))
        }
        return .unreachable(host: host)
    }

    /// A failure while the body was arriving.
    static func bodyError(_ error: any Error, host: String) -> MicroblogError {
        if let error = error as? MicroblogError { return error }
        if error is CancellationError { return .cancelled }
        if let error = error as? HTTPClientError {
            switch error {
            case .readTimeout, .deadlineExceeded, .writeTimeout: return .timedOut(host: host)
            case .cancelled: return .cancelled
            default: break
            }
        }
        return .connectionLost(host: host)
    }
}
