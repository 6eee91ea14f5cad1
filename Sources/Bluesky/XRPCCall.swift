import Foundation
import ServiceHTTP

/// One XRPC call: a query (`GET /xrpc/<nsid>?…`) or a procedure (`POST /xrpc/<nsid>` with a body).
struct XRPCCall: Sendable {
    /// The method's name (`app.bsky.feed.getTimeline`).
    var nsid: String
    /// `GET` for a query, `POST` for a procedure.
    var method: String
    var parameters: [(name: String, value: String)] = []
    var body: Data?
    var contentType: String?
    /// The service the server forwards the call to (`atproto-proxy`), for chat.
    var proxy: String?
    /// The record-write points it costs (create 3, update 2, delete 1).
    var points = 0
    /// Whether it may be sent again after a failure that left its effect unknown.
    var retryable: Bool

    /// The header that sends a call on to Bluesky's chat service.
    static let chatProxy = "did:web:api.bsky.chat#bsky_chat"

    /// A query; parameters without a value are left out, arrays are written once per value.
    static func query(_ nsid: String, _ parameters: [(String, String?)] = [], proxy: String? = nil) -> XRPCCall {
        XRPCCall(nsid: nsid, method: "GET", parameters: parameters.compactMap { pair in pair.1.map { (name: pair.0, value: $0) } },
                 proxy: proxy, retryable: true)
    }

    /// A procedure with a JSON body.
    static func procedure(_ nsid: String, json: some Encodable, points: Int = 0, proxy: String? = nil, retryable: Bool = false) throws -> XRPCCall {
        XRPCCall(nsid: nsid, method: "POST", body: try XRPCJSON.encode(json), contentType: "application/json", proxy: proxy,
                 points: points, retryable: retryable)
    }

    /// The request to `service` with the access token.
    func request(service: String, token: String?) throws -> HTTPRequest {
        var text = service
        while text.hasSuffix("/") { text.removeLast() }
        text += "/xrpc/" + nsid
        if !parameters.isEmpty {
            text += "?" + parameters.map { Self.escaped($0.name) + "=" + Self.escaped($0.value) }.joined(separator: "&")
        }
        guard let url = URL(string: text) else { throw MicroblogErrorMapping.invalid(text) }
        try ServerAddress.requireSecure(url)
        var headers: [(name: String, value: String)] = [("Accept", "application/json"), ("User-Agent", "Parla")]
        if let token { headers.insert(("Authorization", "Bearer " + token), at: 0) }
        if let contentType { headers.append(("Content-Type", contentType)) }
        if let proxy { headers.append(("atproto-proxy", proxy)) }
        return HTTPRequest(method: method, url: url, headers: headers, body: body)
    }

    /// A query value with everything but unreserved characters percent-encoded (`+` too, which some
    /// servers read as a space).
    static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
