import Foundation

/// One HTTP request as a network's client builds it.
public struct HTTPRequest: Sendable, Hashable, CustomStringConvertible {
    /// `GET`, `POST`, `PUT`, `DELETE`, `PATCH`.
    public var method: String
    public var url: URL
    /// Header fields in order; names as written.
    public var headers: [(name: String, value: String)]
    public var body: Data?

    public init(method: String, url: URL, headers: [(name: String, value: String)] = [], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The first value of a header, by case-insensitive name.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// `GET /api/v1/timelines/home?limit=40`, with the `Authorization` header never shown.
    public var description: String {
        var path = url.path
        if let query = url.query { path += "?" + query }
        return "\(method) \(path)"
    }

    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.body == rhs.body
            && lhs.headers.map(\.name) == rhs.headers.map(\.name) && lhs.headers.map(\.value) == rhs.headers.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(url)
        hasher.combine(body)
    }
}

/// One HTTP response with its whole body.
public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header fields in order.
    public var headers: [(name: String, value: String)]
    public var body: Data

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of a header, by case-insensitive name.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Every value of a header (for `Link`, which may repeat).
    public func headerValues(_ name: String) -> [String] {
        headers.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }
}

/// A response whose body arrives piece by piece (Server-Sent Events).
public struct HTTPStreamResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    /// The body as it arrives; ends when the server closes, throws ``MicroblogKit/MicroblogError`` on failure.
    public var body: AsyncThrowingStream<Data, any Error>

    public init(status: Int, headers: [(name: String, value: String)], body: AsyncThrowingStream<Data, any Error>) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of a header, by case-insensitive name.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Sends HTTP requests; the one I/O point of every network's client.
///
/// Network failures are thrown as `MicroblogError` (`unreachable`, `timedOut`, `connectionLost`, `tls`);
/// any HTTP status, error or not, is returned as a response.
public protocol HTTPTransport: Sendable {
    /// Sends a request and reads the whole answer.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
    /// Sends a request and returns as soon as the head arrives; the body streams until the server closes
    /// or the task is cancelled.
    func stream(_ request: HTTPRequest) async throws -> HTTPStreamResponse
}
