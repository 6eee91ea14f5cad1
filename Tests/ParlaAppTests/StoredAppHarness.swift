import Foundation
import LVControls
import MicroblogKit
import MicroblogKitTesting
import ParlaApp
import ParlaAppTesting
import ParlaBase
import ParlaBaseTesting
@testable import ParlaEngine
import SpeechKit
import SpeechKitTesting
import TerminalKit
import TerminalKitTesting
import TestSupport

/// Parla's app on the real engine and its SQLite cache in a folder, over a scripted server, on a memory terminal
/// with recorded speech; the app's calls and the engine's own tasks run on manual executors, only when the test
/// says (``runEngine()``, ``settle()``). ``restart()`` quits and starts a new app on a new engine over the same
/// folder, as running Parla again does.
final class StoredAppHarness {
    let folder = TestPaths.temporaryDirectory("parla-stored")
    let service: ScriptedService
    let clock = ManualClock()
    let sleeper: ManualSleeper
    /// Where the engine's live updates, timers and outbox run.
    let engineExecutor = ManualExecutor()
    private let configuration: Engine.Configuration
    private(set) var engine: Engine
    private(set) var executor = ManualExecutor()
    private(set) var terminal: MemoryTerminal
    private(set) var speech = RecordingSpeechOutput()
    private(set) var app: ParlaApplication

    /// A second account, `other`, with its own service and cache folder, when the harness was made with one.
    private(set) var other: Engine?

    init(
        service: ScriptedService, configuration: Engine.Configuration = Engine.Configuration(), size: Size = Size(width: 80, height: 24),
        other otherService: ScriptedService? = nil
    ) async throws {
        self.service = service
        self.configuration = configuration
        sleeper = ManualSleeper(clock: clock)
        terminal = MemoryTerminal(size: size)
        engine = try await Self.openEngine(folder: folder, service: service, configuration: configuration, clock: clock, sleeper: sleeper,
                                           executor: engineExecutor)
        if let otherService {
            other = try await Self.openEngine(folder: folder.appendingPathComponent("other"), service: otherService, configuration: configuration,
                                              clock: clock, sleeper: sleeper, executor: engineExecutor)
        }
        app = try Self.makeApp(engine: engine, other: other, terminal: terminal, speech: speech, clock: clock, executor: executor)
    }

    static func openEngine(
        folder: URL, service: ScriptedService, configuration: Engine.Configuration, clock: ManualClock, sleeper: ManualSleeper,
        executor: ManualExecutor
    ) async throws -> Engine {
        try await Engine.open(accountFolder: folder, service: service, configuration: configuration, clock: clock, sleeper: sleeper,
                              executor: executor)
    }

    static func makeApp(
        engine: Engine, other: Engine? = nil, terminal: MemoryTerminal, speech: RecordingSpeechOutput, clock: ManualClock, executor: ManualExecutor
    ) throws -> ParlaApplication {
        var engines: [String: any AccountEngine] = ["main": engine]
        if let other { engines["other"] = other }
        return
        try ParlaApplication(AppConfiguration(
            backend: terminal, speech: speech, clock: clock, wallClock: { Date(timeIntervalSince1970: 1_700_000_600) },
            localizer: TestLocalization.localizer(.english), settingsStore: MemoryAppSettingsStore(AppSettings()),
            accounts: AccountDirectory(engines: engines), colorAllowed: true, ascii: true,
            speakupSynthPath: "/nonexistent/speakup/synth", executor: executor))
    }

    /// Prepares and starts the app and lets its first calls finish.
    func open() async {
        await app.prepare()
        app.start()
        await app.settle()
    }

    /// Quits (drafts and positions flushed, the engine stopped) and runs Parla again on the same folder.
    func restart() async throws {
        await app.settle()
        await app.shutdown()
        engine = try await Self.openEngine(folder: folder, service: service, configuration: configuration, clock: clock, sleeper: sleeper,
                                           executor: engineExecutor)
        executor = ManualExecutor()
        terminal = MemoryTerminal(size: terminal.size)
        speech = RecordingSpeechOutput()
        app = try Self.makeApp(engine: engine, other: other, terminal: terminal, speech: speech, clock: clock, executor: executor)
        await open()
    }

    /// Runs the engine's own tasks until each waits (a sleep, the stream), then shows what they told the screens.
    func runEngine() async {
        engineExecutor.run()
        await app.settle()
        app.drain()
    }

    func press(_ keys: Key...) async {
        for key in keys {
            app.handle(key)
            await app.settle()
        }
    }

    var lines: [String] { terminal.lastFrame?.grid.lines ?? [] }
    var utterances: [Utterance] {
        speech.events.compactMap { if case .say(let utterance) = $0 { return utterance } else { return nil } }
    }
}
