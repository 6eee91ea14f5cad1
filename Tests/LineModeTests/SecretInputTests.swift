import Foundation
import LocalInstance
import MastodonAPI
import ParlaBase
import SystemTestSupport
import Testing
import TestSupport

/// Issue 20, "The user's data": tokens were visible to every user in `ps` during `login --token T` and
/// for the whole life of `serve --admin-secret S`. They are now read from standard input, a file or the
/// environment; the old form still works and warns.
@Suite struct SecretInputTests {
    private func parla(_ arguments: [String], dataDir: URL, environment extra: [String: String] = [:], input: String? = nil) async throws -> Command.Result {
        var environment = TestEnvironment.forParla
        environment["PARLA_TOKEN"] = nil
        environment["PARLA_ADMIN_SECRET"] = nil
        for (key, value) in extra { environment[key] = value }
        return try await Command.runDetached(
            [TestPaths.parlaExecutable.path] + arguments + ["--data-dir", dataDir.path, "--lang", "en"],
            environment: environment, input: input.map { Data($0.utf8) })
    }

    private let warning = "Warning: a token written on the command line can be seen by every user of this computer. Next time give it as --token -, --token-file FILE or PARLA_TOKEN.\n"

    @Test func issue20LoginReadsTheTokenFromStandardInputAFileOrTheEnvironment() async throws {
        let instance = try await LocalInstance.start(InstanceConfiguration(dataDirectory: nil))
        let token = instance.ownerToken
        let tokenFile = TestPaths.temporaryDirectory("token").appendingPathComponent("token")
        try Data((token + "\n").utf8).write(to: tokenFile)
        let ways: [([String], [String: String], String?)] = [
            (["--token", "-"], [:], token + "\n"),
            (["--token-file", tokenFile.path], [:], nil),
            ([], ["PARLA_TOKEN": token], nil),
        ]
        for (options, environment, input) in ways {
            let dataDir = TestPaths.temporaryDirectory("parla-secret")
            let login = try await parla(["login", instance.baseURL] + options, dataDir: dataDir, environment: environment, input: input)
            #expect(login.status == 0, "\(options): \(login.errors)")
            #expect(login.errors == "", "\(options)")
            #expect(login.output.hasPrefix("Logged in as owner"), "\(options): \(login.output)")
        }
        // The old way still works, and says why it should not be used.
        let old = try await parla(["login", instance.baseURL, "--token", token], dataDir: TestPaths.temporaryDirectory("parla-secret"))
        #expect(old.status == 0, "\(old.errors)")
        #expect(old.errors == warning)
        await instance.stop()
    }

    /// Issue 26, item 32: once read, a token written on the command line is overwritten in the process's own
    /// arguments, so `ps` (which reads /proc/PID/cmdline) no longer shows it while the login goes on.
    @Test func issue26ATokenOnTheCommandLineNoLongerShowsInTheProcessListOnceRead() async throws {
        let token = "s3cret-token-\(UUID().uuidString)"
        let release = DispatchSemaphore(value: 0)
        let server = try HostileServer { request in
            if request.target.hasPrefix(API.Accounts.verifyCredentials.path) {
                // The login waits here, after the token was read, until the test has looked at the process.
                release.wait()
                return HostileServer.response(200, headers: [("Content-Type", "application/json")],
                                              body: #"{"id":"1","username":"ana","acct":"ana","display_name":"Ana","url":"https://x.example/@ana"}"#)
            }
            return HostileServer.response(404, body: #"{"error":"Record not found"}"#)
        }
        defer { server.stop() }
        var environment = TestEnvironment.forParla
        environment["PARLA_TOKEN"] = nil
        let dataDir = TestPaths.temporaryDirectory("parla-secret")
        let login = try Command.start(
            [TestPaths.parlaExecutable.path, "login", server.baseURL.absoluteString, "--token", token, "--data-dir", dataDir.path, "--lang", "en"],
            environment: environment)
        try await eventually("the login's call to the server") { server.requests.contains { $0.target.hasPrefix(API.Accounts.verifyCredentials.path) } }
        let cmdline = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(login.pid)/cmdline"))) ?? Data()
        release.signal()
        let result = await login.waitDetached()
        let arguments = cmdline.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        #expect(arguments.contains("login") && arguments.contains("--token"), "\(arguments)")
        #expect(!arguments.contains { $0.contains("s3cret") }, "\(arguments)")
        #expect(arguments.contains(String(repeating: "x", count: token.count)), "\(arguments)")
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors == warning)
    }

    @Test func issue20AnEmptyOrUnreadableTokenIsSaidAndNothingIsStored() async throws {
        let dataDir = TestPaths.temporaryDirectory("parla-secret")
        let empty = try await parla(["login", "http://127.0.0.1:9", "--token", "-"], dataDir: dataDir, input: "\n")
        #expect(empty.status == 66)
        #expect(empty.errors == "The secret is empty: nothing was read.\n")
        let missing = try await parla(["login", "http://127.0.0.1:9", "--token-file", "/nonexistent/token"], dataDir: dataDir)
        #expect(missing.status == 66)
        #expect(missing.errors == "The file /nonexistent/token could not be read.\n")
        #expect(!FileManager.default.fileExists(atPath: dataDir.appendingPathComponent("config/accounts.json").path))
    }
}
