import Foundation
import SpeechKit
import Testing
import TestSupport

@Suite("Earcon files in Sounds/<pack>/")
struct SoundsTests {
    /// The packs Parla ships, each made by Scripts/make_sounds.py.
    static let packs = ["default", "soft"]

    static func load(_ pack: String) throws -> [Earcon: WavFile] {
        let loaded = try SoundPack.load(TestPaths.sounds.appendingPathComponent(pack))
        var result: [Earcon: WavFile] = [:]
        for earcon in Earcon.allCases {
            let file = try #require(loaded.files[earcon.rawValue], "\(pack) has no \(earcon.rawValue)")
            result[earcon] = try WavFile.read(loaded.folder.appendingPathComponent(file))
        }
        return result
    }

    @Test("two packs ship, each with a manifest naming a file for exactly the earcons the issue lists")
    func coverTheList() throws {
        #expect(SoundPack.available(in: [TestPaths.sounds]) == Self.packs)
        for pack in Self.packs {
            let folder = TestPaths.sounds.appendingPathComponent(pack)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".wav") }.sorted()
            #expect(names == [
                "activate.wav", "cancel.wav", "cue-boost.wav", "cue-content-warning.wav", "cue-media-alt.wav",
                "cue-media-no-alt.wav", "cue-poll.wav", "cue-reply.wav", "direct-message.wav", "edge.wav",
                "error.wav", "focus.wav", "keypad-centre.wav", "leave.wav", "loading.wav", "mention.wav", "new-post.wav",
                "sent.wav", "toggle-off.wav", "toggle-on.wav",
            ], "\(pack)")
            let manifest = try SoundPack.load(folder)
            #expect(Set(manifest.files.keys) == Set(Earcon.allCases.map(\.rawValue)), "\(pack)")
        }
    }

    @Test("the packs differ: the soft pack's focus is not the default's")
    func packsDiffer() throws {
        #expect(try Self.load("default")[.focus]?.samples != Self.load("soft")[.focus]?.samples)
    }

    @Test("every earcon lasts under 250 ms, is mono 22050 Hz and is normalised to -6 dBFS", arguments: packs)
    func shortAndNormalised(pack: String) throws {
        for (earcon, file) in try Self.load(pack) {
            #expect(file.duration < .milliseconds(250), "\(earcon.rawValue)")
            #expect(file.duration > .milliseconds(30), "\(earcon.rawValue)")
            #expect(file.format == AudioFormat(sampleRate: 22050), "\(earcon.rawValue)")
            let peak = file.samples.map { abs(Int($0)) }.max() ?? 0
            #expect((16000...16500).contains(peak), "\(earcon.rawValue) peak \(peak)")
        }
    }

    @Test("no two earcons of a pack sound alike: their waveforms correlate below 0.8 at every small offset", arguments: packs)
    func distinct(pack: String) throws {
        let files = try Self.load(pack)
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
                #expect(best < 0.8, "\(pack): \(a.rawValue) and \(b.rawValue) correlate \(best)")
            }
        }
    }
}
