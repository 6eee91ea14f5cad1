import Foundation
import Hummingbird

/// One XRPC call as handlers see it: the query parameters, the input body, the caller's session and headers.
struct XRPCRequest: Sendable {
    let nsid: String
    /// Query parameters by name; a repeated name (`uris=a&uris=b`, or `uris[]=`) keeps every value.
    let query: [String: [String]]
    /// The input body, as sent (JSON, or a blob's bytes).
    let body: Data
    let contentType: String
    /// The caller behind a valid access token.
    let viewer: Viewer?
    let headers: HTTPFields

    /// The caller, or 401 `AuthenticationRequired`.
    func requireViewer() throws -> Viewer {
        guard let viewer else { throw XRPCError.authenticationRequired }
        return viewer
    }

    /// A parameter's first value.
    func string(_ name: String) -> String? { query[name]?.first }

    /// A required parameter.
    ///
    /// - Throws: 400 `InvalidRequest` naming it when it is missing or empty.
    func required(_ name: String) throws -> String {
        guard let value = string(name), !value.isEmpty else { throw XRPCError.invalid("Params must have the property \"\(name)\"") }
        return value
    }

    /// Every value of a list parameter.
    func strings(_ name: String) -> [String] { (query[name] ?? []) + (query[name + "[]"] ?? []) }

    /// `limit`, between 1 and `maximum` (the lexicon's bounds), `defaultLimit` when absent.
    ///
    /// - Throws: 400 `InvalidRequest` for a limit that is not a number in range.
    func limit(default defaultLimit: Int = 50, maximum: Int = 100) throws -> Int {
        guard let text = string("limit") else { return defaultLimit }
        guard let value = Int(text), value >= 1, value <= maximum else {
            throw XRPCError.invalid("limit must be an integer between 1 and \(maximum)")
        }
        return value
    }

    /// The cursor as a row id; nil for the first page.
    ///
    /// - Throws: 400 `InvalidRequest` for a cursor this instance did not give.
    func cursor() throws -> Int64? {
        guard let text = string("cursor"), !text.isEmpty else { return nil }
        guard let value = Int64(text) else { throw XRPCError.invalid("Malformed cursor") }
        return value
    }

    /// The input body as a JSON object, checked against ``RequestLimits`` first.
    ///
    /// - Throws: 400 `InvalidRequest` when it is not a JSON object.
    func input() throws -> XObject {
        try Params.checkJSONShape(body)
        guard let object = try? JSONSerialization.jsonObject(with: body) as? XObject else {
            throw XRPCError.invalid("Input must be a JSON object")
        }
        return object
    }

    /// Parses a query string, keeping repeated names.
    static func parseQuery(_ text: String) throws -> [String: [String]] {
        var query: [String: [String]] = [:]
        var count = 0
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            count += 1
            if count > RequestLimits.maxParameters { throw RequestLimits.tooManyParameters() }
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                let spaced = part.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            query[decode(parts[0]), default: []].append(parts.count > 1 ? decode(parts[1]) : "")
        }
        return query
    }
}

/// What an XRPC method is: a query (GET) or a procedure (POST).
enum XRPCKind: Sendable {
    case query, procedure
}

/// Who may call an XRPC method.
enum XRPCAccess: Sendable {
    /// Anyone; the viewer is known when a valid access token is sent.
    case optional
    /// A valid access token.
    case required
    /// No access token is read (the session methods read their own).
    case ownToken
}

extension Router where Context == InstanceRequestContext {
    /// Adds an XRPC method at `/xrpc/<nsid>`.
    func xrpc(
        _ kind: XRPCKind, _ nsid: String, access: XRPCAccess, services: InstanceServices,
        _ handler: @escaping @Sendable (XRPCRequest) async throws -> APIResponse
    ) {
        on(RouterPath(XRPCError.pathPrefix + nsid), method: kind == .query ? .get : .post) { request, _ -> Response in
            var request = request
            var viewer: Viewer?
            if access != .ownToken, let token = InstanceServices.token(request) {
                let session = try services.store.verifyBluesky(jwt: token, scope: "com.atproto.access")
                viewer = Viewer(accountID: session.accountID, scopes: ["read", "write", "follow"])
            }
            if access == .required, viewer == nil { throw XRPCError.authenticationRequired }
            var body = Data()
            if kind == .procedure {
                let limit = nsid == "com.atproto.repo.uploadBlob" ? InstanceStore.maxMediaBytes : RequestLimits.maxBodyBytes
                do {
                    body = Data(try await request.collectBody(upTo: limit).readableBytesView)
                } catch {
                    throw APIError(status: .contentTooLarge, message: "The request body is too large", xrpcName: "PayloadTooLarge")
                }
            }
            let xrpcRequest = XRPCRequest(
                nsid: nsid, query: try XRPCRequest.parseQuery(request.uri.query ?? ""), body: body,
                contentType: request.headers[.contentType] ?? "", viewer: viewer, headers: request.headers)
            return try await handler(xrpcRequest).response
        }
    }
}

extension APIResponse {
    /// An XRPC output: a JSON object as `JSONSerialization` writes it.
    static func xrpc(_ object: XObject) throws -> APIResponse {
        APIResponse(body: try JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes]))
    }

    /// A procedure with no output: an empty body and no content type, as a PDS answers (a client parses a body
    /// that says it is JSON).
    static var xrpcEmpty: APIResponse { APIResponse(body: Data(), contentType: "") }
}
