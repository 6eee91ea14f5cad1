import Foundation
import SpeechKit
import SpeechKitTesting
import Testing
import TestSupport

/// Sound packs (issue 17, item 5): the user's packs before the shipped ones, a missing sound from the default pack.
@Suite("Sound packs")
struct SoundPackTests {
    /// A user's sounds folder with a pack `mine` holding only a focus sound of 100 samples of 1000,
    /// and a manifest entry that tries to leave the folder.
    func userFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parla-packs-\(UUID().uuidString)")
        let pack = folder.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        let samples = [Int16](repeating: 1000, count: 100)
        var data = WavFile.header(format: AudioFormat(sampleRate: 22050), dataBytes: samples.count * 2)
        samples.withUnsafeBytes { data.append(contentsOf: $0) }
        try data.write(to: pack.appendingPathComponent("blip.wav"))
        try #"{"name": "mine", "sounds": {"focus": "blip.wav", "error": "../../etc/passwd"}}"#.write(
            to: pack.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test("a user's pack is found before the shipped ones; what it lacks comes from the default pack")
    func userPackFallsBackToDefault() throws {
        let user = try userFolder()
        defer { try? FileManager.default.removeItem(at: user) }
        let places = [user, TestPaths.sounds]
        #expect(SoundPack.available(in: places) == ["default", "mine", "soft"])
        let folders = SoundPack.folders(for: "mine", in: places)
        #expect(folders.map(\.lastPathComponent) == ["mine", "default"])
        let bank = EarconBank(packs: folders, format: .speech)
        #expect(bank.samples(.focus) == [Int16](repeating: 1000, count: 100))
        let shipped = try WavFile.read(TestPaths.sounds.appendingPathComponent("default/error.wav")).samples
        #expect(bank.samples(.error) == shipped)  // the unsafe file name is ignored: the default's error plays
        #expect(bank.problems.isEmpty)
    }

    @Test("an unknown pack or a name with a path in it is not found: only the default pack is loaded")
    func unknownPack() {
        #expect(SoundPack.locate("nothing-here", in: [TestPaths.sounds]) == nil)
        #expect(SoundPack.locate("../Sounds/default", in: [TestPaths.sounds]) == nil)
        #expect(SoundPack.folders(for: "nothing-here", in: [TestPaths.sounds]).map(\.lastPathComponent) == ["default"])
    }

    @Test("a pack folder without a manifest is a problem named, and every sound missing is too")
    func noManifest() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("parla-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let bank = EarconBank(packs: [empty], format: .speech)
        #expect(bank.problems.first == .soundMissing(name: "manifest.json", path: empty.path))
        #expect(bank.problems.count == 1 + Earcon.allCases.count)
        #expect(bank.samples(.focus).isEmpty)
    }

    @Test("sound volume scales earcons and leaves speech alone")
    func soundVolume() throws {
        let sink = MemoryAudioSink()
        let engine = AudioEngine(sink: sink, format: .speech, earcons: EarconBank(sounds: [.focus: [Int16](repeating: 1000, count: 441)]))
        engine.earconVolume = 25
        try engine.start()
        engine.play(.focus)
        engine.waitUntilPlayed()
        engine.stop()
        #expect(sink.writes.flatMap(\.chunk.samples).prefix(441).allSatisfy { $0 == 250 })
        #expect(engine.earconVolume == 25)
    }
}
