import Foundation
import MastodonAPI
import MicroblogKit

/// The credentials of Parla's registration on one server.
public struct AppCredentials: Codable, Sendable, Hashable, CustomStringConvertible {
    public var clientId: String
    public var clientSecret: String

    public init(clientId: String, clientSecret: String) {
        self.clientId = clientId
        self.clientSecret = clientSecret
    }

    /// Shows the client id only; the secret is redacted.
    public var description: String { "AppCredentials(clientId: \(clientId), secret redacted)" }
}

/// Logging in with OAuth out of band: Parla shows an address, the user approves in a browser and types
/// the code the server shows.
public enum MastodonOAuth {
    /// The out-of-band redirect: the server shows the code instead of redirecting.
    public static let redirectURI = "urn:ietf:wg:oauth:2.0:oob"
    /// The scopes Parla asks for.
    public static let scopes = "read write follow"
    /// The name the server shows the user.
    public static let clientName = "Parla"

    /// Registers Parla on the server (`POST /api/v1/apps`).
    public static func registerApp(server: URL, transport: any HTTPTransport) async throws -> AppCredentials {
        let registration = try await post(
            API.Apps.register(form: [("client_name", clientName), ("redirect_uris", redirectURI), ("scopes", scopes)]),
            server: server, transport: transport)
        guard let id = registration.clientId, let secret = registration.clientSecret else {
            throw MicroblogError.malformedResponse(detail: "app registration without client credentials")
        }
        return AppCredentials(clientId: id, clientSecret: secret)
    }

    /// The page where the user approves Parla (`/oauth/authorize`).
    public static func authorizeURL(server: URL, app: AppCredentials) -> URL {
        var components = URLComponents(url: server, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.path = (components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path) + API.Apps.authorize.path
        components.queryItems = [
            URLQueryItem(name: "client_id", value: app.clientId), URLQueryItem(name: "scope", value: scopes),
            URLQueryItem(name: "redirect_uri", value: redirectURI), URLQueryItem(name: "response_type", value: "code"),
        ]
        return components.url ?? server
    }

    /// Exchanges the code the user copied for an access token (`POST /oauth/token`).
    public static func exchange(code: String, server: URL, app: AppCredentials, transport: any HTTPTransport) async throws -> String {
        let token = try await post(
            API.Apps.token(form: [
                ("grant_type", "authorization_code"), ("code", code.trimmingCharacters(in: .whitespacesAndNewlines)),
                ("client_id", app.clientId), ("client_secret", app.clientSecret), ("redirect_uri", redirectURI),
                ("scope", scopes),
            ]), server: server, transport: transport)
        guard let accessToken = token.accessToken, !accessToken.isEmpty else {
            throw MicroblogError.malformedResponse(detail: "token answer without access_token")
        }
        return accessToken
    }

    /// The account a token belongs to (`verify_credentials`); ``MicroblogError/unauthorized`` when it is not valid.
    public static func verify(server: URL, token: String, transport: any HTTPTransport) async throws -> Account {
        let client = MastodonClient(server: server, token: token, transport: transport, budget: RateLimitBudget())
        return try await client.currentAccount()
    }

    private static func post<T: Decodable>(_ endpoint: Endpoint<T>, server: URL, transport: any HTTPTransport) async throws -> T {
        let url = try MastodonClient.url(endpoint, base: server)
        let form = endpoint.form
        let request = HTTPRequest(
            method: endpoint.method.rawValue, url: url,
            headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json"), ("User-Agent", "Parla")],
            body: Data(FormEncoding.encode(form).utf8))
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw MicroblogError.from(error, host: server.host ?? server.absoluteString)
        }
        if response.status == 401 || response.status == 400,
           let failure = try? MastodonJSON.decoder.decode(MastodonEntities.ServerError.self, from: response.body),
           failure.error == "invalid_grant" {
            throw MicroblogError.rejected(status: response.status, message: failure.errorDescription ?? failure.error)
        }
        try MastodonClient.check(response, limits: RateLimitHeaders(header: response.header, now: Date()))
        return try MastodonJSON.decode(T.self, from: response.body)
    }
}
