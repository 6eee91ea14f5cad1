import Foundation
import SystemTestSupport
import TestSupport

/// Parla with `--speech none` under an independent screen reader (TDSR or Fenrir) in a pseudo-terminal
/// of tmux. The reader's speech command writes what it would say to a file, an utterance a line; each
/// reader runs with a settings file of the test's own and no system service.
final class ScreenReaderRun {
    enum Reader: String, CustomStringConvertible {
        /// TDSR (`tdsr2` from PyPI, in the venv `make test` makes): reads what is written to the terminal,
        /// and the cursor's line after an arrow key.
        case tdsr
        /// Fenrir (Debian's) in PTY mode: reads the lines whose text changed, or the cursor's line when
        /// only the cursor moved.
        case fenrir

        var description: String { rawValue }
    }

    let reader: Reader
    let app = AppDriver()
    let session: TmuxSession
    private let folder: URL
    private let log: URL

    /// TDSR as `make test` installs it (`make .venv/.tdsr`).
    static let tdsr = TestPaths.repositoryRoot.appendingPathComponent(".venv/bin/tdsr")

    /// Starts the reader, which starts Parla on its own data folder at `width`×`height`.
    init(_ reader: Reader, width: Int = 80, height: Int = 24) throws {
        self.reader = reader
        folder = app.dataDir.appendingPathComponent("reader")
        log = folder.appendingPathComponent("said.log")
        let manager = FileManager.default
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        manager.createFile(atPath: log.path, contents: nil)
        let parla = try Self.script(folder, "parla.sh", """
            export TERM=linux LANG=C.UTF-8
            exec \(app.command("--speech none"))
            """)
        let start: URL
        switch reader {
        case .tdsr:
            guard manager.isExecutableFile(atPath: Self.tdsr.path) else { throw ReaderMissing(path: Self.tdsr.path) }
            let speak = try Self.script(folder, "speak.sh", "exec cat >> \(TmuxSession.quote(log.path))")
            // TDSR reads the cursor's line some time after an arrow key (`cursor_delay`, 20 ms by default):
            // longer here, where a debug build on a busy machine may take that long to draw.
            let config = folder.appendingPathComponent(".config/tdsr")
            try manager.createDirectory(at: config, withIntermediateDirectories: true)
            try """
                [speech]
                process_symbols = false
                key_echo = true
                cursor_tracking = true
                cursor_delay = 0.6

                [symbols]

                [commands]

                [plugins]

                """.write(to: config.appendingPathComponent("tdsr.cfg"), atomically: true, encoding: .utf8)
            start = try Self.script(folder, "start.sh", """
                export HOME=\(TmuxSession.quote(folder.path))
                stty raw -echo
                exec \(TmuxSession.quote(Self.tdsr.path)) -s \(TmuxSession.quote(speak.path)) \(TmuxSession.quote(parla.path))
                """)
        case .fenrir:
            let speak = try Self.script(folder, "speak.sh", """
                printf '%s\\n' "$1" | tr '\\n' ' ' >> \(TmuxSession.quote(log.path))
                echo >> \(TmuxSession.quote(log.path))
                """)
            let settings = folder.appendingPathComponent("fenrir.conf")
            try Self.fenrirSettings(speak: speak.path, program: parla.path, debug: folder.appendingPathComponent("fenrir.log").path)
                .write(to: settings, atomically: true, encoding: .utf8)
            start = try Self.script(folder, "start.sh", "exec fenrir -e -s \(TmuxSession.quote(settings.path))")
        }
        session = try TmuxSession(width: width, height: height, command: "sh \(TmuxSession.quote(start.path))")
    }

    deinit { session.close() }

    struct ReaderMissing: Error, CustomStringConvertible {
        let path: String
        var description: String { "\(path) is missing: `make test` (or `make .venv/.tdsr`) installs TDSR" }
    }

    /// Fenrir's PTY settings as Debian ships them, with speech going to `speak` (one run per utterance),
    /// no sound, no remote socket, no spell checking, and `program` as the program it runs.
    static func fenrirSettings(speak: String, program: String, debug: String) throws -> String {
        let shipped = try String(contentsOfFile: "/etc/fenrirscreenreader/settings/settings-pty.conf", encoding: .utf8)
        var section = ""
        return shipped.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.hasPrefix("[") { section = String(line) }
            switch (section, line.split(separator: "=", maxSplits: 1).first.map(String.init) ?? "") {
            case ("[sound]", "enabled"): return "enabled=False"
            case ("[speech]", "genericSpeechCommand"): return "genericSpeechCommand=\(speak) \"fenrirText\""
            case ("[remote]", "enable"): return "enable=False"
            case ("[general]", "shell"): return "shell=sh \(program)"
            case ("[general]", "debugFile"): return "debugFile=\(debug)"
            case ("[general]", "autoSpellCheck"): return "autoSpellCheck=False"
            case ("[general]", "punctuationLevel"): return "punctuationLevel=none"
            default: return String(line)
            }
        }.joined(separator: "\n")
    }

    private static func script(_ folder: URL, _ name: String, _ body: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try ("#!/bin/sh\n" + body + "\n").write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url
    }

    /// Everything said so far, an utterance an element (TDSR's `s` lines and `l` letters; its silences and
    /// settings left out).
    func said() -> [String] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n").map(String.init)
        switch reader {
        case .tdsr:
            return lines.compactMap { line in
                guard let kind = line.first, kind == "s" || kind == "l" else { return nil }
                let words = line.dropFirst().trimmingCharacters(in: .whitespaces)
                return words.isEmpty ? nil : words
            }
        case .fenrir:
            return lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }

    /// Waits (bounded) until the log has not grown for `quiet`; gives up after `timeout`.
    func settle(quiet: Duration = .milliseconds(900), timeout: Duration = .seconds(15)) async {
        let clock = ContinuousClock()
        var size = -1
        var since = clock.now
        try? await eventually("\(reader) quiet", timeout: timeout, every: .milliseconds(50)) {
            let now = ((try? FileManager.default.attributesOfItem(atPath: log.path)[.size]) as? Int) ?? 0
            if now != size {
                size = now
                since = clock.now
            }
            return clock.now - since >= quiet
        }
    }

    /// Waits (bounded) for the timeline and for the reader to finish what it says as Parla starts.
    func waitForTimeline() async throws {
        // The posts themselves, not only the screen: "You are in Home" is drawn while they are still loading, and the
        // reader would read their arrival as the answer to the first key.
        try await session.waitFor(timeout: .seconds(45)) { $0.contains { $0.contains("You are in Home") } && $0.contains { $0.contains("Parla Tips") } }
        // On a loaded machine the reader (Fenrir is Python) may not have read the first screen yet: until it
        // has said something, a quiet log only means it has not started.
        try? await eventually("\(reader) to read the first screen", timeout: .seconds(30), every: .milliseconds(50)) { !said().isEmpty }
        await settle()
    }

    /// Sends tmux keys and returns what the reader said after them: it waits (bounded) until something is
    /// said, unless `expectSpeech` is false, then until the reader has been quiet a while.
    func press(_ keys: String..., expectSpeech: Bool = true) async throws -> [String] {
        let before = said().count
        for key in keys { try session.send(key) }
        if expectSpeech {
            try? await eventually("\(reader) to speak after \(keys)", timeout: .seconds(20), every: .milliseconds(20)) { said().count > before }
        }
        await settle()
        return Array(said().dropFirst(before))
    }

    /// The text of the row the hardware cursor is on, trimmed.
    func cursorRow() throws -> String {
        let screen = try session.capture()
        let cursor = try session.cursor()
        guard screen.indices.contains(cursor.y) else { return "" }
        return screen[cursor.y].trimmingCharacters(in: .whitespaces)
    }
}
