import CEspeakNG
import Foundation
import ParlaBase
import SpeechKit

/// Speech through libespeak-ng, into Parla's ``AudioEngine``.
///
/// libespeak-ng keeps global state and is not thread-safe, so every call runs on one dedicated
/// thread in synchronous mode. Interrupting works by a generation check in the synth callback:
/// ``cancel()`` makes the engine refuse the cut utterance's audio, and the callback then returns 1
/// so eSpeak-NG stops at once (`espeak_Cancel` does nothing in synchronous mode). Only one
/// instance may exist at a time in a process (eSpeak-NG's state is global); ``shutdown()`` ends it,
/// and a new one may then be made.
public final class EspeakBackend: SpeechBackend, @unchecked Sendable {
    enum Command {
        case apply(VoiceSettings)
        case speak(SpeechRequest)
        case shutdown
    }

    /// eSpeak-NG's output rate.
    public let sampleRate: Int
    let audio: AudioEngine
    let condition = NSCondition()
    var commands: [Command] = []
    var handler: (@Sendable (SpeechBackendEvent) -> Void)?
    var finished = false
    var problems: [SpeechError] = []
    var segmentsSaid: [SaidSegment] = []

    /// A segment as eSpeak-NG said it: the voice it had, and where its audio starts in its utterance.
    public struct SaidSegment: Sendable, Hashable {
        /// eSpeak-NG's name of the voice (`Spanish (Spain)`).
        public var voice: String
        /// The first sample of the segment in the utterance's audio (at the audio engine's rate).
        public var firstSample: Int
    }
    private var thread: Thread?

    /// Starts eSpeak-NG on its own thread.
    ///
    /// - Parameters:
    ///   - audio: where speech goes; eSpeak-NG's audio is resampled if the rates differ.
    ///   - dataPath: the folder holding `espeak-ng-data`, or nil for the default (or `ESPEAK_DATA_PATH`).
    ///   - logFile: where eSpeak-NG's own complaints (stderr) go while it starts; nil: discarded.
    /// - Throws: ``SpeechError/voiceDataMissing(detail:)`` when eSpeak-NG cannot start; Parla then goes
    ///   on without speech (eSpeak-NG is initialised with DONT_EXIT, so it never exits the process).
    public init(audio: AudioEngine, dataPath: String? = nil, logFile: URL? = nil) throws(SpeechError) {
        self.audio = audio
        let started = StartResult()
        let thread = Thread { [started] in
            let rate: Int32 = StderrToLog.run(logFile) {
                if let dataPath {
                    dataPath.withCString { espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 20, $0, espeakINITIALIZE_DONT_EXIT) }
                } else {
                    espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 20, nil, espeakINITIALIZE_DONT_EXIT)
                }
            }
            started.set(Int(rate))
            guard rate > 0 else { return }
            espeak_SetSynthCallback(espeakSynthCallback)
            started.waitForOwner()?.runLoop()
        }
        thread.name = "parla-espeak"
        thread.qualityOfService = .userInteractive
        thread.stackSize = 1 << 20
        thread.start()
        let rate = started.waitForRate()
        guard rate > 0 else {
            let folder = dataPath ?? ProcessInfo.processInfo.environment["ESPEAK_DATA_PATH"] ?? "espeak-ng-data"
            throw .voiceDataMissing(detail: folder)
        }
        sampleRate = rate
        self.thread = thread
        started.setOwner(self)
    }

    public func setEventHandler(_ handler: @escaping @Sendable (SpeechBackendEvent) -> Void) {
        condition.withLock { self.handler = handler }
    }

    public func apply(_ settings: VoiceSettings) { enqueue(.apply(settings)) }

    public func speak(_ request: SpeechRequest) { enqueue(.speak(request)) }

    public func cancel() {
        condition.withLock {
            commands.removeAll { if case .speak = $0 { true } else { false } }
        }
        audio.interruptSpeech()
    }

    public func shutdown() {
        cancel()
        enqueue(.shutdown)
        condition.withLock { while !finished && thread != nil { condition.wait() } }
    }

    /// Problems met while speaking (a missing voice), each once; reading clears them.
    public func takeProblems() -> [SpeechError] {
        condition.withLock {
            defer { problems.removeAll() }
            return problems
        }
    }

    /// The name of the eSpeak-NG voice each segment was synthesised with (`Spanish (Spain)`,
    /// `English (Great Britain)`), oldest first (the last 64 kept); reading clears them.
    public func takeSegmentVoices() -> [String] { takeSaidSegments().map(\.voice) }

    /// Every segment said (the last 64 kept): its voice and where its audio starts; reading clears them.
    public func takeSaidSegments() -> [SaidSegment] {
        condition.withLock {
            defer { segmentsSaid.removeAll() }
            return segmentsSaid
        }
    }

    private func enqueue(_ command: Command) {
        condition.withLock {
            commands.append(command)
            condition.broadcast()
        }
    }

    func report(_ event: SpeechBackendEvent) {
        let handler = condition.withLock { self.handler }
        handler?(event)
    }
}

/// Hands the started backend to its thread, and eSpeak-NG's sample rate back (no sleeping: waits on a condition).
final class StartResult: @unchecked Sendable {
    private let condition = NSCondition()
    private var rate: Int?
    private var owner: EspeakBackend?
    private var ownerSet = false

    func set(_ rate: Int) { condition.withLock { self.rate = rate; condition.broadcast() } }
    func waitForRate() -> Int { condition.withLock { while rate == nil { condition.wait() }; return rate ?? 0 } }
    func setOwner(_ owner: EspeakBackend) { condition.withLock { self.owner = owner; ownerSet = true; condition.broadcast() } }
    func waitForOwner() -> EspeakBackend? {
        condition.withLock {
            while !ownerSet { condition.wait() }
            defer { owner = nil }
            return owner
        }
    }
}
