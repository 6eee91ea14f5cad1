import AsyncHTTPClient
import Foundation
import MicroblogKit
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

/// The real transport: AsyncHTTPClient with certificate verification on.
///
/// Connections time out after 10 s; an ordinary request must be answered in full, body included, within
/// its deadline (30 s), however slowly the server drips it; a body over ``maximumBodySize`` is refused as
/// too large. A stream may stay open for as long as the server talks and is dropped after 60 s of silence
/// (servers send a heartbeat every few seconds). `localhost` and `*.localhost` are reached at 127.0.0.1,
/// never looked up in DNS, where any name under `.localhost` could point anywhere. Redirects are not followed, so the `Authorization` header never goes to another
/// host; a 3xx answer comes back as it is. Call ``shutdown()`` exactly once before the transport is released: the underlying
/// client holds connections and threads that are not freed otherwise.
public final class AsyncHTTPTransport: HTTPTransport {
    private let client: HTTPClient
    /// The client for streams, made when the first stream opens (a line-mode command never opens one), and
    /// whether ``shutdown()`` has run (no stream client is made after it).
    private let streaming = Mutex<(client: HTTPClient?, shutDown: Bool)>((nil, false))
    private let streamsConfiguration: HTTPClient.Configuration
    /// The most a response body may hold (timelines are small; this guards against a runaway server).
    public static let maximumBodySize = 32 * 1024 * 1024
    /// The most one request may take, from sending to the last byte of its answer.
    public let requestDeadline: Duration
    /// The largest body read (``maximumBodySize`` unless a test asks for less).
    let bodyLimit: Int

    /// Creates the transport with its own connection pools on the shared event loops.
    ///
    /// - Parameters:
    ///   - requestDeadline: the most a request may take, its whole answer included.
    ///   - bodyLimit: the largest answer read.
    ///   - streamSilence: the longest a stream may stay silent before it is taken as lost (servers send a
    ///     heartbeat every few seconds).
    public init(requestDeadline: Duration = .seconds(30), bodyLimit: Int = AsyncHTTPTransport.maximumBodySize,
                streamSilence: Duration = .seconds(60)) {
        self.requestDeadline = requestDeadline
        self.bodyLimit = bodyLimit
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = .fullVerification
        // A refused connection fails at once (the client retries what may be retried, with back-off);
        // the pool would otherwise keep trying until the connect timeout.
        var requests = HTTPClient.Configuration(
            tlsConfiguration: tls, redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(10), read: .seconds(30)), decompression: .enabled(limit: .ratio(50)))
        var streams = HTTPClient.Configuration(
            tlsConfiguration: tls, redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(10), read: .seconds(streamSilence.components.seconds)))
        requests.connectionPool.retryConnectionEstablishment = false
        streams.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: requests)
        streamsConfiguration = streams
    }

    /// Makes the shared event loops one thread, not one per core: for a process that sends one request at a
    /// time (a line-mode command). Call it at most once, before anything in the process has used SwiftNIO's
    /// shared event loops (it stops the process otherwise).
    public static func useOneEventLoop() {
        NIOSingletons.groupLoopCountSuggestion = 1
    }

    /// The client for streams, made on first use; nil once the transport is shut down.
    private func streamingClient() -> HTTPClient? {
        streaming.withLock { state in
            guard !state.shutDown else { return nil }
            if let client = state.client { return client }
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: streamsConfiguration)
            state.client = client
            return client
        }
    }

    /// Closes every connection; must be called once when the transport is no longer used.
    public func shutdown() async throws {
        try await client.shutdown()
        let streams = streaming.withLock { state in
            state.shutDown = true
            return state.client
        }
        try await streams?.shutdown()
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let host = request.url.host ?? ""
        let deadline = requestDeadline
        let client = client
        let limit = bodyLimit
        // The deadline covers the body too: a server dripping a byte every few seconds is cut off.
        return try await withThrowingTaskGroup(of: HTTPResponse?.self) { group in
            group.addTask {
                let response = try await Self.execute(request, on: client, host: host, timeout: deadline)
                do {
                    let body = try await response.body.collect(upTo: limit)
                    return HTTPResponse(status: Int(response.status.code), headers: Self.headers(response.headers), body: Data(body.readableBytesView))
                } catch is NIOTooManyBytesError {
                    throw MicroblogError.tooLarge(host: host, limit: limit)
                } catch {
                    throw Self.bodyError(error, host: host)
                }
            }
            group.addTask {
                try? await Task.sleep(for: deadline)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let response = first else {
                throw MicroblogError.timedOut(host: host)
            }
            return response
        }
    }

    public func stream(_ request: HTTPRequest) async throws -> HTTPStreamResponse {
        let host = request.url.host ?? ""
        guard let streamingClient = streamingClient() else { throw Self.connectError(HTTPClientError.alreadyShutdown, host: host) }
        let response = try await Self.execute(request, on: streamingClient, host: host, timeout: requestDeadline)
        // Pulled piece by piece as the reader asks: bytes wait in the socket, not in memory, when the
        // reader is slower than the server.
        let source = BodySource(response.body.makeAsyncIterator())
        let body = AsyncThrowingStream<Data, any Error> {
            do {
                return try await source.next()
            } catch {
                throw Task.isCancelled ? MicroblogError.cancelled : Self.bodyError(error, host: host)
            }
        }
        return HTTPStreamResponse(status: Int(response.status.code), headers: Self.headers(response.headers), body: body)
    }

    private static func execute(_ request: HTTPRequest, on client: HTTPClient, host: String, timeout: Duration) async throws -> HTTPClientResponse {
        var url = request.url
        var hostHeader: String?
        if isLocalhostName(host), var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            // Keep the name for the server (Host) but connect to loopback without asking DNS.
            hostHeader = host + (components.port.map { ":\($0)" } ?? "")
            components.host = "127.0.0.1"
            url = components.url ?? url
        }
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        if let hostHeader { outgoing.headers.add(name: "Host", value: hostHeader) }
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        do {
            return try await client.execute(outgoing, timeout: .nanoseconds(timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000))
        } catch {
            throw Self.connectError(error, host: host)
        }
    }

    /// `localhost` and any name under `.localhost` (RFC 6761: always this computer).
    static func isLocalhostName(_ host: String) -> Bool {
        var name = host.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        return name == "localhost" || name.hasSuffix(".localhost")
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
        // The name did not resolve: say so, rather than "cannot reach" a server that may not exist.
        if let failure = error as? NIOConnectionError, failure.connectionErrors.isEmpty, failure.dnsAError != nil || failure.dnsAAAAError != nil {
            return .hostNotFound(host: host)
        }
        if error is SocketAddressError { return .hostNotFound(host: host) }
        // The server answered, but not in HTTP Parla can read (control bytes in a header, say).
        if let error = error as? HTTPParserError {
            // A head cut short is a connection cut; anything else is HTTP Parla cannot read.
            return error == .invalidEOFState ? .connectionLost(host: host) : .malformedResponse(detail: String(describing: error))
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

/// The iterator of a streamed body, handed to one reader at a time.
private final class BodySource: @unchecked Sendable {
    private var iterator: HTTPClientResponse.Body.AsyncIterator

    init(_ iterator: HTTPClientResponse.Body.AsyncIterator) { self.iterator = iterator }

    func next() async throws -> Data? {
        try await iterator.next().map { Data($0.readableBytesView) }
    }
}
