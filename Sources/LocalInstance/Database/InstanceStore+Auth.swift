import Foundation
import GRDB

extension InstanceStore {
    /// The owner's account id (the single local user).
    func ownerID(_ db: Database) throws -> Int64 {
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM accounts WHERE is_owner = 1 LIMIT 1") else {
            throw APIError(status: .internalServerError, message: "The instance has no owner")
        }
        return id
    }

    /// The owner's standing access token (created once, kept across restarts).
    func ownerToken() throws -> String {
        try database.queue.write { db in
            if let token = try String.fetchOne(db, sql: "SELECT value FROM instance_meta WHERE key = 'owner_token'") {
                return token
            }
            let token = Self.secret()
            try db.execute(
                sql: "INSERT INTO tokens (token, app_id, account_id, scopes, created_at) VALUES (?, NULL, ?, ?, ?)",
                arguments: [token, try ownerID(db), "read write follow push", nowMillis()])
            try db.execute(sql: "INSERT INTO instance_meta (key, value) VALUES ('owner_token', ?)", arguments: [token])
            return token
        }
    }

    /// The viewer behind a bearer token, or nil when the token is unknown.
    func viewer(token: String) throws -> Viewer? {
        try database.queue.read { db in
            // Asked on every request (twice): a prepared statement kept for the connection.
            guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT account_id, scopes FROM tokens WHERE token = ?"), arguments: [token]) else {
                return nil
            }
            let scopes: String = row["scopes"]
            return Viewer(accountID: row["account_id"], scopes: Set(scopes.split(separator: " ").map(String.init)))
        }
    }

    /// Registers an app (`POST /api/v1/apps`).
    func createApp(name: String, redirectURIs: String, scopes: String, website: String?) throws -> ApplicationEntity {
        try database.queue.write { db in
            let clientID = Self.secret()
            let secret = Self.secret()
            try db.execute(
                sql: "INSERT INTO apps (name, website, client_id, client_secret, redirect_uris, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [name, website, clientID, secret, redirectURIs, scopes, nowMillis()])
            let uris = redirectURIs.split(whereSeparator: { $0 == "\n" || $0 == " " }).map(String.init)
            return ApplicationEntity(
                id: String(db.lastInsertedRowID), name: name, website: website,
                scopes: scopes.split(separator: " ").map(String.init), redirectUri: redirectURIs, redirectUris: uris,
                clientId: clientID, clientSecret: secret, vapidKey: nil)
        }
    }

    /// What an authorization request asks for, checked: the app's name and the scopes (`GET /oauth/authorize`).
    ///
    /// - Throws: 400 for an unknown client, a redirect address not registered by that client, or scopes
    ///   the app did not register.
    func authorizationRequest(clientID: String, redirectURI: String, scopes: String?) throws -> (app: String, scopes: [String]) {
        try database.queue.read { db in
            let (app, requested) = try Self.checkAuthorization(db, clientID: clientID, redirectURI: redirectURI, scopes: scopes)
            return (app["name"], requested)
        }
    }

    /// Approves an authorization request for the owner and returns the code (`POST /oauth/authorize`).
    ///
    /// Only the owner may approve: `approval` must be the owner's access token, which `parla serve`
    /// prints on its console and nobody else has.
    /// - Throws: 403 when `approval` is not the owner's token; 400 as ``authorizationRequest(clientID:redirectURI:scopes:)``.
    func authorize(clientID: String, redirectURI: String, scopes: String?, approval: String) throws -> String {
        let owner = try ownerToken()
        guard Self.constantTimeEqual(approval, owner) else {
            throw APIError(status: .forbidden, message: "Only the owner of this instance may approve an application")
        }
        return try database.queue.write { db in
            let (app, requested) = try Self.checkAuthorization(db, clientID: clientID, redirectURI: redirectURI, scopes: scopes)
            let code = Self.secret()
            try db.execute(
                sql: "INSERT INTO auth_codes (code, app_id, account_id, scopes, redirect_uri, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [code, app["id"] as Int64, try ownerID(db), requested.joined(separator: " "), redirectURI, nowMillis()])
            return code
        }
    }

    /// The app behind `clientID` and the scopes asked for, when the redirect is the app's own.
    private static func checkAuthorization(_ db: Database, clientID: String, redirectURI: String, scopes: String?) throws -> (Row, [String]) {
        guard let app = try Row.fetchOne(db, sql: "SELECT * FROM apps WHERE client_id = ?", arguments: [clientID]) else {
            throw APIError(status: .badRequest, message: "Client authentication failed due to unknown client")
        }
        let registered: String = app["redirect_uris"]
        let allowed = registered.split(whereSeparator: { $0 == "\n" || $0 == " " }).map(String.init)
        guard allowed.contains(redirectURI) else {
            throw APIError.badRequest("The redirect uri included is not valid.")
        }
        let appScopes: String = app["scopes"]
        let requested = (scopes ?? appScopes).split(separator: " ").map(String.init)
        let granted = Set(appScopes.split(separator: " ").map(String.init))
        guard requested.allSatisfy({ granted.contains($0) }) else {
            throw APIError.badRequest("The requested scope is invalid, unknown, or malformed.")
        }
        return (app, requested)
    }

    /// Compares two secrets in time that does not depend on where they differ.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for index in 0..<max(x.count, y.count) {
            difference |= (index < x.count ? x[index] : 0) ^ (index < y.count ? y[index] : 0)
        }
        return difference == 0
    }

    /// Exchanges a grant for a token (`POST /oauth/token`): `authorization_code` or `client_credentials`.
    func issueToken(params: Params) throws -> JSONValue {
        let grant = params.string("grant_type") ?? ""
        guard let clientID = params.string("client_id"), let clientSecret = params.string("client_secret") else {
            throw APIError(status: .unauthorized, message: "Client authentication failed due to unknown client")
        }
        return try database.queue.write { db in
            guard let app = try Row.fetchOne(
                db, sql: "SELECT * FROM apps WHERE client_id = ? AND client_secret = ?", arguments: [clientID, clientSecret])
            else { throw APIError(status: .unauthorized, message: "Client authentication failed due to unknown client") }
            let appID: Int64 = app["id"]
            let accountID: Int64
            let scopes: String
            switch grant {
            case "authorization_code":
                guard let code = params.string("code"),
                    let row = try Row.fetchOne(
                        db, sql: "SELECT * FROM auth_codes WHERE code = ? AND app_id = ? AND used = 0", arguments: [code, appID])
                else { throw APIError.badRequest("The provided authorization grant is invalid, expired, revoked, or was issued to another client.") }
                if let redirect = params.string("redirect_uri"), redirect != row["redirect_uri"] as String {
                    throw APIError.badRequest("The redirect uri included is not valid.")
                }
                try db.execute(sql: "UPDATE auth_codes SET used = 1 WHERE code = ?", arguments: [code])
                accountID = row["account_id"]
                scopes = row["scopes"]
            case "client_credentials":
                // An app-only token: it names the app, never the owner, and opens no account.
                let token = Self.secret()
                let now = nowMillis()
                try db.execute(
                    sql: "INSERT INTO app_tokens (token, app_id, scopes, created_at) VALUES (?, ?, ?, ?)",
                    arguments: [token, appID, "read", now])
                return .object([
                    ("access_token", .string(token)), ("token_type", .string("Bearer")), ("scope", .string("read")),
                    ("created_at", .int(Int(now / 1000))),
                ])
            default:
                throw APIError.badRequest("The authorization grant type is not supported by the authorization server.")
            }
            let token = Self.secret()
            let now = nowMillis()
            try db.execute(
                sql: "INSERT INTO tokens (token, app_id, account_id, scopes, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [token, appID, accountID, scopes, now])
            return .object([
                ("access_token", .string(token)), ("token_type", .string("Bearer")), ("scope", .string(scopes)),
                ("created_at", .int(Int(now / 1000))),
            ])
        }
    }

    /// Revokes a token of the calling app (`POST /oauth/revoke`, RFC 7009).
    ///
    /// The app must authenticate with its client id and secret; a token of another app (or the owner's
    /// standing token) is left alone, and the answer is the same, so nobody learns which tokens exist.
    /// - Throws: 401 when the client is unknown or its secret is wrong.
    func revoke(token: String?, clientID: String?, clientSecret: String?) throws {
        guard let clientID, let clientSecret else {
            throw APIError(status: .unauthorized, message: "Client authentication failed due to unknown client")
        }
        try database.queue.write { db in
            guard let appID = try Int64.fetchOne(
                db, sql: "SELECT id FROM apps WHERE client_id = ? AND client_secret = ?", arguments: [clientID, clientSecret])
            else { throw APIError(status: .unauthorized, message: "Client authentication failed due to unknown client") }
            guard let token else { return }
            try db.execute(sql: "DELETE FROM tokens WHERE token = ? AND app_id = ?", arguments: [token, appID])
            try db.execute(sql: "DELETE FROM app_tokens WHERE token = ? AND app_id = ?", arguments: [token, appID])
        }
    }

    /// Whether `token` is an app-only token (from `client_credentials`): valid, but for no account.
    func isAppToken(_ token: String) throws -> Bool {
        try database.queue.read { db in
            try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM app_tokens WHERE token = ?"), arguments: [token]) ?? false
        }
    }
}
