import CSpeechd
import Foundation
import SpeechKit

/// Speech through speech-dispatcher (`--speech speechd`), for users whose system voice is set up there.
///
/// speech-dispatcher queues and prioritises by itself, so the speech queue hands every utterance
/// over at once; Parla's priorities map to SSIP's: focus → TEXT (a new text cancels the old),
/// notification → NOTIFICATION (dropped if anything else is said), alert → MESSAGE (queued, never
/// cut by text: the queue cancels it when the focus moves on, unless an answer came after it),
/// answer → IMPORTANT, interrupt-all → everything cancelled, then TEXT. Audio is speech-dispatcher's own,
/// so earcons play in Parla's stream beside it.
public final class SpeechdBackend: SpeechBackend, @unchecked Sendable {
    private let lock = NSLock()
    private var connection: UnsafeMutablePointer<SPDConnection>?
    private var language = ""
    private var spelling = false

    /// Connects to speech-dispatcher (starting it if the system allows autospawn).
    ///
    /// - Throws: ``SpeechError/speechDispatcherUnavailable(detail:)`` when no daemon answers.
    public init(clientName: String = "parla") throws(SpeechError) {
        var error: UnsafeMutablePointer<CChar>?
        let opened = spd_open2(clientName, "main", nil, SPD_MODE_THREADED, nil, 1, &error)
        guard let opened else {
            let detail = error.map { String(cString: $0) } ?? "no connection"
            free(error)
            throw .speechDispatcherUnavailable(detail: detail.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        free(error)
        connection = opened
    }

    public var schedulesItself: Bool { true }

    public func setEventHandler(_ handler: @escaping @Sendable (SpeechBackendEvent) -> Void) {}

    public func apply(_ settings: VoiceSettings) {
        lock.withLock {
            guard let connection else { return }
            spd_set_voice_rate(connection, Int32(SpeechdBackend.ssipRate(settings.rate)))
            spd_set_voice_pitch(connection, Int32((settings.pitch - 50) * 2))
            spd_set_volume(connection, Int32(settings.volume - 100))
            spd_set_punctuation(connection, SpeechdBackend.ssipPunctuation(settings.punctuation))
            spd_set_capital_letters(connection, SpeechdBackend.ssipCapitals(settings.capitals))
            setLanguageLocked(settings.language)
        }
    }

    public func speak(_ request: SpeechRequest) {
        lock.withLock {
            guard let connection else { return }
            setLanguageLocked(request.language)
            if request.spelled != spelling {
                spelling = request.spelled
                spd_set_spelling(connection, spelling ? SPD_SPELL_ON : SPD_SPELL_OFF)
            }
            if request.priority == .interruptAll { spd_cancel(connection) }
            guard request.segments.count > 1, !request.spelled else {
                _ = spd_say(connection, SpeechdBackend.ssipPriority(request.priority), request.text)
                return
            }
            // Several languages: one SSML message (separate messages would cut each other), each
            // segment in a <voice xml:lang>; the output module switches voices if it can.
            spd_set_data_mode(connection, SPD_DATA_SSML)
            _ = spd_say(connection, SpeechdBackend.ssipPriority(request.priority), SSML.document(request.segments, fallback: request.language))
            spd_set_data_mode(connection, SPD_DATA_TEXT)
        }
    }

    public func cancel() {
        lock.withLock {
            guard let connection else { return }
            spd_cancel(connection)
        }
    }

    public func shutdown() {
        lock.withLock {
            guard let connection else { return }
            spd_close(connection)
            self.connection = nil
        }
    }

    private func setLanguageLocked(_ tag: String) {
        guard let connection, tag != language else { return }
        language = tag
        spd_set_language(connection, tag.lowercased())
    }

    /// SSIP priority for a queue priority.
    public static func ssipPriority(_ priority: SpeechPriority) -> SPDPriority {
        switch priority {
        case .focus, .interruptAll: SPD_TEXT
        case .notification: SPD_NOTIFICATION
        case .alert, .urgent: SPD_MESSAGE
        case .answer: SPD_IMPORTANT
        }
    }

    /// Words per minute (80–450, 175 normal) to SSIP's -100…100 (0 normal).
    public static func ssipRate(_ wordsPerMinute: Int) -> Int {
        let normal = 175
        if wordsPerMinute <= normal {
            return (wordsPerMinute - normal) * 100 / (normal - VoiceSettings.rateRange.lowerBound)
        }
        return (wordsPerMinute - normal) * 100 / (VoiceSettings.rateRange.upperBound - normal)
    }

    static func ssipPunctuation(_ level: PunctuationLevel) -> SPDPunctuation {
        switch level {
        case .none: SPD_PUNCT_NONE
        case .some: SPD_PUNCT_SOME
        case .most: SPD_PUNCT_MOST
        case .all: SPD_PUNCT_ALL
        }
    }

    static func ssipCapitals(_ mode: CapitalsMode) -> SPDCapitalLetters {
        switch mode {
        case .none, .pitch: SPD_CAP_NONE
        case .sound: SPD_CAP_ICON
        case .spell: SPD_CAP_SPELL
        }
    }
}
