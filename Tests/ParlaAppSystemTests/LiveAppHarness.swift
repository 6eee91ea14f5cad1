import Foundation
import LocalInstance
import MastodonAPI
import Mastodon
import MastodonTesting
import MicroblogKit
import ParlaApp
import ParlaBase
import ParlaBaseTesting
import ParlaEngine
import SpeechKit
import SpeechKitTesting
import TerminalKit
import TerminalKitTesting
import SystemTestSupport
import TestSupport
import ParlaAppTesting

/// Parla's real app, engine and Mastodon client, over real HTTP to an in-process local instance whose
/// faults the test sets; on a memory terminal with recorded speech.
///
/// Time is virtual: the app, the engine and the instance read one ``ManualClock``; the engine's
/// back-offs, polling and marker uploads sleep on ``sleeper`` (the test advances it); the client's
/// own retries and the budget's pacing jump at once; the instance's injected latency waits on ``latency`` until the test
/// advances it. The only real waiting is for the server's threads (``eventually(_:timeout:every:_:)``).
final class LiveAppHarness {
    /// The instance's calendar date at clock zero.
    static let epoch = Date(timeIntervalSince1970: 1_800_000_000)

    let folder = TestPaths.temporaryDirectory("parla-faults")
    let clock = ManualClock()
    let sleeper: ManualSleeper
    /// How far the budget's pacing jumped its own time on, beyond ``clock``.
    private let paced = ManualClock()
    /// The instance's injected latency waits here.
    let latency = ManualSleeper(clock: ManualClock())
    private(set) var instance: RunningInstance?
    let port: Int
    let token: String
    let real = AsyncHTTPTransport()
    let transport: RecordingTransport
    let engine: Engine
    let terminal = MemoryTerminal(size: Size(width: 80, height: 24))
    let speech = RecordingSpeechOutput()
    private(set) var app: ParlaApplication!
    /// How many utterances had been said at ``mark()``.
    private var marked = 0

    /// Starts the instance (with an empty fault plan) and opens the engine; the app is made by ``makeApp()``.
    init() async throws {
        sleeper = ManualSleeper(clock: clock)
        let instance = try await LiveAppHarness.startInstance(folder: folder, port: 0, clock: clock, latency: latency)
        self.instance = instance
        port = instance.port
        token = instance.ownerToken
        transport = RecordingTransport(real)
        let clock = self.clock
        // Background calls are paced across the rate-limit window: those waits jump the budget's own
        // time on (it reads the shared clock plus the time it waited), not the app's and the engine's.
        let paced = self.paced
        let budget = RateLimitBudget(
            now: { LiveAppHarness.epoch.addingTimeInterval(Double((clock.now() + paced.now()).milliseconds) / 1000) },
            sleeper: JumpingSleeper(clock: paced))
        let client = MastodonClient(
            server: URL(string: instance.baseURL)!, token: token, transport: transport, budget: budget,
            sleeper: JumpingSleeper(clock: ManualClock()))
        engine = try await Engine.open(
            accountFolder: folder.appendingPathComponent("account"), service: client, clock: clock, sleeper: sleeper)
    }

    /// The time the rate-limit budget reckons with: the shared clock plus what its pacing waited.
    var budgetTime: Duration { clock.now() + paced.now() }

    static func startInstance(folder: URL, port: Int, clock: ManualClock, latency: ManualSleeper) async throws -> RunningInstance {
        try await LocalInstance.start(InstanceConfiguration(
            dataDirectory: folder.appendingPathComponent("instance"), port: port, faults: FaultPlan(rules: []),
            clock: InstanceClock(epoch: epoch, tick: clock), sleeper: latency, streamingHeartbeat: nil))
    }

    var server: RunningInstance {
        get throws {
            guard let instance else { throw WaitFailed(what: "a running instance") }
            return instance
        }
    }

    /// Replaces the instance's faults.
    func faults(_ rules: FaultPlan.Rule...) throws {
        try server.setFaults(FaultPlan(rules: rules))
    }

    /// Stops the instance (the address stops answering).
    func stopServer() async {
        await instance?.stop()
        instance = nil
    }

    /// Starts the instance again on the same port and data folder.
    func startServer() async throws {
        instance = try await LiveAppHarness.startInstance(folder: folder, port: port, clock: clock, latency: latency)
    }

    /// A previous session: the home timeline cached and read up to its `index`th post.
    func previousSession(readingIndex index: Int) async throws {
        _ = try await engine.refresh(.home)
        let posts = await engine.cached(.home)
        await engine.markRead(.home, postId: posts[index].id)
    }

    /// Makes the app on the engine (English, high contrast, ASCII).
    func makeApp() throws {
        let clock = self.clock
        app = try ParlaApplication(AppConfiguration(
            backend: terminal, speech: speech, clock: clock,
            wallClock: { LiveAppHarness.epoch.addingTimeInterval(Double(clock.now().milliseconds) / 1000) },
            localizer: TestLocalization.localizer(.english), settingsStore: MemoryAppSettingsStore(AppSettings()),
            accounts: AccountDirectory(engines: ["local": engine]), colorAllowed: true, ascii: true,
            speakupSynthPath: "/nonexistent/speakup/synth"))
    }

    /// Prepares and starts the app and lets its first requests finish.
    func open() async throws {
        try makeApp()
        await app.prepare()
        app.start()
        await app.settle()
    }

    /// Opens the app and waits until live updates stream (and their first poll is done).
    func openLive() async throws {
        try await open()
        try await eventually("the stream and its first poll") { await engine.isStreaming }
        try await settleEvents()
    }

    /// Lets the engine's events and the results of started work reach the screen.
    func settleEvents() async throws {
        for _ in 0..<50 { await Task.yield() }
        app.drain()
        await app.settle()
    }

    /// Shows what came from the engine and from finished work until `condition` holds (or 10 s pass).
    ///
    /// Notices held until their stream goes quiet ("1 new post in Home") are let out once nothing
    /// came for a few rounds, as the half second of quiet would in real time.
    func until(_ what: String, _ condition: () -> Bool) async throws {
        var quietRounds = 0
        // A round every 2 ms: five quiet rounds stand for the server having nothing more to send.
        try await eventually(what, every: .milliseconds(2)) {
            quietRounds = app.runtime.inbox.count == 0 ? quietRounds + 1 : 0
            app.drain()
            if quietRounds >= 5, let due = app.nextDeadline, due > clock.now(), due - clock.now() <= .seconds(3) {
                clock.advance(by: due - clock.now())
                app.drain()
            }
            return condition()
        }
        await app.settle()
    }

    /// Moves the engine's time on `step` at a time (its back-offs end, it tries again) until `condition` holds.
    func advance(by step: Duration, until what: String, _ condition: () -> Bool) async throws {
        // A step every 2 ms, so the server's threads answer the tries between steps.
        try await eventually(what, every: .milliseconds(2)) {
            app.drain()
            if condition() { return true }
            sleeper.advance(by: step)
            return false
        }
        await app.settle()
    }

    /// How many requests went to `path` so far (failed ones included).
    func requests<Response>(_ endpoint: Endpoint<Response>) -> Int { transport.count(endpoint) }

    /// Waits until `text` was said since ``mark()``.
    func untilSaid(_ text: String) async throws {
        do {
            try await until("'\(text)' to be said") { saidSinceMark.contains { $0.text == text } }
        } catch let failed as WaitFailed {
            // Fail with what was said instead, and the status line.
            throw WaitFailed(what: "\(failed.what); said since the mark: \(saidSinceMark.map(\.text)); status: \(lines.count > 21 ? lines[21] : "")")
        }
    }

    /// Waits until an engine event reached the app, then shows it.
    func deliver(_ what: String = "an engine event") async throws {
        try await eventually(what) { [self] in app.runtime.inbox.count > 0 }
        app.drain()
        await app.settle()
    }

    func press(_ keys: Key...) async {
        for key in keys {
            app.handle(key)
            await app.settle()
        }
    }

    /// Moves the engine's time on (its back-offs end) and lets what it does reach the screen.
    func advance(by step: Duration) async throws {
        sleeper.advance(by: step)
        try await settleEvents()
    }

    /// Remembers how much was said; ``saidSinceMark`` lists what was said after.
    func mark() { marked = utterances.count }

    var saidSinceMark: [Utterance] { Array(utterances.dropFirst(marked)) }
    var utterances: [Utterance] {
        speech.events.compactMap { if case .say(let u) = $0 { return u } else { return nil } }
    }
    var lines: [String] { terminal.lastFrame?.grid.lines ?? [] }
    var cursor: Point? { terminal.lastFrame?.cursor }

    /// Runs `body` on a new harness and closes it afterwards.
    static func with(_ body: (LiveAppHarness) async throws -> Void) async throws {
        let harness = try await LiveAppHarness()
        do {
            try await body(harness)
        } catch {
            await harness.close()
            throw error
        }
        await harness.close()
    }

    /// Stops the app, the engine, the client and the instance.
    func close() async {
        if let app { await app.shutdown() }
        await engine.stop()
        try? await real.shutdown()
        await instance?.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
