import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ParlaBase
import ServiceLifecycle

/// The embedded Mastodon-compatible instance: Hummingbird over HTTP, SQLite through GRDB.
///
/// ```swift
/// let instance = try await LocalInstance.start(InstanceConfiguration(dataDirectory: folder))
/// print(instance.baseURL, instance.ownerToken)
/// await instance.stop()
/// ```
public enum LocalInstance {
    /// Opens (seeding on first run) the database and starts serving in this process.
    ///
    /// - Returns: the running instance, once it listens.
    /// - Throws: ``LocalInstanceError`` when the database cannot be opened or the address is taken.
    public static func start(_ configuration: InstanceConfiguration) async throws -> RunningInstance {
        let (services, token) = try prepare(configuration)
        let router = InstanceRouter.build(services: services)
        var logger = Logger(label: "parla.local-instance")
        logger.logLevel = .critical  // shutdown cancellation is logged as an error by HummingbirdCore
        let started = StartSignal()
        let limits = configuration.connectionLimits
        let registry = ConnectionRegistry(limit: limits.maxConnections)
        // A new connection has a deadline for its headers, an idle one is closed after a while, and past the
        // connection limit the oldest connection still waiting for headers gives way to the new one.
        let server = HTTPServerBuilder.http1(configuration: .init(
            additionalChannelHandlers: [
                ConnectionGuard(registry: registry, headerTimeout: .milliseconds(limits.headerTimeout.milliseconds))
            ],
            idleTimeout: .milliseconds(limits.idleTimeout.milliseconds)))
        let app = Application(
            router: router,
            server: server,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in started.resolve(.success(channel.localAddress?.port ?? configuration.port)) },
            logger: logger)
        // Run in a service group of its own, so that stopping is a graceful shutdown: the listener closes,
        // requests under way are answered and idle connections closed, rather than cancelled mid-accept.
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        let task = Task {
            do {
                try await group.run()
                started.resolve(.failure(LocalInstanceError.cannotListen(host: configuration.host, port: configuration.port, reason: "stopped")))
            } catch {
                started.resolve(.failure(LocalInstanceError.cannotListen(host: configuration.host, port: configuration.port, reason: LocalInstanceError.reason(error))))
                throw error
            }
        }
        let port: Int
        do {
            port = try await started.wait()
        } catch {
            task.cancel()
            throw error
        }
        let hostForURL = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        let baseURL = "http://\(hostForURL):\(port)"
        services.store.baseURL = baseURL
        let activity = configuration.demoActivity.map { settings in
            Task { await DemoActivity(services: services, settings: settings).run() }
        }
        return RunningInstance(baseURL: baseURL, port: port, ownerToken: token, services: services, task: task, group: group, activity: activity)
    }

    /// Opens the database, seeds it on first run and builds the shared services.
    static func prepare(_ configuration: InstanceConfiguration) throws -> (InstanceServices, String) {
        var path: String?
        if let folder = configuration.dataDirectory {
            do {
                // The folder holds the owner's token: only the user may enter it.
                try FileManager.default.createDirectory(
                    at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
            } catch {
                throw LocalInstanceError.database(path: folder.path, reason: error.localizedDescription)
            }
            path = folder.appendingPathComponent(InstanceConfiguration.databaseFileName).path
        }
        let database = try InstanceDatabase(path: path)
        let store = InstanceStore(database: database, clock: configuration.clock)
        do {
            try DemoCommunity.seedIfEmpty(store)
            try DemoFollowRequests.seedIfMissing(store)
            let token = try store.ownerToken()
            let adminSecret = configuration.isLoopback ? configuration.adminSecret.flatMap { $0.isEmpty ? nil : $0 } : nil
            // The admin routes need an injector even when the instance started without a plan.
            let plan = configuration.faults ?? (adminSecret != nil ? FaultPlan(rules: []) : nil)
            var services = InstanceServices(
                store: store, limiter: RateLimiter(policy: configuration.rateLimit, clock: configuration.clock),
                faults: plan.map(FaultInjector.init), hub: StreamHub(), sleeper: configuration.sleeper,
                adminFailures: FailureThrottle(
                    limit: InstanceRouter.adminFailureLimit, window: InstanceRouter.adminFailureWindow, clock: configuration.clock))
            services.adminSecret = adminSecret
            services.heartbeat = configuration.streamingHeartbeat
            services.listenHost = configuration.host
            services.bluesky = BlueskyFace(accessTTL: configuration.blueskyAccessTTL)
            return (services, token)
        } catch let error as LocalInstanceError {
            throw error
        } catch {
            throw LocalInstanceError.database(path: path ?? ":memory:", reason: "\(error)")
        }
    }
}

/// A one-shot hand-over of the listening port (or the failure) from the server task.
final class StartSignal: Sendable {
    private let state = LockedBox<(result: Result<Int, any Error>?, waiter: CheckedContinuation<Int, any Error>?)>((nil, nil))

    func resolve(_ result: Result<Int, any Error>) {
        let waiter: CheckedContinuation<Int, any Error>? = state.withValue { state in
            guard state.result == nil else { return nil }
            state.result = result
            let waiter = state.waiter
            state.waiter = nil
            return waiter
        }
        waiter?.resume(with: result)
    }

    func wait() async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            let ready: Result<Int, any Error>? = state.withValue { state in
                if let result = state.result { return result }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}
