import Foundation
import Hummingbird
import MastodonAPI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The parts every route needs, shared by the router and the middleware.
struct InstanceServices: Sendable {
    let store: InstanceStore
    let limiter: RateLimiter
    let faults: FaultInjector?
    let hub: StreamHub
    let sleeper: any InstanceSleeper
    /// The admin secret, when the admin routes are on (loopback only).
    var adminSecret: String? = nil
    /// The interval between streaming heartbeats; nil for none.
    var heartbeat: Duration? = nil
    /// Wrong admin secrets per caller: past the limit the admin routes answer 429 until the window ends.
    var adminFailures: FailureThrottle
    /// The address the instance was told to listen on: a `Host` naming it is accepted beside loopback names.
    var listenHost: String = "127.0.0.1"
    /// The AT Protocol face: its token lifetime and session count.
    var bluesky = BlueskyFace(accessTTL: InstanceConfiguration.defaultBlueskyAccessTTL)

    /// Whether a request's `Host` may reach the instance: loopback names (`localhost`, `*.localhost`), any
    /// address written as numbers, and the configured host. Any other name is a page on another site whose
    /// name was pointed at this computer (DNS rebinding), and is refused.
    func acceptsHost(_ authority: String?) -> Bool {
        guard let authority, !authority.isEmpty else { return true }
        var host = authority.lowercased()
        if host.hasPrefix("[") {
            host = String(host.dropFirst().prefix { $0 != "]" })
        } else if let colon = host.lastIndex(of: ":"), host.firstIndex(of: ":") == colon {
            host = String(host[..<colon])
        }
        if host.hasSuffix(".") { host.removeLast() }
        if host == "localhost" || host.hasSuffix(".localhost") { return true }
        if host == listenHost.lowercased() { return true }
        return Self.isAddressLiteral(host)
    }

    /// `127.0.0.1`, `::1`: a host written as an address, which no DNS answer can change.
    static func isAddressLiteral(_ host: String) -> Bool {
        var ipv4 = in_addr()
        var ipv6 = in6_addr()
        return inet_pton(AF_INET, host, &ipv4) == 1 || inet_pton(AF_INET6, host, &ipv6) == 1
    }

    /// The bearer token of a request (header, or `access_token` in the query as streaming clients send it).
    static func token(_ request: Request) -> String? {
        if let header = request.headers[.authorization] {
            let parts = header.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer" { return String(parts[1]) }
        }
        if let token = request.uri.queryParameters.get("access_token"), !token.isEmpty { return token }
        return nil
    }

    /// Reads and parses the parameters of a request: the query, then the body (JSON or form), each within
    /// ``RequestLimits``.
    ///
    /// - Throws: ``APIError`` 413 for a body over its size, 422 for too many or too deeply nested parameters.
    func params(_ request: inout Request) async throws -> Params {
        let query = try Params.form(request.uri.query ?? "")
        let buffer: ByteBuffer
        do {
            let multipart = request.headers[.contentType]?.lowercased().hasPrefix("multipart/") ?? false
            buffer = try await request.collectBody(upTo: multipart ? RequestLimits.maxUploadBytes : RequestLimits.maxBodyBytes)
        } catch {
            throw RequestLimits.bodyTooLarge()
        }
        guard buffer.readableBytes > 0 else { return query }
        let data = Data(buffer.readableBytesView)
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        if contentType.hasPrefix("application/json") {
            return query.merging(try Params.json(data))
        }
        if contentType.hasPrefix("multipart/") {
            guard let boundary = MultipartForm.boundary(contentType: request.headers[.contentType] ?? "") else {
                throw APIError(status: .unsupportedMediaType, message: "Send JSON, form-encoded or multipart bodies")
            }
            return query.merging(try MultipartForm.params(data, boundary: boundary))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw APIError.badRequest("The request body is not valid UTF-8")
        }
        return query.merging(try Params.form(text))
    }
}

/// Who may call a route.
enum RouteAccess: Sendable {
    /// Anyone; the viewer is known when a valid token is sent.
    case optional
    /// A token with this scope (`read`, `write` or `follow`).
    case scope(String)
}

extension Router where Context == InstanceRequestContext {
    /// Adds the route of an endpoint (its method, and its path template as `:id` patterns) whose handler
    /// sees an ``APIRequest``.
    func api<Answer>(
        _ endpoint: Endpoint<Answer>, access: RouteAccess, services: InstanceServices,
        _ handler: @escaping @Sendable (APIRequest) async throws -> APIResponse
    ) {
        api(HTTPRequest.Method(endpoint.method), RouterPath(endpoint.template.routerPattern), access: access, services: services, handler)
    }

    /// Adds an API route whose handler sees an ``APIRequest``.
    func api(
        _ method: HTTPRequest.Method, _ path: RouterPath, access: RouteAccess, services: InstanceServices,
        _ handler: @escaping @Sendable (APIRequest) async throws -> APIResponse
    ) {
        on(path, method: method) { request, context -> Response in
            var request = request
            var viewer: Viewer?
            if let token = InstanceServices.token(request) {
                viewer = try services.store.viewer(token: token)
                // An app-only token (client_credentials) is valid but opens no account: the caller is anonymous.
                if viewer == nil, try !services.store.isAppToken(token) { throw APIError.unauthorized() }
            }
            if case .scope(let scope) = access {
                guard let viewer else { throw APIError(status: .unauthorized, message: "This method requires an authenticated user") }
                guard viewer.allows(scope) else { throw APIError.forbidden() }
            }
            let params = try await services.params(&request)
            var pathParameters: [String: String] = [:]
            for (key, value) in context.parameters { pathParameters[String(key)] = String(value) }
            let apiRequest = APIRequest(
                method: request.method.rawValue, path: request.uri.path, query: request.uri.query ?? "", params: params,
                pathParameters: pathParameters, viewer: viewer, headers: request.headers, baseURL: services.store.baseURL)
            return try await handler(apiRequest).response
        }
    }
}

extension HTTPRequest.Method {
    /// The HTTP method of an endpoint.
    init(_ method: RequestMethod) {
        switch method {
        case .get: self = .get
        case .post: self = .post
        case .put: self = .put
        case .patch: self = .patch
        case .delete: self = .delete
        }
    }
}
