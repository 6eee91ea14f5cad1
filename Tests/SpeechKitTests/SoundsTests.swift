import Foundation
import SpeechKit
import Testing
import TestSupport

@Suite("Earcon files in Sounds/")
struct SoundsTests {
    static func load() throws -> [Earcon: WavFile] {
        var result: [Earcon: WavFile] = [:]
        for earcon in Earcon.allCases {
            result[earcon] = try WavFile.read(TestPaths.sounds.appendingPathComponent("\(earcon.rawValue).wav"))
        }
        return result
    }

    @Test("the files are exactly the earcons the issue lists")
    func coverTheList() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: TestPaths.sounds.path)
            .filter { $0.hasSuffix(".wav") }.sorted()
        #expect(names == [
            "activate.wav", "cancel.wav", "cue-boost.wav", "cue-content-warning.wav", "cue-media-alt.wav",
            "cue-media-no-alt.wav", "cue-poll.wav", "cue-reply.wav", "direct-message.wav", "edge.wav",
            "error.wav", "focus.wav", "keypad-centre.wav", "loading.wav", "mention.wav", "new-post.wav",
            "sent.wav", "toggle-off.wav", "toggle-on.wav",
        ])
        #expect(Set(names) == Set(Earcon.allCases.map { "\($0.rawValue).wav" }))
    }

    @Test("every earcon lasts under 250 ms, is mono 22050 Hz and is normalised to -6 dBFS")
    func shortAndNormalised() throws {
        for (earcon, file) in try Self.load() {
            #expect(file.duration < .milliseconds(250), "\(earcon.rawValue)")
            #expect(file.duration > .milliseconds(30), "\(earcon.rawValue)")
            #expect(file.format == AudioFormat(sampleRate: 22050), "\(earcon.rawValue)")
            let peak = file.samples.map { abs(Int($0)) }.max() ?? 0
            #expect((16000...16500).contains(peak), "\(earcon.rawValue) peak \(peak)")
        }
    }

    @Test("no two earcons sound alike: their waveforms correlate below 0.8 at every small offset")
    func distinct() throws {
        let files = try Self.load()
        let earcons = Earcon.allCases
        for (i, a) in earcons.enumerated() {
            for b in earcons[(i + 1)...] {
                let x = files[a]!.samples.map(Double.init)
                let y = files[b]!.samples.map(Double.init)
                var best = 0.0
                for lag in stride(from: -220, through: 220, by: 5) {
                    var sum = 0.0, xx = 0.0, yy = 0.0
                    for index in 0..<x.count {
                        let j = index + lag
                        guard j >= 0, j < y.count else { continue }
                        sum += x[index] * y[j]
                        xx += x[index] * x[index]
                        yy += y[j] * y[j]
                    }
                    if xx > 0, yy > 0 { best = max(best, abs(sum) / (xx * yy).squareRoot()) }
                }
                #expect(best < 0.8, "\(a.rawValue) and \(b.rawValue) correlate \(best)")
            }
        }
    }
}
