import BenchSupport
import BrailleKit
import Foundation
import LVControls
import MicroblogKit
import MicroblogKitTesting
import ParlaApp
import ParlaBase
import SpeechKit
import TerminalKit
import ParlaAppTesting

/// Hands a value to a task while the thread that owns it waits for that task.
final class Handed<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Runs async work to its end from the benchmark's thread.
func blocking(_ work: @escaping @Sendable () async -> Void) {
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        await work()
        done.signal()
    }
    done.wait()
}

/// The real ParlaApplication over an in-memory engine, on a timed terminal.
struct BenchApp {
    let app: ParlaApplication
    let terminal: TimedTerminal
    let engine: any AccountEngine

    /// The interface strings, found as `parla` finds them.
    static func localizer() -> Localizer {
        guard let resources = ResourceLocator.find(environment: ProcessInfo.processInfo.environment,
                                                   executable: ResourceLocator.currentExecutable()) else {
            print("error: the Localization folder was not found; set PARLA_RESOURCES")
            exit(1)
        }
        do {
            return try Localizer(language: .english, directory: resources.localization)
        } catch {
            print("error: \(error)")
            exit(1)
        }
    }

    /// Builds the app with `posts` in the home timeline, prepares and starts it, and lets the first refresh finish.
    init(size: Size, posts: [Post], speech: any SpeechOutput, speechControl: (any SpeechControl)? = nil) throws {
        try self.init(size: size, engine: MemoryAccountEngine(timelines: ["home": posts]), speech: speech, speechControl: speechControl)
    }

    /// Builds the app over `engine`, prepares and starts it, and lets the first refresh finish.
    init(size: Size, engine: any AccountEngine, speech: any SpeechOutput, speechControl: (any SpeechControl)? = nil,
         clock: any TickClock = SystemClock(), braille: BrailleFactory? = nil) throws {
        terminal = TimedTerminal(size: size)
        self.engine = engine
        var settings = AppSettings()
        settings.language = .english
        app = try ParlaApplication(AppConfiguration(
            backend: terminal, speech: speech, speechControl: speechControl, clock: clock,
            wallClock: { PostFactory.now.addingTimeInterval(60) }, localizer: Self.localizer(),
            settingsStore: MemoryAppSettingsStore(settings), accounts: AccountDirectory(engines: ["main": engine]),
            colorAllowed: true, ascii: false, speakupSynthPath: "/nonexistent/speakup/synth", braille: braille))
        let handed = Handed(app)
        blocking { await handed.value.prepare() }
        app.start()
        blocking { await handed.value.settle() }
    }

    /// Presses `key` and returns the time from the press to the first frame handed to the backend.
    func press(_ key: Key) -> Double {
        terminal.mark()
        let start = ContinuousClock.now
        app.handle(key)
        guard let presented = terminal.firstPresentedSinceMark else { return .nan }
        return milliseconds(presented - start)
    }
}

/// A speech output that drops everything (the frame benchmarks time the screen alone).
final class SilentSpeech: SpeechOutput {
    private(set) var said = 0
    func say(_ utterance: Utterance) { said += 1 }
    func play(_ earcon: Earcon) {}
    func stopSpeaking() {}
    func repeatLast() {}
    func spellLast() {}
    func withdraw(_ utterance: Utterance) {}
}
