import Foundation
import MicroblogKit
import ParlaBase

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An account Parla can open: its network, the server, who the user is there and the access token.
///
/// Its description never shows the token, so printing or logging one cannot leak it.
public struct StoredAccount: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The name the user chooses the account by: `user@server`.
    public var name: String
    /// The network the server belongs to; `mastodon` for accounts stored before it was kept.
    public var network: Network
    /// The server's base address, such as `https://mastodon.social`.
    public var server: String
    /// The user's handle on that server (`ana`).
    public var acct: String
    /// The secret the account is opened with: Mastodon's OAuth access token, or a Bluesky session
    /// (``network`` `bluesky`) as one string.
    public var token: String
    public var addedAt: Date

    public init(name: String, server: String, acct: String, token: String, addedAt: Date, network: Network = .mastodon) {
        self.name = name
        self.network = network
        self.server = server
        self.acct = acct
        self.token = token
        self.addedAt = addedAt
    }

    private enum CodingKeys: String, CodingKey { case name, network, server, acct, token, addedAt }

    /// Reads an account as `accounts.json` keeps it; one stored before networks were recorded is Mastodon's.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try values.decode(String.self, forKey: .name), server: try values.decode(String.self, forKey: .server),
            acct: try values.decode(String.self, forKey: .acct), token: try values.decode(String.self, forKey: .token),
            addedAt: try values.decode(Date.self, forKey: .addedAt),
            network: try values.decodeIfPresent(Network.self, forKey: .network) ?? .mastodon)
    }

    /// The longest user part of a name; a server may send any `acct`.
    public static let maxUserLength = 64

    /// `user@host` from the handle and the host of the server the account was added from.
    ///
    /// Never the server's own idea of where the user lives: a server that answers `ana@other.example`
    /// must not take the name (and so the place) of the account on other.example.
    public static func name(acct: String, server: URL) -> String {
        let host = server.host ?? server.absoluteString
        let port = server.port.map { ":\($0)" } ?? ""
        var user = String(TextSafety.cleaned(acct).split(separator: "@").first ?? "").filter { !$0.isWhitespace }
        if user.isEmpty { user = "user" }
        return String(user.prefix(maxUserLength)) + "@" + host + port
    }

    public var description: String { "\(name) (\(server))" }
}

/// The accounts file in the config folder (`accounts.json`, readable by the owner only).
///
/// Writes are atomic, so a crash leaves the old list or the new one, never half of either.
public struct AccountStore: Sendable {
    /// The file: `CONFIG/accounts.json`.
    public let file: URL

    public init(configDirectory: URL) {
        file = configDirectory.appendingPathComponent("accounts.json")
    }

    private struct FileContents: Codable {
        var version = 1
        var accounts: [StoredAccount]
    }

    /// Every account, in the order they were added; none when the file does not exist.
    ///
    /// - Throws: ``MicroblogError/storage(detail:)`` when the file cannot be read or decoded.
    public func load() throws -> [StoredAccount] {
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        do {
            let data = try Data(contentsOf: file)
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return try decoder.decode(FileContents.self, from: data).accounts
        } catch {
            throw MicroblogError.storage(detail: file.path)
        }
    }

    /// Replaces the whole list (file mode 0600).
    public func save(_ accounts: [StoredAccount]) throws {
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        try AtomicFile.write(try encoder.encode(FileContents(accounts: accounts)), to: file)
    }

    /// Adds an account and returns it as stored.
    ///
    /// The same user on the same server gets the new token (logging in again). An account of the same
    /// name on another server is never replaced: the new one is stored as `name-2` (or `-3` …). Runs
    /// under a lock on `accounts.json.lock`, so two logins at once both keep their account.
    @discardableResult
    public func add(_ account: StoredAccount) throws -> StoredAccount {
        try locked {
            var accounts = try load()
            var stored = account
            if let index = accounts.firstIndex(where: { $0.name == account.name && $0.server == account.server }) {
                accounts[index] = account
            } else {
                var number = 2
                while accounts.contains(where: { $0.name == stored.name }) {
                    stored.name = account.name + "-" + String(number)
                    number += 1
                }
                accounts.append(stored)
            }
            try save(accounts)
            return stored
        }
    }

    /// Removes an account; returns whether there was one by that name.
    @discardableResult
    public func remove(name: String) throws -> StoredAccount? {
        try locked {
            var accounts = try load()
            guard let found = Self.match(name, in: accounts) else { return nil }
            accounts.removeAll { $0.name == found.name }
            try save(accounts)
            return found
        }
    }

    /// Runs `body` holding an exclusive `flock` on `accounts.json.lock` (other processes wait).
    private func locked<T>(_ body: () throws -> T) throws -> T {
        let folder = file.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let path = file.path + ".lock"
        do {
            return try ProcessFileLock.withExclusive(path, body)
        } catch is ProcessFileLock.Failure {
            throw MicroblogError.storage(detail: path)
        }
    }

    /// The account a user means by `name`: the exact name, else the only one whose name starts
    /// with it (`ana` for `ana@example.social`); nil when none or several match.
    public static func match(_ name: String, in accounts: [StoredAccount]) -> StoredAccount? {
        let wanted = name.hasPrefix("@") ? String(name.dropFirst()) : name
        if let exact = accounts.first(where: { $0.name.lowercased() == wanted.lowercased() }) { return exact }
        let prefixed = accounts.filter { $0.name.lowercased().hasPrefix(wanted.lowercased() + "@") }
        return prefixed.count == 1 ? prefixed[0] : nil
    }
}
