import ArgumentParser
import Foundation
import MicroblogKit
import ParlaBase
import ParlaCommands
import ParlaEngine

/// `parla login URL [--token T]`: adds an account, through the out-of-band OAuth flow or a token.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login", abstract: Help.text("help.add-an-account-on-a-server"),
        discussion: Help.text("help.without-token-parla-registers-itself-with"))

    @OptionGroup var global: GlobalOptions
    @Flag(name: .customLong("speak"), help: Help.argument("help.also-say-the-instructions-aloud")) var speak = false
    @Option(name: .customLong("token"), help: Help.argument("help.an-access-token-made-in-the")) var token: String?
    @Option(name: .customLong("token-file"), help: Help.argument("help.a-file-holding-the-access-token")) var tokenFile: String?
    @Option(name: .customLong("network"), help: Help.argument("help.the-network-of-the-account")) var network: String?
    @Option(name: .customLong("handle"), help: Help.argument("help.the-bluesky-handle-to-log-in-as")) var handle: String?
    @Argument(help: Help.argument("help.the-server-such-as-mastodonsocial-or")) var server: String

    func run() async throws {
        let localizer = try global.localizer()
        let directories = global.directories
        try directories.create()
        let flow = LoginFlow(store: AccountStore(configDirectory: directories.config), localizer: localizer)
        let speech = speak ? global.startSpeech(localizer: localizer, directories: directories) : nil
        defer { speech?.shutdown() }
        let queue = speech?.queue
        do {
            if try await wantsBluesky(flow: flow, localizer: localizer) {
                let account = try await loginBluesky(flow: flow, localizer: localizer)
                announce(account, localizer: localizer, speech: speech)
                return
            }
            let account: StoredAccount
            let secret: (secret: String, source: SecretInput.Source)?
            do {
                secret = try SecretInput.read(
                    value: token, file: tokenFile, variable: "PARLA_TOKEN", environment: global.environment,
                    prompt: localizer.string("line.login.token-prompt"), localizer: localizer)
            } catch let failure as SecretInput.Failure {
                LineRunner.fail(failure.message)
                throw ExitCode(66)
            }
            if let secret {
                if secret.source == .commandLine {
                    ProcessArguments.hideValue(of: "--token")
                    LineRunner.fail(localizer.string("line.login.token-visible"))
                }
                account = try await flow.login(server: server, token: secret.secret)
            } else {
                account = try await flow.login(server: server) { instruction in
                    FileHandle.standardError.write(Data((instruction + "\n").utf8))
                    queue?.say(.init(instruction, priority: .alert))
                    return readLine(strippingNewline: true)
                }
            }
            announce(account, localizer: localizer, speech: speech)
        } catch {
            throw ExitCode(LineRunner.report(error, localizer: localizer))
        }
    }
}

/// `parla logout NAME`: forgets an account (its token and cached data).
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "logout", abstract: Help.text("help.forget-an-account-its-token-and"))

    @OptionGroup var global: GlobalOptions
    @Argument(help: Help.argument("help.the-accounts-name-see-parla-accounts")) var name: String

    func run() async throws {
        let localizer = try global.localizer()
        let directories = global.directories
        let store = AccountStore(configDirectory: directories.config)
        do {
            guard let removed = try store.remove(name: name) else { throw MicroblogError.noAccount(name: name) }
            try? FileManager.default.removeItem(at: AccountFolder.url(for: removed.name, data: directories.data))
            print(localizer.string("line.logout.done", ["name": TextSafety.stripped(removed.name)]))
        } catch {
            throw ExitCode(LineRunner.report(error, localizer: localizer))
        }
    }
}

/// `parla accounts`: the accounts Parla knows.
struct AccountsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "accounts", abstract: Help.text("help.list-your-accounts"))

    @OptionGroup var global: GlobalOptions
    @Flag(name: .customLong("json"), help: Help.argument("help.print-json")) var json = false

    func run() async throws {
        let localizer = try global.localizer()
        let store = AccountStore(configDirectory: global.directories.config)
        do {
            let accounts = try store.load()
            if json {
                struct Entry: Encodable { var name: String; var server: String; var acct: String }
                FileHandle.standardOutput.write(LineFormatter.encode(accounts.map { Entry(name: $0.name, server: $0.server, acct: $0.acct) }))
            } else if accounts.isEmpty {
                print(localizer.string("line.accounts.none"))
            } else {
                for account in accounts {
                    print(localizer.string("line.accounts.entry", ["name": TextSafety.stripped(account.name), "server": TextSafety.stripped(account.server)]))
                }
            }
        } catch {
            throw ExitCode(LineRunner.report(error, localizer: localizer))
        }
    }
}

/// `parla outbox [--retry [ID…]] [--discard ID]`: posts waiting to be sent.
struct OutboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outbox", abstract: Help.text("help.list-posts-waiting-to-be-sent"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Flag(name: .customLong("retry"), help: Help.argument("help.send-the-queued-posts-now-and")) var retry = false
    @Option(name: .customLong("discard"), help: Help.argument("help.drop-this-item-from-the-outbox")) var discard: String?
    @Argument(help: Help.argument("help.with-retry-ids-of-refused-posts")) var ids: [String] = []

    func run() async throws {
        let retry = retry, discard = discard, ids = ids
        try await LineRunner.run(global: global, client: client) { session in
            if let discard { return try await session.discardOutbox(id: discard) }
            if retry { return try await session.retryOutbox(ids: ids) }
            return try await session.outbox()
        }
    }
}

/// `parla budget`: calls left in the rate-limit window and when it resets.
struct BudgetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "budget", abstract: Help.text("help.say-how-many-server-calls-are"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Flag(name: .customLong("reset"), help: Help.argument("help.forget-a-wait-the-server-asked")) var reset = false

    func run() async throws {
        let reset = reset
        try await LineRunner.run(global: global, client: client) { session in
            if reset { await session.account.budget.clear() }
            return try await session.budget()
        }
    }
}
