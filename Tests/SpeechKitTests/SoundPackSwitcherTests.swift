import Foundation
import SpeechKit
import SpeechKitTesting
import Testing
import TestSupport

/// Issue 17 item 5: the pack chosen in Settings is loaded while Parla runs; what it lacks comes from the default pack.
@Suite("Sound pack switching")
struct SoundPackSwitcherTests {
    /// A user's sounds folder with a pack `mine` holding only an edge sound of 50 samples of 700.
    func userFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parla-switch-\(UUID().uuidString)")
        let pack = folder.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        let samples = [Int16](repeating: 700, count: 50)
        var data = WavFile.header(format: AudioFormat(sampleRate: 22050), dataBytes: samples.count * 2)
        samples.withUnsafeBytes { data.append(contentsOf: $0) }
        try data.write(to: pack.appendingPathComponent("edge.wav"))
        try #"{"name": "mine", "sounds": {"edge": "edge.wav"}}"#.write(
            to: pack.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
        return folder
    }

    func shipped(_ pack: String, _ earcon: Earcon) throws -> [Int16] {
        try WavFile.read(TestPaths.sounds.appendingPathComponent("\(pack)/\(earcon.rawValue).wav")).samples
    }

    @Test("a user's pack chosen while running plays its own sounds and the default pack's for the rest")
    func switchesAndFallsBack() throws {
        let user = try userFolder()
        defer { try? FileManager.default.removeItem(at: user) }
        let engine = AudioEngine(sink: MemoryAudioSink(), format: .speech, earcons: EarconBank(sounds: [:]))
        let switcher = SoundPackSwitcher(engine: engine, places: [user, TestPaths.sounds], loaded: "default")
        #expect(switcher.packs == ["default", "mine", "soft"])
        #expect(switcher.use(pack: "mine").isEmpty)
        let bank = try #require(switcher.bank)
        #expect(bank.samples(.edge) == [Int16](repeating: 700, count: 50))
        #expect(bank.samples(.focus) == (try shipped("default", .focus)))
        // The shipped second pack differs from the default in every sound.
        #expect(switcher.use(pack: "soft").isEmpty)
        #expect(switcher.bank?.samples(.focus) == (try shipped("soft", .focus)))
        #expect(try shipped("soft", .focus) != (try shipped("default", .focus)))
        #expect(switcher.current == "soft")
    }

    @Test("a pack that is not there is named as a problem and the default pack plays")
    func unknownPackFallsBackToDefault() throws {
        let engine = AudioEngine(sink: MemoryAudioSink(), format: .speech, earcons: EarconBank(sounds: [:]))
        let switcher = SoundPackSwitcher(engine: engine, places: [TestPaths.sounds], loaded: "default")
        #expect(switcher.use(pack: "gone") == [.soundMissing(name: "gone", path: TestPaths.sounds.path)])
        #expect(switcher.bank?.samples(.error) == (try shipped("default", .error)))
        // The pack in use again: nothing to load, nothing to say.
        #expect(switcher.use(pack: "gone").isEmpty)
    }
}
