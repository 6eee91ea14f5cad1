import Foundation
import HTTPTypes
import Hummingbird
import MastodonAPI

extension InstanceRouter {
    static let version = "4.3.0 (compatible; Parla local instance)"

    static func addInstanceRoutes(_ router: Router<InstanceRequestContext>, _ services: InstanceServices) {
        let store = services.store
        router.api(API.Misc.instanceV1, access: .optional, services: services) { request in
            let counts = try store.counts()
            return try .json(JSONValue.object([
                ("uri", .string(store.domain)), ("title", .string("Parla local instance")),
                ("short_description", .string("A small community that lives on this computer.")),
                ("description", .string("The embedded instance Parla runs when no account is configured.")),
                ("email", .string("owner@localhost")), ("version", .string(version)),
                ("urls", .object([("streaming_api", .string(request.baseURL.replacingOccurrences(of: "http", with: "ws")))])),
                ("stats", .object([("user_count", .int(counts.users)), ("status_count", .int(counts.statuses)), ("domain_count", .int(1))])),
                ("thumbnail", .null), ("languages", .array([.string("en"), .string("es"), .string("ca")])),
                ("registrations", .bool(false)), ("approval_required", .bool(false)), ("invites_enabled", .bool(false)),
                ("configuration", configuration(streaming: nil)), ("contact_account", .null), ("rules", .array([])),
            ]))
        }
        router.api(API.Misc.instance, access: .optional, services: services) { request in
            let counts = try store.counts()
            return try .json(JSONValue.object([
                ("domain", .string(store.domain)), ("title", .string("Parla local instance")), ("version", .string(version)),
                ("source_url", .string("https://github.com/mastodon/mastodon")), ("api_versions", .object([("mastodon", .int(2))])),
                ("description", .string("The embedded instance Parla runs when no account is configured.")),
                ("usage", .object([("users", .object([("active_month", .int(counts.users))]))])),
                ("thumbnail", .object([("url", .string("\(request.baseURL)/headers/original/missing.png"))])),
                ("languages", .array([.string("en"), .string("es"), .string("ca")])),
                ("configuration", configuration(streaming: request.baseURL.replacingOccurrences(of: "http", with: "ws"))),
                ("registrations", .object([("enabled", .bool(false)), ("approval_required", .bool(false)), ("message", .null)])),
                ("contact", .object([("email", .string("owner@localhost")), ("account", .null)])), ("rules", .array([])),
            ]))
        }
        router.api(API.Apps.register, access: .optional, services: services) { request in
            guard let name = request.params.string("client_name") else { throw APIError.unprocessable("Name can't be blank") }
            guard let redirect = request.params.string("redirect_uris") else {
                throw APIError.unprocessable("Redirect URI can't be blank")
            }
            let scopes = request.params.string("scopes") ?? "read"
            let allowed = ["read", "write", "follow", "push", "profile"]
            for scope in scopes.split(separator: " ") where !allowed.contains(where: { scope == $0 || scope.hasPrefix($0 + ":") }) {
                throw APIError.unprocessable("Scopes are invalid")
            }
            return try .json(try store.createApp(name: name, redirectURIs: redirect, scopes: scopes, website: request.params.string("website")))
        }
        router.api(API.Apps.authorize, access: .optional, services: services) { request in
            let asked = try authorizationRequest(request, store: store)
            return approvalPage(request, app: asked.app, scopes: asked.scopes)
        }
        router.api(API.Apps.approve, access: .optional, services: services) { request in
            _ = try authorizationRequest(request, store: store)
            let redirect = request.params.string("redirect_uri") ?? oob
            let code = try store.authorize(
                clientID: request.params.string("client_id") ?? "", redirectURI: redirect, scopes: request.params.string("scope"),
                approval: request.params.string("approval") ?? "")
            if redirect == oob {
                return .text("Authorization approved for the owner of this local instance.\nCopy this code into your application:\n\(code)\n")
            }
            var response = APIResponse.text("Redirecting\n")
            response.status = .found
            var location = redirect + (redirect.contains("?") ? "&" : "?") + "code=\(code)"
            if let state = request.params.string("state") {
                location += "&state=" + (state.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
            }
            response.headers.append((.location, location))
            return response
        }
        router.api(API.Apps.token, access: .optional, services: services) { request in
            try .json(try store.issueToken(params: request.params))
        }
        router.api(API.Apps.revoke, access: .optional, services: services) { request in
            try store.revoke(
                token: request.params.string("token"), clientID: request.params.string("client_id"),
                clientSecret: request.params.string("client_secret"))
            return .empty
        }
        let file: @Sendable (APIRequest) async throws -> APIResponse = { request in
            // An uploaded file is served as it came; the demo's attachments are all the same tiny picture.
            let id = Int64((request.pathParameters["file"] ?? "").prefix { $0.isNumber })
            if let id, let (data, type) = try store.mediaFile(id: id) { return APIResponse(body: data, contentType: type) }
            return APIResponse(body: tinyPNG, contentType: "image/png")
        }
        router.api(.get, "/system/media_attachments/:file", access: .optional, services: services, file)
        // As a file host answers a client that asks only how large a file is (Parla's attachments list).
        router.api(.head, "/system/media_attachments/:file", access: .optional, services: services) { request in
            var response = try await file(request)
            response.headers.append((.contentLength, String(response.body.count)))
            response.body = Data()
            return response
        }
    }

    /// The out-of-band redirect: the code is shown instead of sent anywhere.
    static let oob = "urn:ietf:wg:oauth:2.0:oob"

    /// Checks an authorization request's client, redirect and scopes.
    private static func authorizationRequest(_ request: APIRequest, store: InstanceStore) throws -> (app: String, scopes: [String]) {
        guard let clientID = request.params.string("client_id") else { throw APIError.badRequest("client_id is missing") }
        guard request.params.string("response_type") ?? "code" == "code" else {
            throw APIError.badRequest("The authorization server does not support this response type.")
        }
        return try store.authorizationRequest(
            clientID: clientID, redirectURI: request.params.string("redirect_uri") ?? oob, scopes: request.params.string("scope"))
    }

    /// The page that asks the owner to approve an app: it names the app and what it asks for, and posts
    /// the request back with the owner's access token (printed by `parla serve`) as the approval.
    private static func approvalPage(_ request: APIRequest, app: String, scopes: [String]) -> APIResponse {
        func escaped(_ text: String) -> String { StatusFormatter.escape(text) }
        let fields = ["client_id", "redirect_uri", "scope", "response_type", "state"].compactMap { name in
            request.params.string(name).map { "<input type=\"hidden\" name=\"\(name)\" value=\"\(escaped($0))\">" }
        }
        let html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Approve \(escaped(app))</title></head>
            <body><main>
            <h1>Approve \(escaped(app))?</h1>
            <p>The application \(escaped(app)) asks to use the owner's account with these permissions: \(escaped(scopes.joined(separator: ", "))).</p>
            <p>Only the owner may approve it: enter the owner access token that <code>parla serve</code> printed when it started.</p>
            <form method="post" action="\(API.Apps.approve.path)">
            \(fields.joined(separator: "\n"))
            <label for="approval">Owner access token</label>
            <input id="approval" name="approval" type="password" autocomplete="off" required>
            <button type="submit">Approve</button>
            </form>
            </main></body></html>

            """
        var response = APIResponse(body: Data(html.utf8), contentType: "text/html; charset=utf-8")
        // The page must not be framed by another site (clickjacking) nor kept.
        response.headers.append((HTTPField.Name("X-Frame-Options")!, "DENY"))
        response.headers.append((HTTPField.Name("Content-Security-Policy")!, "frame-ancestors 'none'; form-action 'self'"))
        response.headers.append((HTTPField.Name("Cache-Control")!, "no-store"))
        return response
    }

    private static func configuration(streaming: String?) -> JSONValue {
        var pairs: [(String, JSONValue)] = []
        if let streaming { pairs.append(("urls", .object([("streaming", .string(streaming))]))) }
        pairs += [
            ("accounts", .object([("max_featured_tags", .int(10)), ("max_pinned_statuses", .int(5))])),
            ("statuses", .object([
                ("max_characters", .int(InstanceStore.maxCharacters)), ("max_media_attachments", .int(InstanceStore.maxMediaAttachments)),
                ("characters_reserved_per_url", .int(23)),
            ])),
            ("media_attachments", .object([
                ("supported_mime_types", .array(InstanceStore.mediaKinds.map { .string($0.mime) })),
                ("image_size_limit", .int(InstanceStore.maxMediaBytes)), ("description_limit", .int(InstanceStore.maxDescription)),
                ("image_matrix_limit", .int(33_177_600)), ("video_size_limit", .int(InstanceStore.maxMediaBytes)),
                ("video_frame_rate_limit", .int(0)), ("video_matrix_limit", .int(0)),
            ])),
            ("polls", .object([
                ("max_options", .int(InstanceStore.maxPollOptions)), ("max_characters_per_option", .int(50)),
                ("min_expiration", .int(300)), ("max_expiration", .int(2_629_746)),
            ])),
            ("translation", .object([("enabled", .bool(false))])),
        ]
        return .object(pairs)
    }

    /// A 1×1 grey PNG: the picture behind every demo media attachment.
    static let tinyPNG = Data([
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x00, 0x00, 0x00, 0x3A, 0x7E, 0x9B,
        0x55, 0x00, 0x00, 0x00, 0x0A, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x68, 0x00, 0x00, 0x00,
        0x82, 0x00, 0x81, 0x77, 0xCD, 0x72, 0xB6, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE,
        0x42, 0x60, 0x82,
    ])
}
