import Foundation
import LocalInstance
import MastodonAPI
import ParlaBase
import Testing
import TestSupport

/// Issue 20, "The embedded server": anyone who could reach `parla serve` got the owner's full token —
/// `/oauth/authorize` gave a code without the owner's approval, to any registered redirect; a
/// `client_credentials` token was bound to the owner; `/oauth/revoke` needed no client; no Host check
/// stopped DNS rebinding; the data folder was 0755 and the database (holding the owner token) 0644.
@Suite struct OAuthApprovalTests {
    private static let oob = "urn:ietf:wg:oauth:2.0:oob"

    private func register(_ http: TestHTTP, redirect: String = oob) async throws -> (id: String, secret: String) {
        var anonymous = http
        anonymous.token = nil
        let app = try await anonymous.call(API.Apps.register(form: [("client_name", "probe"), ("redirect_uris", redirect), ("scopes", "read write follow")]))
        return (try #require(app.object["client_id"] as? String), try #require(app.object["client_secret"] as? String))
    }

    private func form(_ pairs: [(String, String)]) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        return pairs.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed)!)" }.joined(separator: "&")
    }

    @Test func issue20AuthorizeAsksTheOwnerAndGivesNoCodeWithoutApproval() async throws {
        try await withInstance { instance, http in
            let app = try await register(http)
            let query = "client_id=\(app.id)&response_type=code&redirect_uri=\(Self.oob)&scope=read+write+follow"
            let page = try await RawHTTP.send(port: instance.port, "GET", API.Apps.authorize.path + "?" + query, host: "127.0.0.1:\(instance.port)")
            #expect(page.status == 200)
            #expect(page.header("Content-Type") == "text/html; charset=utf-8")
            #expect(page.body.contains("<h1>Approve probe?</h1>"))
            #expect(page.body.contains("with these permissions: read, write, follow."))
            #expect(page.body.contains(#"<input id="approval" name="approval" type="password" autocomplete="off" required>"#))
            #expect(page.header("X-Frame-Options") == "DENY")
            // Without the owner's token, or with a guess: refused, and no code anywhere.
            for approval in [nil, "guess", instance.ownerToken + "x", ""] as [String?] {
                var pairs = [("client_id", app.id), ("response_type", "code"), ("redirect_uri", Self.oob), ("scope", "read write follow")]
                if let approval { pairs.append(("approval", approval)) }
                let refused = try await RawHTTP.send(port: instance.port, "POST", API.Apps.approve.path, host: "localhost", form: form(pairs))
                #expect(refused.status == 403, "\(String(describing: approval))")
                #expect(refused.body == #"{"error":"Only the owner of this instance may approve an application"}"#)
            }
            let approved = try await RawHTTP.send(port: instance.port, "POST", API.Apps.approve.path, host: "localhost", form: form([
                ("client_id", app.id), ("response_type", "code"), ("redirect_uri", Self.oob), ("scope", "read write follow"),
                ("approval", instance.ownerToken),
            ]))
            #expect(approved.status == 200)
            #expect(approved.body.hasPrefix("Authorization approved for the owner of this local instance.\nCopy this code into your application:\n"))
        }
    }

    @Test func issue20CodesGoOnlyToTheClientsOwnRedirect() async throws {
        try await withInstance { instance, http in
            let evil = try await register(http, redirect: "http://evil.example/cb")
            let honest = try await register(http, redirect: "http://127.0.0.1:9/cb")
            // The evil app's redirect: without approval nothing is sent there.
            let unapproved = try await RawHTTP.send(port: instance.port, "POST", API.Apps.approve.path, host: "localhost", form: form([
                ("client_id", evil.id), ("redirect_uri", "http://evil.example/cb"),
            ]))
            #expect(unapproved.status == 403)
            #expect(unapproved.header("Location") == nil)
            // The honest app's code may not go to the evil address, even with approval.
            let stolen = try await RawHTTP.send(port: instance.port, "GET", API.Apps.authorize.path + "?client_id=\(honest.id)&redirect_uri=http://evil.example/cb", host: "localhost")
            #expect(stolen.status == 400)
            #expect(stolen.body == #"{"error":"The redirect uri included is not valid."}"#)
            // Approved, to its own address, with the state.
            let approved = try await RawHTTP.send(port: instance.port, "POST", API.Apps.approve.path, host: "localhost", form: form([
                ("client_id", honest.id), ("redirect_uri", "http://127.0.0.1:9/cb"), ("state", "s1"), ("approval", instance.ownerToken),
            ]))
            #expect(approved.status == 302)
            let location = try #require(approved.header("Location"))
            #expect(location.hasPrefix("http://127.0.0.1:9/cb?code=") && location.hasSuffix("&state=s1"))
            // The code works only for the client it was given to.
            let code = String(location.dropFirst("http://127.0.0.1:9/cb?code=".count).dropLast("&state=s1".count))
            var anonymous = http
            anonymous.token = nil
            let other = try await anonymous.call(API.Apps.token(form: [
                ("grant_type", "authorization_code"), ("code", code), ("client_id", evil.id), ("client_secret", evil.secret),
            ]))
            #expect(other.status == 400)
            let mine = try await anonymous.call(API.Apps.token(form: [
                ("grant_type", "authorization_code"), ("code", code), ("client_id", honest.id), ("client_secret", honest.secret),
                ("redirect_uri", "http://127.0.0.1:9/cb"),
            ]))
            #expect(mine.status == 200)
        }
    }

    @Test func issue20ClientCredentialsTokensOpenNoAccount() async throws {
        try await withInstance { instance, http in
            let app = try await register(http)
            var anonymous = http
            anonymous.token = nil
            let granted = try await anonymous.call(API.Apps.token(form: [("grant_type", "client_credentials"), ("client_id", app.id), ("client_secret", app.secret)]))
            #expect(granted.status == 200)
            var appOnly = http
            appOnly.token = try #require(granted.object["access_token"] as? String)
            let me = try await appOnly.call(API.Accounts.verifyCredentials())
            #expect(me.status == 401)
            #expect(me.object["error"] as? String == "This method requires an authenticated user")
            #expect(try await appOnly.call(API.Timelines.home()).status == 401)
            let posted = try await appOnly.call(API.Statuses.publish(form: [("status", "as the owner?")]))
            #expect(posted.status == 401)
            // What anyone may read, it may read too.
            #expect(try await appOnly.call(API.Timelines.publicTimeline()).status == 200)
        }
    }

    @Test func issue20RevokeNeedsTheClientThatOwnsTheToken() async throws {
        try await withInstance { instance, http in
            let app = try await register(http)
            let other = try await register(http)
            var anonymous = http
            anonymous.token = nil
            let code = try await RawHTTP.send(port: instance.port, "POST", API.Apps.approve.path, host: "localhost", form: form([
                ("client_id", app.id), ("redirect_uri", Self.oob), ("approval", instance.ownerToken),
            ])).body.split(separator: "\n").last.map(String.init) ?? ""
            let granted = try await anonymous.call(API.Apps.token(form: [
                ("grant_type", "authorization_code"), ("code", code), ("client_id", app.id), ("client_secret", app.secret),
            ]))
            let token = try #require(granted.object["access_token"] as? String)
            var user = http
            user.token = token
            // No client: refused. Another client: answered alike, but nothing is revoked.
            #expect(try await anonymous.call(API.Apps.revoke(form: [("token", token)])).status == 401)
            #expect(try await anonymous.call(API.Apps.revoke(form: [("token", token), ("client_id", app.id), ("client_secret", "wrong")])).status == 401)
            #expect(try await anonymous.call(API.Apps.revoke(form: [("token", token), ("client_id", other.id), ("client_secret", other.secret)])).status == 200)
            #expect(try await user.call(API.Accounts.verifyCredentials()).status == 200)
            // The owner's standing token is nobody's to revoke.
            #expect(try await anonymous.call(API.Apps.revoke(form: [("token", instance.ownerToken), ("client_id", app.id), ("client_secret", app.secret)])).status == 200)
            #expect(try await http.call(API.Accounts.verifyCredentials()).status == 200)
            // Its own client revokes it.
            #expect(try await anonymous.call(API.Apps.revoke(form: [("token", token), ("client_id", app.id), ("client_secret", app.secret)])).status == 200)
            #expect(try await user.call(API.Accounts.verifyCredentials()).status == 401)
        }
    }

    @Test func issue20AHostNameThatIsNotThisInstanceIsRefused() async throws {
        try await withInstance { instance, _ in
            let path = API.Accounts.verifyCredentials.path
            let auth = ["Authorization: Bearer \(instance.ownerToken)"]
            for host in ["evil.example", "evil.example:\(instance.port)", "127.0.0.1.evil.example", "localhost.evil.example"] {
                let refused = try await RawHTTP.send(port: instance.port, "GET", path, host: host, headers: auth)
                #expect(refused.status == 421, "\(host)")
                #expect(refused.body == #"{"error":"This instance does not answer to that host name"}"#)
            }
            for host in ["127.0.0.1:\(instance.port)", "localhost:\(instance.port)", "LOCALHOST", "app.localhost:\(instance.port)", "[::1]:\(instance.port)", "localhost."] {
                #expect(try await RawHTTP.send(port: instance.port, "GET", path, host: host, headers: auth).status == 200, "\(host)")
            }
        }
    }

    @Test func issue20TheInstanceFolderAndDatabaseAreTheOwnersAlone() async throws {
        let parent = TestPaths.temporaryDirectory("instance-modes")
        let folder = parent.appendingPathComponent("deep/instance")
        try await withInstance(folder: folder) { _, _ in }
        func mode(_ url: URL) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int ?? -1) & 0o777
        }
        #expect(try mode(folder) == 0o700)
        #expect(try mode(folder.appendingPathComponent(InstanceConfiguration.databaseFileName)) == 0o600)
        // A database made earlier with looser modes is tightened on the next start.
        chmod(folder.path, 0o755)
        chmod(folder.appendingPathComponent(InstanceConfiguration.databaseFileName).path, 0o644)
        try await withInstance(folder: folder) { _, _ in }
        #expect(try mode(folder) == 0o700)
        #expect(try mode(folder.appendingPathComponent(InstanceConfiguration.databaseFileName)) == 0o600)
    }
}
