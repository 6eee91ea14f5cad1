import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// `parla say` run as a process, through the real eSpeak-NG into the WAV sink.
@Suite("parla say")
struct SayCommandTests {
    struct Run {
        var status: Int32
        var stderr: String
    }

    static func run(_ arguments: [String], environment extra: [String: String] = [:], in folder: URL) throws -> Run {
        let process = Process()
        process.executableURL = TestPaths.parlaExecutable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PARLA_RESOURCES"] = TestPaths.repositoryRoot.path
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stderr: String(decoding: data, as: UTF8.self))
    }

    /// Seconds of audio in a 16-bit mono 22050 Hz WAV file (its data chunk after the 44-byte header).
    static func seconds(_ url: URL) throws -> Double {
        let data = try Data(contentsOf: url)
        return Double(data.count - 44) / 2 / 22050
    }

    static func transcript(_ url: URL) throws -> [[String: Any]] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
    }

    static let spanish = "Hola, tienes tres mensajes nuevos en tu cronología."

    @Test("say --lang es writes a WAV of plausible length and a transcript line in Spanish")
    func spanishToWav() throws {
        let folder = TestPaths.temporaryDirectory("parla-say")
        let run = try Self.run(
            ["say", "--data-dir", "data", "--lang", "es", "--audio", "wav:es.wav", "--transcript", "t.jsonl", Self.spanish],
            in: folder)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let seconds = try Self.seconds(folder.appendingPathComponent("es.wav"))
        // 8 words at 175 words per minute: about 2.7 s; eSpeak-NG's pauses vary a little.
        #expect(seconds > 1.5 && seconds < 5, "\(seconds) s")
        let lines = try Self.transcript(folder.appendingPathComponent("t.jsonl"))
        #expect(lines.count == 1)
        #expect(Set(lines[0].keys) == ["id", "kind", "lang", "priority", "t_ms", "text"])
        #expect(lines[0]["kind"] as? String == "speech")
        #expect(lines[0]["lang"] as? String == "es")
        #expect(lines[0]["priority"] as? String == "focus")
        #expect(lines[0]["text"] as? String == Self.spanish)
    }

    @Test("the Catalan voice is really used: same text, different audio, transcript says ca")
    func catalanDiffers() throws {
        let folder = TestPaths.temporaryDirectory("parla-say")
        let text = "Vull llegir les publicacions noves"
        for language in ["es", "ca"] {
            let run = try Self.run(
                ["say", "--data-dir", "data", "--lang", language, "--audio", "wav:\(language).wav",
                 "--transcript", "t.jsonl", text], in: folder)
            #expect(run.status == 0)
        }
        let spanish = try Data(contentsOf: folder.appendingPathComponent("es.wav"))
        let catalan = try Data(contentsOf: folder.appendingPathComponent("ca.wav"))
        #expect(spanish.count > 44 + 22050 && catalan.count > 44 + 22050)
        #expect(spanish != catalan)
        let langs = try Self.transcript(folder.appendingPathComponent("t.jsonl")).map { $0["lang"] as? String }
        #expect(langs == ["es", "ca"])
    }

    @Test("a faster rate gives shorter audio")
    func rate() throws {
        let folder = TestPaths.temporaryDirectory("parla-say")
        for rate in ["100", "400"] {
            _ = try Self.run(["say", "--data-dir", "data", "--rate", rate, "--audio", "wav:\(rate).wav", "Reading the home timeline"], in: folder)
        }
        let slow = try Self.seconds(folder.appendingPathComponent("100.wav"))
        let fast = try Self.seconds(folder.appendingPathComponent("400.wav"))
        #expect(fast > 0.2 && fast < slow * 0.5, "fast \(fast) slow \(slow)")
    }

    @Test("missing voice data: said once in plain text, no speech, no crash, exit 0")
    func missingVoiceData() throws {
        let folder = TestPaths.temporaryDirectory("parla-say")
        let broken = folder.appendingPathComponent("broken/espeak-ng-data")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        let run = try Self.run(
            ["say", "--data-dir", "data", "--audio", "wav:x.wav", "--transcript", "t.jsonl", "Hello"],
            environment: ["ESPEAK_DATA_PATH": folder.appendingPathComponent("broken").path], in: folder)
        #expect(run.status == 0)
        #expect(run.stderr == "The eSpeak-NG voice data was not found (\(folder.appendingPathComponent("broken").path)). Parla goes on without speech; sounds still play.\n")
        #expect(try Self.seconds(folder.appendingPathComponent("x.wav")) == 0)
        #expect(try Self.transcript(folder.appendingPathComponent("t.jsonl")).count == 1)
        let log = try String(contentsOf: folder.appendingPathComponent("data/parla.log"), encoding: .utf8)
        #expect(log.contains("phontab"))
    }

    @Test("the notice follows the interface language")
    func noticeInSpanish() throws {
        let folder = TestPaths.temporaryDirectory("parla-say")
        let run = try Self.run(
            ["say", "--data-dir", "data", "--lang", "es", "--speech", "speechd", "--audio", "none", "Hola"], in: folder)
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("Speech Dispatcher no está disponible ("))
        #expect(run.stderr.hasSuffix("). Parla sigue sin voz.\n"))
    }

    @Test("--speech speechd with no daemon says so clearly and goes on without speech")
    func speechdFallsBack() throws {
        let folder = TestPaths.temporaryDirectory("parla-say")
        let run = try Self.run(
            ["say", "--data-dir", "data", "--speech", "speechd", "--audio", "wav:x.wav", "--transcript", "t.jsonl", "Hello"],
            in: folder)
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("Speech Dispatcher is not available ("))
        #expect(run.stderr.hasSuffix("). Parla goes on without speech.\n"))
        #expect(try Self.seconds(folder.appendingPathComponent("x.wav")) == 0)
        #expect(try Self.transcript(folder.appendingPathComponent("t.jsonl")).map { $0["text"] as? String } == ["Hello"])
    }

    @Test("no sound device: told once, logged, library noise kept off the screen, and Parla goes on",
          .enabled(if: TestEnvironment.noSoundDevice, "this machine has a sound device"))
    func noDevice() throws {
        let folder = TestPaths.temporaryDirectory("parla-say")
        let run = try Self.run(["say", "--data-dir", "data", "--transcript", "t.jsonl", "Hello"], in: folder)
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("No sound device could be opened ("))
        #expect(run.stderr.hasSuffix("). Parla goes on without sound.\n"))
        #expect(run.stderr.components(separatedBy: "\n").count == 2)
        #expect(!run.stderr.contains("ALSA lib"))
        let log = try String(contentsOf: folder.appendingPathComponent("data/parla.log"), encoding: .utf8)
        #expect(log.components(separatedBy: "speech: No sound device could be opened").count == 2)
        #expect(try Self.transcript(folder.appendingPathComponent("t.jsonl")).map { $0["text"] as? String } == ["Hello"])
    }

    @Test("bad option values are refused before anything is said")
    func badOptions() throws {
        let folder = TestPaths.temporaryDirectory("parla-say")
        let rate = try Self.run(["say", "--data-dir", "data", "--rate", "900", "Hi"], in: folder)
        #expect(rate.status != 0)
        #expect(rate.stderr.contains("The rate must be between 80 and 450 words per minute."))
        let audio = try Self.run(["say", "--data-dir", "data", "--audio", "speaker", "Hi"], in: folder)
        #expect(audio.status != 0)
        #expect(audio.stderr.contains("Unknown audio output 'speaker'"))
    }
}
