import CEspeakNG
import Foundation
import SpeechKit

/// What the synth callback needs for one utterance; passed to eSpeak-NG as `user_data`.
final class SynthContext {
    let id: UInt64
    let audio: AudioEngine
    let sourceRate: Int
    let backend: EspeakBackend
    var cut = false
    /// Where the segment being synthesised starts in the request's text (characters).
    var textBase = 0
    /// Samples (at the engine's rate) of the request already handed over by earlier segments.
    var sampleBase = 0
    /// Samples (at the engine's rate) of the request handed over so far.
    var handed = 0
    /// Whether a sample that is not zero has been handed over: until then the digital silence eSpeak-NG
    /// makes before the first sound is dropped (a stop such as the T of "Tom" starts with 49 ms of it,
    /// which only delayed what is heard).
    var sounded = false
    /// Samples (at the engine's rate) of the segment being synthesised dropped as leading silence.
    var segmentSilence = 0

    init(id: UInt64, audio: AudioEngine, sourceRate: Int, backend: EspeakBackend) {
        self.id = id
        self.audio = audio
        self.sourceRate = sourceRate
        self.backend = backend
    }
}

/// eSpeak-NG's synth callback: hands audio to the engine and reports words; returns 1 to stop.
let espeakSynthCallback: @convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutablePointer<espeak_EVENT>?) -> Int32 = {
    wav, count, events in
    guard let events, let userData = events.pointee.user_data else { return 0 }
    let context = Unmanaged<SynthContext>.fromOpaque(userData).takeUnretainedValue()
    let accepted: Bool
    if let wav, count > 0 {
        let buffer = UnsafeBufferPointer(start: wav, count: Int(count))
        if context.sourceRate == context.audio.format.sampleRate {
            accepted = hand(buffer, events: events, context: context)
        } else {
            let converted = WavFile(format: AudioFormat(sampleRate: context.sourceRate), samples: Array(buffer))
                .resampled(to: context.audio.format.sampleRate)
            accepted = converted.withUnsafeBufferPointer { hand($0, events: events, context: context) }
        }
    } else {
        accepted = hand(UnsafeBufferPointer(start: nil, count: 0), events: events, context: context)
    }
    if !accepted { context.cut = true }
    return accepted ? 0 : 1
}

/// Hands one callback's audio (at the engine's rate) to the engine, without the utterance's leading
/// digital silence, after marking where its words start in the audio as handed; false when the
/// utterance was interrupted.
private func hand(_ samples: UnsafeBufferPointer<Int16>, events: UnsafeMutablePointer<espeak_EVENT>, context: SynthContext) -> Bool {
    var kept = samples
    if !context.sounded {
        let first = samples.firstIndex { $0 != 0 } ?? samples.count
        context.segmentSilence += first
        context.sounded = first < samples.count
        kept = UnsafeBufferPointer(rebasing: samples[first...])
    }
    var index = 0
    while events[index].type != espeakEVENT_LIST_TERMINATED {
        if events[index].type == espeakEVENT_WORD {
            // Reported when the word's audio reaches the sink, not when it is synthesised.
            let event = SpeechBackendEvent.word(
                id: context.id, offset: context.textBase + Int(events[index].text_position) - 1, length: Int(events[index].length))
            let position = Int(events[index].audio_position) * context.audio.format.sampleRate / 1000
            let sample = context.sampleBase + max(0, position - context.segmentSilence)
            let backend = context.backend
            context.audio.atSpeechOffset(sample, of: context.id) { backend.report(event) }
        }
        index += 1
    }
    context.handed += kept.count
    return context.audio.appendSpeech(kept, id: context.id)
}

extension EspeakBackend {
    /// The dedicated thread's loop: every eSpeak-NG call happens here.
    func runLoop() {
        var voice = VoiceSettings()
        var voiceLanguage = ""
        var missingLanguages: Set<String> = []
        // Listed once: espeak_ListVoices reads every voice file again on each call (about 6 ms), which
        // made every change of language between two posts that much slower to speak.
        let installed = EspeakVoices.all()
        while true {
            condition.lock()
            while commands.isEmpty { condition.wait() }
            let command = commands.removeFirst()
            condition.unlock()
            switch command {
            case .apply(let settings):
                voice = settings
                voiceLanguage = ""
            case .speak(let request):
                synthesize(request) { language in
                    if language != voiceLanguage {
                        if !selectVoice(language, installed: installed), missingLanguages.insert(language).inserted {
                            condition.withLock { problems.append(.voiceUnavailable(language: language)) }
                        }
                        voiceLanguage = language
                    }
                    applyParameters(voice)
                }
            case .shutdown:
                // No espeak_Terminate: after one initialise-terminate cycle a second terminate hangs
                // (eSpeak-NG 1.51's internal fifo thread); the process's exit releases eSpeak-NG,
                // and a later backend initialises it again on its own thread.
                condition.withLock {
                    finished = true
                    condition.broadcast()
                }
                return
            }
        }
    }

    /// Chooses the voice by language (`en-GB` → `en-gb`), falling back to the base language.
    /// - Returns: false when neither the language nor its base has a voice.
    /// - Parameter installed: the languages of the installed voices (``EspeakVoices/all()``).
    func selectVoice(_ language: String, installed: Set<String>) -> Bool {
        let tag = language.lowercased().replacingOccurrences(of: "_", with: "-")
        var candidates = [tag]
        if let base = tag.split(separator: "-").first.map(String.init), base != tag { candidates.append(base) }
        for candidate in candidates where installed.contains(candidate) {
            let result = candidate.withCString { name -> espeak_ERROR in
                var properties = espeak_VOICE()
                properties.languages = name
                return espeak_SetVoiceByProperties(&properties)
            }
            if result == EE_OK { return true }
        }
        return false
    }

    /// Applies rate, pitch, volume, punctuation and capitals (after a voice change too).
    func applyParameters(_ voice: VoiceSettings) {
        espeak_SetParameter(espeakRATE, Int32(voice.rate), 0)
        espeak_SetParameter(espeakPITCH, Int32(voice.pitch), 0)
        espeak_SetParameter(espeakVOLUME, Int32(voice.volume), 0)
        switch voice.namedPunctuation {
        case nil:
            espeak_SetParameter(espeakPUNCTUATION, Int32(espeakPUNCT_ALL.rawValue), 0)
        case let list? where list.isEmpty:
            espeak_SetParameter(espeakPUNCTUATION, Int32(espeakPUNCT_NONE.rawValue), 0)
        case let list?:
            var wide = list.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
            wide.append(0)
            espeak_SetPunctuationList(wide)
            espeak_SetParameter(espeakPUNCTUATION, Int32(espeakPUNCT_SOME.rawValue), 0)
        }
        let capitals: Int32 =
            switch voice.capitals {
            case .none: 0
            case .sound: 1
            case .spell: 2
            case .pitch: 30
            }
        espeak_SetParameter(espeakCAPITALS, capitals, 0)
    }

    /// Synthesises one request, segment after segment in the same utterance (so its audio has no
    /// gap but eSpeak-NG's own pause at a segment's end); `useVoice` sets the voice for a language
    /// before each segment. Reports it finished once its audio has reached the sink.
    func synthesize(_ request: SpeechRequest, useVoice: (String) -> Void) {
        audio.beginSpeech(request.id)
        let context = SynthContext(id: request.id, audio: audio, sourceRate: sampleRate, backend: self)
        let segments = request.spelled ? [Utterance.Segment(request.text, language: request.language)] : request.segments
        var result = EE_OK
        for segment in segments {
            let language = segment.language ?? request.language
            useVoice(language)
            let voiceName = espeak_GetCurrentVoice().flatMap { $0.pointee.name }.map { String(cString: $0) } ?? ""
            context.sampleBase = context.handed
            context.segmentSilence = 0
            condition.withLock {
                segmentsSaid.append(EspeakBackend.SaidSegment(voice: voiceName, firstSample: context.sampleBase))
                if segmentsSaid.count > 64 { segmentsSaid.removeFirst() }
            }
            result = synthesizeSegment(segment.text, spelled: request.spelled, context: context)
            context.textBase += segment.text.count
            if context.cut || result != EE_OK { break }
        }
        withExtendedLifetime(context) {}
        if context.cut { return }
        if result != EE_OK {
            report(.failed(id: request.id, .synthesisFailed(detail: "espeak_Synth returned \(result.rawValue)")))
            return
        }
        let id = request.id
        audio.endSpeech(id) { [weak self] in self?.report(.finished(id: id)) }
    }

    /// One eSpeak-NG pass over `text` in the current voice.
    private func synthesizeSegment(_ text: String, spelled: Bool, context: SynthContext) -> espeak_ERROR {
        let input: String
        var flags = UInt32(espeakCHARS_UTF8)
        if spelled {
            input = "<speak><say-as interpret-as=\"characters\">\(SSML.escaped(text))</say-as></speak>"
            flags |= UInt32(espeakSSML)
        } else {
            input = text
        }
        let userData = Unmanaged.passUnretained(context).toOpaque()
        return input.withCString { pointer in
            espeak_Synth(pointer, strlen(pointer) + 1, 0, POS_CHARACTER, 0, flags, nil, userData)
        }
    }
}
