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

    /// Issue 26, item 29: a settings file set aside as broken was said only by speech (and not at all by a line
    /// command, which set it aside silently): it is printed by line commands and shown on the screen.
    @Test func issue26ASettingsFileSetAsideIsPrintedInLineModeAndShownOnTheScreen() async throws {
        let dataDir = TestPaths.temporaryDirectory("parla-broken")
        let config = dataDir.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let file = config.appendingPathComponent("settings.json")
        try Data("{ broken".utf8).write(to: file)
        let timeline = try await parla(["timeline", "home", "--limit", "1"], dataDir: dataDir)
        #expect(timeline.status == 0, "\(timeline.errors)")
        #expect(timeline.errors == "The settings in \(file.path) could not be read; the file was kept as \(file.path).broken and the defaults are used.\n")

        // The screen, started with --theme (which saves the theme first): the notice is on its status line.
        try Data("{ broken".utf8).write(to: file)
        var environment = TestEnvironment.forParla
        environment["COLUMNS"] = "300"
        let screen = try await Command.runDetached(
            [TestPaths.parlaExecutable.path, "--line", "--theme", "monochrome", "--data-dir", dataDir.path, "--lang", "en", "--quiet-demo",
             "--audio", "none", "--speech", "none"], environment: environment, input: Data("\u{11}".utf8))
        #expect(screen.status == 0, "\(screen.errors)")
        let notice = "The settings in \(file.path) could not be read; the file was kept as \(file.path).broken-2 and the defaults are used."
        #expect(screen.output.components(separatedBy: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == notice }, "\(screen.output)")
    }
}
