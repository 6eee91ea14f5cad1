import Foundation
import MicroblogKit
import ServiceHTTP

/// Logs in to Bluesky once: finds the account's server from its handle and makes a session there
/// (`com.atproto.server.createSession`) with an app password. The session is then stored and renewed,
/// never made again at each start (Bluesky allows 30 sessions in 5 minutes).
public enum BlueskyLogin {
    /// Where a DID of the `plc` method is looked up.
    public static let directory = URL(string: "https://plc.directory")!

    /// The address of a server as typed (`bsky.social`, `https://pds.example`).
    ///
    /// - Throws: ``MicroblogError/invalidURL(_:)`` or ``MicroblogError/insecureURL(_:)``.
    public static func serverURL(from text: String) throws -> URL {
        try ServerAddress.url(from: text)
    }

    /// Whether the server speaks AT Protocol: it answers `com.atproto.server.describeServer` with its DID.
    public static func isBlueskyServer(_ server: URL, transport: any HTTPTransport) async -> Bool {
        struct Description: Decodable { var did: String }
        guard let request = try? XRPCCall.query("com.atproto.server.describeServer").request(service: server.absoluteString, token: nil),
              let response = try? await transport.send(request), response.status == 200
        else { return false }
        return (try? JSONDecoder().decode(Description.self, from: response.body)) != nil
    }

    /// Makes a session for `handle` with its app password.
    ///
    /// The handle is resolved on `server` to its DID, and the DID's document names the account's own
    /// server (so `bsky.social` works for an account on any server); when that cannot be learnt, the
    /// session is asked of `server` itself.
    ///
    /// - Throws: ``MicroblogError/unauthorized`` for a wrong handle or app password; other
    ///   ``MicroblogError``s when the server cannot be reached.
    ///
    /// With `findingItsServer` false the session is asked of `server` alone, and no DID directory is asked
    /// (the embedded instance, whose accounts live on it and are known to no directory).
    public static func login(
        server: URL, handle: String, appPassword: String, transport: any HTTPTransport, findingItsServer: Bool = true
    ) async throws -> BlueskySession {
        let handle = handle.hasPrefix("@") ? String(handle.dropFirst()) : handle
        let found = findingItsServer ? await personalServer(of: handle, asking: server, transport: transport) : nil
        let service = found ?? server
        struct Credentials: Encodable {
            var identifier: String
            var password: String
        }
        let call = try XRPCCall.procedure("com.atproto.server.createSession", json: Credentials(identifier: handle, password: appPassword))
        let request = try call.request(service: service.absoluteString, token: nil)
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw MicroblogErrorMapping.from(error, host: service.host ?? "")
        }
        if response.status == 401 || (response.status == 400 && MicroblogErrorMapping.body(of: response)?.error == "AuthenticationRequired") {
            throw MicroblogError.unauthorized
        }
        let limits = RateLimitHeaders(atprotoHeader: response.header, now: Date())
        try MicroblogErrorMapping.check(response, nsid: call.nsid, limits: limits)
        let answer = try XRPCJSON.decode(SessionAnswer.self, from: response.body)
        return answer.session(service: answer.serviceEndpoint.flatMap { try? ServerAddress.url(from: $0).absoluteString } ?? service.absoluteString)
    }

    /// The account's own server from its handle: the handle's DID (`resolveHandle` on `server`), then the
    /// DID document's `#atproto_pds`; nil when any step fails.
    static func personalServer(of handle: String, asking server: URL, transport: any HTTPTransport) async -> URL? {
        guard let request = try? XRPCCall.query("com.atproto.identity.resolveHandle", [("handle", handle)])
                .request(service: server.absoluteString, token: nil),
              let response = try? await transport.send(request), response.status == 200,
              let did = (try? JSONDecoder().decode(Lexicon.ResolvedHandle.self, from: response.body))?.did,
              let document = documentURL(did),
              let answer = try? await transport.send(HTTPRequest(method: "GET", url: document, headers: [("Accept", "application/json")])),
              answer.status == 200,
              let endpoint = (try? JSONDecoder().decode(DIDDocument.self, from: answer.body))?.personalServer
        else { return nil }
        return try? ServerAddress.url(from: endpoint)
    }

    /// Where a DID's document is: `plc.directory` for `did:plc`, the host's `/.well-known/did.json` for `did:web`.
    static func documentURL(_ did: String) -> URL? {
        if did.hasPrefix("did:plc:") { return directory.appendingPathComponent(did) }
        if did.hasPrefix("did:web:") {
            let host = did.dropFirst("did:web:".count).replacingOccurrences(of: "%3A", with: ":")
            return URL(string: "https://" + host + "/.well-known/did.json")
        }
        return nil
    }
}
