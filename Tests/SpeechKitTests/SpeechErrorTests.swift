import Foundation
import ParlaBase
import SpeechKit
import Testing
import TestSupport

@Suite("Speech errors and SSML")
struct SpeechErrorTests {
    static let all: [SpeechError] = [
        .voiceDataMissing(detail: "/x"), .voiceUnavailable(language: "xx"), .audioDeviceUnavailable(detail: "d"),
        .speechDispatcherUnavailable(detail: "s"), .fileNotWritable(path: "/p", detail: "d"),
        .soundMissing(name: "focus", path: "/s"), .soundUnreadable(path: "/p", detail: "d"),
        .synthesisFailed(detail: "d"),
    ]

    @Test("every speech error has its message in English, Spanish and Catalan")
    func localized() {
        for error in Self.all {
            for language in Language.allCases {
                #expect(TestLocalization.localizer().has(error.localizationKey, in: language), "\(error.localizationKey) \(language)")
            }
        }
    }

    @Test("messages fill their placeholders and strip control characters from details")
    func messages() {
        #expect(SpeechError.voiceUnavailable(language: "xx").message(TestLocalization.localizer(.catalan))
            == "No hi ha veu d'eSpeak-NG per a xx; s'utilitza la veu predeterminada.")
        #expect(SpeechError.audioDeviceUnavailable(detail: "no\u{1B}[31m card").message(TestLocalization.localizer())
            == "No sound device could be opened (no card). Parla goes on without sound.")
    }

    @Test("SSML escaping turns markup from a post into plain text")
    func ssml() {
        #expect(SSML.escaped("<audio src=\"http://x/a.wav\"/> & 'hi'")
            == "&lt;audio src=&quot;http://x/a.wav&quot;/&gt; &amp; &apos;hi&apos;")
    }
}

@Suite("Transcript lines")
struct TranscriptLineTests {
    @Test("the JSON line contract: speech, earcon on its own, interrupt")
    func jsonLines() {
        #expect(TranscriptEntry(tMs: 12, kind: .speech, text: "Hola", priority: .focus, lang: "es", id: 3).jsonLine
            == #"{"id":3,"kind":"speech","lang":"es","priority":"focus","t_ms":12,"text":"Hola"}"#)
        #expect(TranscriptEntry(tMs: 15, kind: .earcon, sound: "edge").jsonLine
            == #"{"kind":"earcon","lang":null,"priority":null,"sound":"edge","t_ms":15}"#)
        #expect(TranscriptEntry(tMs: 40, kind: .interrupt, text: "Hola", priority: .focus, lang: "es", id: 3).jsonLine
            == #"{"id":3,"kind":"interrupt","lang":"es","priority":"focus","t_ms":40,"text":"Hola"}"#)
    }

    @Test("the file transcript appends one line per entry")
    func fileAppends() throws {
        let url = TestPaths.temporaryDirectory("parla-transcript").appendingPathComponent("t.jsonl")
        for tMs in [Int64(1), 2] {
            let file = try FileTranscript(url: url)
            file.record(TranscriptEntry(tMs: tMs, kind: .earcon, sound: "focus", priority: .focus, lang: "ca"))
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == """
            {"kind":"earcon","lang":"ca","priority":"focus","sound":"focus","t_ms":1}
            {"kind":"earcon","lang":"ca","priority":"focus","sound":"focus","t_ms":2}

            """)
    }
}
