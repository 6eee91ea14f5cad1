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
            guard let row = try Row.fetchOne(db, sql: "SELECT account_id, scopes FROM tokens WHERE token = ?", arguments: [token]) else {
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

    /// Approves an authorization request for the owner and returns the code (`GET /oauth/authorize`).
    func authorize(clientID: String, redirectURI: String, scopes: String?) throws -> String {
        try database.queue.write { db in
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
            let code = Self.secret()
            try db.execute(
                sql: "INSERT INTO auth_codes (code, app_id, account_id, scopes, redirect_uri, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [code, app["id"] as Int64, try ownerID(db), requested.joined(separator: " "), redirectURI, nowMillis()])
            return code
        }
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
                accountID = try ownerID(db)
                scopes = "read"
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

    /// Revokes a token (`POST /oauth/revoke`).
    func revoke(token: String) throws {
        try database.queue.write { db in
            try db.execute(sql: "DELETE FROM tokens WHERE token = ? AND app_id IS NOT NULL", arguments: [token])
        }
    }
}
