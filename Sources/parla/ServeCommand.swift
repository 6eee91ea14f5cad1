import ArgumentParser
import Dispatch
import Foundation
import LocalInstance
import ParlaBase

#if canImport(Glibc)
import Glibc
#endif

/// `parla serve`: runs the embedded local instance standalone until interrupted.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: Help.text("help.run-the-embedded-mastodon-compatible-local")
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .customLong("port"), help: Help.argument("help.port-to-listen-on-0-picks"))
    var port: Int = 0

    @Option(name: .customLong("host"), help: Help.argument("help.address-to-listen-on-default-127001"))
    var host: String = "127.0.0.1"

    @Option(name: .customLong("rate-limit"), help: Help.argument("help.calls-per-token-and-window-as"))
    var rateLimit: String?

    @Option(name: .customLong("faults"), help: Help.argument("help.a-json-file-of-faults-to"))
    var faults: String?

    @Option(name: .customLong("admin-secret"), help: Help.argument("help.enable-the-fault-injection-admin-routes"))
    var adminSecret: String?

    @Option(name: .customLong("admin-secret-file"), help: Help.argument("help.a-file-holding-the-admin-secret"))
    var adminSecretFile: String?

    @Option(name: .customLong("bsky-access-ttl"), help: Help.argument("help.serve-bluesky-access-token-lifetime"))
    var blueskyAccessTTL: Int?

    func run() async throws {
        let localizer = try global.localizer()
        let directories = global.directories
        do {
            try directories.create()
        } catch {
            LineRunner.fail(localizer.string("error.storage", ["detail": directories.data.path]))
            throw ExitCode(74)
        }
        var configuration = InstanceConfiguration(dataDirectory: directories.data.appendingPathComponent("instance"), host: host, port: port)
        if !global.quietDemo { configuration.demoActivity = DemoActivitySettings() }
        if let blueskyAccessTTL { configuration.blueskyAccessTTL = .seconds(max(1, blueskyAccessTTL)) }
        do {
            if let rateLimit { configuration.rateLimit = try RateLimitPolicy(parsing: rateLimit) }
            if let faults { configuration.faults = try FaultPlan.load(from: URL(fileURLWithPath: faults)) }
            let secret = try SecretInput.read(
                value: adminSecret, file: adminSecretFile, variable: "PARLA_ADMIN_SECRET", environment: global.environment,
                prompt: localizer.string("instance.serve.admin-secret-prompt"), localizer: localizer)
            if secret?.source == .commandLine {
                ProcessArguments.hideValue(of: "--admin-secret")
                LineRunner.fail(localizer.string("instance.serve.admin-secret-visible"))
            }
            configuration.adminSecret = secret?.secret
        } catch let failure as SecretInput.Failure {
            LineRunner.fail(failure.message)
            throw ExitCode(66)
        } catch let error as LocalInstanceError {
            FileHandle.standardError.write(Data((error.message(localizer) + "\n").utf8))
            throw ExitCode(2)
        }
        if !configuration.isLoopback {
            FileHandle.standardError.write(Data((localizer.string("instance.serve.public-warning", ["host": host]) + "\n").utf8))
        }
        let instance: RunningInstance
        do {
            instance = try await LocalInstance.start(configuration)
        } catch let error as LocalInstanceError {
            FileHandle.standardError.write(Data((error.message(localizer) + "\n").utf8))
            throw ExitCode(1)
        }
        let lines = [
            localizer.string("instance.serve.listening", ["url": instance.baseURL]),
            localizer.string("instance.serve.token", ["token": instance.ownerToken]),
            localizer.string("instance.serve.stop"),
        ]
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        let stopping = AsyncStream<Void>.makeStream()
        var sources: [any DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
            source.setEventHandler { stopping.continuation.yield() }
            source.resume()
            sources.append(source)
        }
        for await _ in stopping.stream { break }
        await instance.stop()
        sources.forEach { $0.cancel() }
    }
}
