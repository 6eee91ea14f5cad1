import Foundation
import LocalInstance

/// Calls the instance's XRPC methods over HTTP as an AT Protocol client does: queries as GET with their
/// parameters, procedures as POST with a JSON body, the session's access token as the bearer.
struct XRPCTestClient {
    var http: TestHTTP

    /// Logs in with `createSession` (the owner, with the token `parla serve` prints as app password).
    static func login(_ instance: RunningInstance, identifier: String = "owner.parla.test") async throws -> (XRPCTestClient, [String: Any]) {
        let anonymous = XRPCTestClient(http: TestHTTP(baseURL: instance.baseURL, token: nil))
        let reply = try await anonymous.procedure(
            "com.atproto.server.createSession", ["identifier": identifier, "password": instance.ownerToken])
        let session = reply.object
        return (XRPCTestClient(http: TestHTTP(baseURL: instance.baseURL, token: session["accessJwt"] as? String)), session)
    }

    /// A query: `GET /xrpc/<nsid>?…`.
    func query(_ nsid: String, _ parameters: [(String, String)] = [], headers: [String: String] = [:]) async throws -> HTTPReply {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let query = parameters.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed)!)" }.joined(separator: "&")
        return try await http.request("GET", "/xrpc/\(nsid)" + (query.isEmpty ? "" : "?" + query), headers: headers)
    }

    /// A procedure: `POST /xrpc/<nsid>` with a JSON input.
    func procedure(_ nsid: String, _ input: [String: Any], headers: [String: String] = [:]) async throws -> HTTPReply {
        let body = String(decoding: try JSONSerialization.data(withJSONObject: input), as: UTF8.self)
        return try await http.request("POST", "/xrpc/\(nsid)", json: body, headers: headers)
    }

    /// The same client with another bearer token.
    func with(token: String?) -> XRPCTestClient { XRPCTestClient(http: TestHTTP(baseURL: http.baseURL, token: token)) }
}
