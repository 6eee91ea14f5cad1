import Foundation
import GRDB

/// AT Protocol sessions: `createSession` with an app password, short-lived access JWTs and long-lived refresh
/// JWTs (HS256 under a key the instance keeps), rotated by `refreshSession`, ended by `deleteSession`.
///
/// An account's app passwords are its access tokens on the Mastodon face with the `write` scope: the owner logs
/// in with the token `parla serve` prints, a test with any token it issued for a member.
extension InstanceStore {
    /// A verified session token: whose it is and which session it belongs to.
    struct BlueskySession: Sendable, Equatable {
        let accountID: Int64
        let sessionID: String
    }

    /// How long a refresh JWT lives (Bluesky's: 90 days).
    static let blueskyRefreshTTL: Int64 = 90 * 86_400

    /// Checks an identifier (handle, DID or username) and app password and opens a session.
    ///
    /// - Returns: the session's answer (`accessJwt`, `refreshJwt`, `handle`, `did`, `active`).
    /// - Throws: ``APIError`` 401 `AuthenticationRequired` for an unknown identifier or a wrong password.
    func createBlueskySession(identifier: String, password: String, accessTTL: Int64) throws -> [String: Any] {
        try database.queue.write { db in
            let refused = APIError(status: .unauthorized, message: "Invalid identifier or password", xrpcName: "AuthenticationRequired")
            guard let actor = try? self.atActor(db, named: identifier) else { throw refused }
            let scopes = try String.fetchOne(
                db, sql: "SELECT scopes FROM tokens WHERE token = ? AND account_id = ?", arguments: [password, actor.id])
            guard let scopes, Viewer(accountID: actor.id, scopes: Set(scopes.split(separator: " ").map(String.init))).allows("write") else {
                throw refused
            }
            let sessionID = Self.secret()
            let jti = Self.secret()
            try db.execute(
                sql: "INSERT INTO bsky_sessions (id, account_id, refresh_jti, created_at) VALUES (?, ?, ?, ?)",
                arguments: [sessionID, actor.id, jti, nowMillis()])
            return try sessionAnswer(db, actor: actor, sessionID: sessionID, jti: jti, accessTTL: accessTTL)
        }
    }

    /// Rotates a session's refresh token (the old one stops working) and issues a new access token.
    func refreshBlueskySession(refreshJWT: String, accessTTL: Int64) throws -> [String: Any] {
        let session = try verifyBluesky(jwt: refreshJWT, scope: "com.atproto.refresh")
        return try database.queue.write { db in
            let jti = Self.secret()
            try db.execute(sql: "UPDATE bsky_sessions SET refresh_jti = ? WHERE id = ?", arguments: [jti, session.sessionID])
            return try sessionAnswer(db, actor: atActor(db, id: session.accountID), sessionID: session.sessionID, jti: jti, accessTTL: accessTTL)
        }
    }

    /// Ends the session of a refresh token.
    func deleteBlueskySession(refreshJWT: String) throws {
        let session = try verifyBluesky(jwt: refreshJWT, scope: "com.atproto.refresh")
        try database.queue.write { db in
            try db.execute(sql: "DELETE FROM bsky_sessions WHERE id = ?", arguments: [session.sessionID])
        }
    }

    private func sessionAnswer(_ db: Database, actor: Actor, sessionID: String, jti: String, accessTTL: Int64) throws -> [String: Any] {
        let now = nowMillis() / 1000
        let audience = ATIdentifiers.serviceDID(baseURL: baseURL)
        let key = try jwtKey(db)
        let access = Self.signJWT(
            ["scope": "com.atproto.access", "sub": actor.did, "aud": audience, "iat": now, "exp": now + accessTTL, "sid": sessionID], key: key)
        let refresh = Self.signJWT(
            ["scope": "com.atproto.refresh", "sub": actor.did, "aud": audience, "iat": now, "exp": now + Self.blueskyRefreshTTL, "jti": jti],
            key: key)
        return ["accessJwt": access, "refreshJwt": refresh, "handle": actor.handle, "did": actor.did, "active": true]
    }

    /// Verifies a session JWT of the given scope.
    ///
    /// - Throws: ``APIError`` 400 `ExpiredToken` past its `exp`, 401 `InvalidToken` when it is not one of this
    ///   instance's tokens of that scope or its session has ended. With `allowExpired`, an expired token still
    ///   names its session (whose budget a call spends).
    func verifyBluesky(jwt: String, scope: String, allowExpired: Bool = false) throws -> BlueskySession {
        let invalid = APIError(status: .unauthorized, message: "Token could not be verified", xrpcName: "InvalidToken")
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw invalid }
        let key = try database.queue.read { db in try String.fetchOne(db, sql: "SELECT value FROM instance_meta WHERE key = 'bsky_jwt_key'") }
        guard let key else { throw invalid }
        let signature = ATIdentifiers.base64url(Data(SHA256.hmac(key: Array(key.utf8), message: Array("\(parts[0]).\(parts[1])".utf8))))
        guard Self.constantTimeEqual(signature, String(parts[2])),
            let payloadData = ATIdentifiers.data(base64url: parts[1]),
            let payload = try? JSONSerialization.jsonObject(with: payloadData) as? [String: Any],
            payload["scope"] as? String == scope, let expires = (payload["exp"] as? NSNumber)?.int64Value
        else { throw invalid }
        guard allowExpired || expires > nowMillis() / 1000 else {
            throw APIError(status: .badRequest, message: "Token has expired", xrpcName: "ExpiredToken")
        }
        let row = try database.queue.read { db in
            if let sessionID = payload["sid"] as? String {
                return try Row.fetchOne(db, sql: "SELECT id, account_id FROM bsky_sessions WHERE id = ?", arguments: [sessionID])
            }
            return try Row.fetchOne(db, sql: "SELECT id, account_id FROM bsky_sessions WHERE refresh_jti = ?", arguments: [payload["jti"] as? String ?? ""])
        }
        guard let row else { throw invalid }
        return BlueskySession(accountID: row["account_id"], sessionID: row["id"])
    }

    /// The key the instance signs session tokens with, made on first use and kept.
    private func jwtKey(_ db: Database) throws -> String {
        if let key = try String.fetchOne(db, sql: "SELECT value FROM instance_meta WHERE key = 'bsky_jwt_key'") { return key }
        let key = Self.secret() + Self.secret()
        try db.execute(sql: "INSERT INTO instance_meta (key, value) VALUES ('bsky_jwt_key', ?)", arguments: [key])
        return key
    }

    /// An HS256 JWT of `payload`.
    static func signJWT(_ payload: [String: Any], key: String) -> String {
        let header = ATIdentifiers.base64url(ATIdentifiers.canonicalJSON(["alg": "HS256", "typ": "JWT"]))
        let body = ATIdentifiers.base64url(ATIdentifiers.canonicalJSON(payload))
        let signature = SHA256.hmac(key: Array(key.utf8), message: Array("\(header).\(body)".utf8))
        return "\(header).\(body).\(ATIdentifiers.base64url(Data(signature)))"
    }
}
