import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// `parla login SERVER --network bluesky --handle H` through the real binary, against a loopback server that
/// answers XRPC: one session made, stored with its network and never shown; a wrong app password refused.
@Suite struct BlueskyLoginLineTests {
    static let json = [("Content-Type", "application/json")]

    /// A Bluesky server whose createSession gives a session, or refuses the app password.
    private func server(accepts: Bool) throws -> HostileServer {
        try HostileServer { request in
            let path = String(request.target.split(separator: "?").first ?? "")
            switch path {
            case "/xrpc/com.atproto.server.describeServer":
                return HostileServer.response(200, headers: Self.json, body: #"{"did":"did:web:pds.test","availableUserDomains":[".test"]}"#)
            case "/xrpc/com.atproto.server.createSession" where accepts:
                return HostileServer.response(200, headers: Self.json, body: #"{"accessJwt":"eyJ.access-secret","refreshJwt":"eyJ.refresh-secret","did":"did:plc:ana","handle":"ana.test"}"#)
            case "/xrpc/com.atproto.server.createSession":
                return HostileServer.response(401, headers: Self.json, body: #"{"error":"AuthenticationRequired","message":"Invalid identifier or password"}"#)
            default:
                return HostileServer.response(400, headers: Self.json, body: #"{"error":"InvalidRequest","message":"Unable to resolve handle"}"#)
            }
        }
    }

    private func parla(_ arguments: [String], dataDir: URL, input: String) async throws -> Command.Result {
        try await Command.runDetached(
            [TestPaths.parlaExecutable.path] + arguments + ["--data-dir", dataDir.path, "--lang", "en"],
            environment: TestEnvironment.forParla, input: Data(input.utf8))
    }

    @Test func blueskyLoginStoresOneSessionWithItsNetworkAndNeverShowsIt() async throws {
        let server = try server(accepts: true)
        defer { server.stop() }
        let dataDir = TestPaths.temporaryDirectory("parla-bluesky-login")
        // No --network: the server answers describeServer, so the handle is a Bluesky one.
        let login = try await parla(["login", server.baseURL.absoluteString, "--handle", "ana.test"], dataDir: dataDir, input: "abcd-efgh-ijkl-mnop\n")
        #expect(login.status == 0, "\(login.errors)")
        #expect(login.output == "Logged in as ana.test on \(server.baseURL.absoluteString).\n")
        #expect(login.errors == "")
        #expect(server.requests.filter { $0.target == "/xrpc/com.atproto.server.createSession" }.count == 1)
        let file = dataDir.appendingPathComponent("config/accounts.json")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let stored = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let account = try #require((stored["accounts"] as? [[String: Any]])?.first)
        #expect(account["name"] as? String == "ana.test@127.0.0.1:\(server.port)")
        #expect(account["network"] as? String == "bluesky")
        #expect(account["acct"] as? String == "ana.test")
        let token = try #require(account["token"] as? String)
        let session = try #require(JSONSerialization.jsonObject(with: Data(token.utf8)) as? [String: String])
        #expect(session == [
            "accessJwt": "eyJ.access-secret", "refreshJwt": "eyJ.refresh-secret", "did": "did:plc:ana", "handle": "ana.test",
            "service": server.baseURL.absoluteString,
        ])
        let accounts = try await parla(["accounts"], dataDir: dataDir, input: "")
        #expect(!(accounts.output + accounts.errors).contains("secret"))
    }

    @Test func blueskyWrongAppPasswordExits77AndAddsNoAccount() async throws {
        let server = try server(accepts: false)
        defer { server.stop() }
        let dataDir = TestPaths.temporaryDirectory("parla-bluesky-login")
        let login = try await parla(
            ["login", server.baseURL.absoluteString, "--network", "bluesky", "--handle", "ana.test"], dataDir: dataDir, input: "wrong\n")
        #expect(login.status == 77)
        #expect(login.output == "")
        #expect(login.errors == "Bluesky did not accept that handle and app password, so no account was added. Make an app password in Bluesky's settings (Privacy and security, App passwords) and try again.\n")
        #expect(!FileManager.default.fileExists(atPath: dataDir.appendingPathComponent("config/accounts.json").path))
    }
}
