import Bluesky
import Foundation
import LocalInstance
import Mastodon
import MicroblogKit
import ParlaBase
import ParlaEngine

/// An account ready to use: its network's service (with its rate-limit budget) and its folder. Everything
/// reaches the server through the account's engine (``AccountOpener/engine(_:)``), which alone holds the service.
public struct OpenedAccount: Sendable {
    /// The name it is chosen by (`ana@example.social`, or `local` for the embedded instance).
    public let name: String
    /// The network's service (made by the opener's ``NetworkRegistry``), handed to the engine only.
    let service: any TimelineService
    public let budget: RateLimitBudget
    /// `DATA/accounts/<name>`: the cache, drafts and the saved budget.
    public let folder: URL
    /// Whether this is the embedded local instance.
    public let isLocal: Bool

    /// What the account's network has, known without a request.
    public var capabilities: NetworkCapabilities { service.capabilities }
}

/// Opens the stored accounts through their networks' modules (``NetworkRegistry``), or, when there are
/// none, starts the embedded local instance in this process and logs in as its owner.
///
/// One opener per process; ``close()`` stops the engines, the HTTP client and the instance.
public actor AccountOpener {
    /// The name of the embedded instance's owner account.
    public static let localName = "local"
    /// The embedded instance's owner on its AT Protocol face.
    public static let localBlueskyHandle = "owner.parla.test"

    public let directories: DataDirectories
    public let store: AccountStore
    /// How long a request may wait for the rate limit before it fails (line mode's `--wait`).
    let maxWait: Duration
    let transport: AsyncHTTPTransport
    /// How each network's service is made.
    let networks: NetworkRegistry
    private var instance: RunningInstance?
    private var opened: [String: OpenedAccount] = [:]
    private var engines: [String: Engine] = [:]

    /// Whether the embedded instance's demo community is lively (members post and favourite now and then).
    let demoActivity: Bool
    /// The network the embedded instance is read through when no account is stored: its Mastodon API, or
    /// its AT Protocol face (`parla --network bluesky`), the same community either way.
    let localNetwork: Network

    public init(
        directories: DataDirectories, maxWait: Duration = .seconds(10), demoActivity: Bool = false, networks: NetworkRegistry = .standard,
        localNetwork: Network = .mastodon
    ) {
        self.directories = directories
        self.localNetwork = localNetwork
        self.networks = networks
        self.demoActivity = demoActivity
        self.store = AccountStore(configDirectory: directories.config)
        self.maxWait = maxWait
        self.transport = AsyncHTTPTransport()
    }

    /// The names of every account the user can open: the stored ones, or `local` when there are none.
    public func names() throws -> [String] {
        let stored = try store.load().map(\.name)
        return stored.isEmpty ? [Self.localName] : stored
    }

    /// Opens an account by name (or the first one, or the local instance when none is stored).
    ///
    /// - Throws: ``MicroblogError/noAccount(name:)`` when no stored account matches `name`.
    public func open(_ name: String?) async throws -> OpenedAccount {
        let accounts = try store.load()
        if let name, name != Self.localName {
            guard let account = AccountStore.match(name, in: accounts) else { throw MicroblogError.noAccount(name: name) }
            return try open(stored: account)
        }
        // With no name, the first account on the chosen network (`--network`), else the first of all.
        if name == nil, let first = accounts.first(where: { $0.network == localNetwork }) ?? accounts.first { return try open(stored: first) }
        return try await openLocal()
    }

    /// The account's engine (cache, outbox, drafts, live updates), opened once.
    public func engine(_ account: OpenedAccount) async throws -> Engine {
        if let engine = engines[account.name] { return engine }
        let budget = account.budget
        let engine = try await Engine.open(
            accountFolder: account.folder, service: account.service,
            budgetSnapshot: { await budget.snapshot() }, forgetBudgetWait: { await budget.clear() })
        engines[account.name] = engine
        return engine
    }

    /// The account's engine and a page of a timeline from it. When the engine is not open yet, the page is
    /// asked for while it opens (its cache, outbox and drafts need not wait for the network, nor the
    /// request for them), and the engine takes it as if it had fetched it.
    public func engine(_ account: OpenedAccount, reading kind: TimelineKind, _ page: PageRequest) async throws -> (Engine, Page<Post>) {
        if let engine = engines[account.name] { return (engine, try await engine.page(kind, page)) }
        let service = account.service
        async let early = Self.outcome { try await service.timeline(kind, page: page) }
        let engine = try await engine(account)
        return (engine, try await engine.page(fetched: await early))
    }

    private static func outcome<T>(_ work: () async throws -> T) async -> Result<T, any Error> {
        do { return .success(try await work()) } catch { return .failure(error) }
    }

    /// Stops every engine, the instance and the HTTP client.
    public func close() async {
        for engine in engines.values {
            await engine.flushDrafts()
            await engine.stop()
        }
        engines.removeAll()
        if let instance { await instance.stop() }
        instance = nil
        try? await transport.shutdown()
    }

    // MARK: Opening

    private func open(stored account: StoredAccount) throws -> OpenedAccount {
        if let opened = opened[account.name] { return opened }
        let result = try make(account, isLocal: false)
        opened[account.name] = result
        return result
    }

    /// The account's service, by its network, over the shared transport and a budget kept in its folder.
    private func make(_ account: StoredAccount, isLocal: Bool, folderName: String? = nil) throws -> OpenedAccount {
        let folder = try folder(for: folderName ?? account.name)
        let budget = RateLimitBudget(stateFile: folder.appendingPathComponent("budget.json"))
        var parts = NetworkRegistry.Parts(account: account, transport: transport, budget: budget, maxWait: maxWait, folder: folder)
        let store = store
        parts.secretRenewed = { secret in
            var renewed = account
            renewed.token = secret
            _ = try? store.add(renewed)
        }
        let service = try networks.service(parts)
        return OpenedAccount(name: account.name, service: service, budget: budget, folder: folder, isLocal: isLocal)
    }

    private func openLocal() async throws -> OpenedAccount {
        if let opened = opened[Self.localName] { return opened }
        let running: RunningInstance
        if let instance {
            running = instance
        } else {
            do {
                var configuration = InstanceConfiguration(dataDirectory: directories.data.appendingPathComponent("instance"))
                if demoActivity { configuration.demoActivity = DemoActivitySettings() }
                running = try await LocalInstance.start(configuration)
            } catch {
                throw MicroblogError.storage(detail: String(describing: error))
            }
            instance = running
        }
        // The instance's port changes on every start; its limit is per token, so the budget (in the folder) is kept.
        let owner: StoredAccount
        switch localNetwork {
        case .mastodon:
            owner = StoredAccount(
                name: Self.localName, server: running.baseURL, acct: Self.localName, token: running.ownerToken, addedAt: Date(), network: .mastodon)
        case .bluesky:
            // The owner's AT Protocol session, made with the owner's token as its app password; nothing outside
            // this computer is asked.
            guard let server = URL(string: running.baseURL) else { throw MicroblogError.invalidURL(running.baseURL) }
            let session = try await BlueskyLogin.login(
                server: server, handle: Self.localBlueskyHandle, appPassword: running.ownerToken, transport: transport, findingItsServer: false)
            owner = StoredAccount(
                name: Self.localName, server: running.baseURL, acct: Self.localBlueskyHandle, token: session.stored, addedAt: Date(), network: .bluesky)
        }
        // Each network keeps its own cache of the one community: Bluesky's ids are not Mastodon's.
        let result = try make(owner, isLocal: true, folderName: localNetwork == .mastodon ? Self.localName : Self.localName + "-" + localNetwork.rawValue)
        opened[Self.localName] = result
        return result
    }

    private func folder(for name: String) throws -> URL {
        try AccountFolder.create(for: name, data: directories.data)
    }
}
