import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// Issue 20, "Crashes" and "The user's data": the screen app crashed ("Client not shut down before the
/// deinit", SIGILL) instead of exiting 74 when `accounts.json` or the cache could not be read or the data
/// folder could not be written (OpenCommand.swift:67).
@Suite struct BrokenLocalStateTests {
    private func parla(_ arguments: [String], dataDir: URL) async throws -> Command.Result {
        try await Command.runDetached([TestPaths.parlaExecutable.path] + arguments + ["--data-dir", dataDir.path, "--lang", "en"],
                                      environment: TestEnvironment.forParla)
    }

    private func accountsFile(_ dataDir: URL) throws -> URL {
        let config = dataDir.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        return config.appendingPathComponent("accounts.json")
    }

    @Test func issue20TheScreenAppExits74WhenAccountsJSONCannotBeRead() async throws {
        let dataDir = TestPaths.temporaryDirectory("parla-broken")
        let file = try accountsFile(dataDir)
        try Data("{ not json".utf8).write(to: file)
        let result = try await parla(["open"], dataDir: dataDir)
        #expect(result.status == 74, "\(result.errors)")
        #expect(result.errors == "Parla could not save or read its own data: \(file.path).\n")
    }

    @Test func issue20TheScreenAppExits74WhenTheCacheCannotBeOpened() async throws {
        let dataDir = TestPaths.temporaryDirectory("parla-broken")
        let accounts = """
            {"version": 1, "accounts": [{"name": "ana@127.0.0.1:9", "server": "http://127.0.0.1:9", "acct": "ana",
             "token": "t", "addedAt": "2026-01-01T00:00:00Z"}]}
            """
        try Data(accounts.utf8).write(to: try accountsFile(dataDir))
        // The cache's place is taken by a folder: SQLite cannot open it.
        let cache = dataDir.appendingPathComponent("accounts/ana@127.0.0.1_9/cache.sqlite3")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let result = try await parla(["open"], dataDir: dataDir)
        #expect(result.status == 74, "\(result.errors)")
        #expect(result.errors.hasPrefix("Parla could not save or read its own data: "), "\(result.errors)")
        #expect(!result.errors.contains("Client not shut down"))
        #expect(result.errors.split(separator: "\n").count == 1, "\(result.errors)")
    }

    @Test func issue20TheScreenAppExits74WhenTheDataFolderCannotBeCreated() async throws {
        // /proc refuses new folders even to root.
        let dataDir = URL(fileURLWithPath: "/proc/parla-\(UUID().uuidString)")
        let result = try await parla(["open"], dataDir: dataDir)
        #expect(result.status == 74, "\(result.errors)")
        #expect(result.errors == "Parla could not save or read its own data: \(dataDir.path).\n")
    }
}
