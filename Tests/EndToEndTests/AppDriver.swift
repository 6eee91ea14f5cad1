import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// The real `parla` app in tmux on its own data folder (embedded local instance), with what it said
/// read back from its `--transcript` file.
struct AppDriver {
    let dataDir: URL

    init(dataDir: URL = TestPaths.temporaryDirectory()) {
        self.dataDir = dataDir
    }

    /// The shell command line that starts the app: English, no audio, a transcript.
    func command(_ extra: String = "") -> String {
        let transcript = dataDir.appendingPathComponent("transcript.jsonl").path
        return "\(TmuxSession.quote(TestPaths.parlaExecutable.path)) --data-dir \(TmuxSession.quote(dataDir.path)) --lang en --quiet-demo "
            + "--audio none --transcript \(TmuxSession.quote(transcript)) \(extra)"
    }

    /// A tmux command that runs the app under a shell which, once the app ends, prints `EXITED-<status>`
    /// and stays for 30 s so the screen can still be read; the shell writes its pid for ``appPID()``.
    func commandInShell() throws -> String {
        let script = dataDir.appendingPathComponent("run.sh")
        try """
            #!/bin/sh
            echo $$ > \(TmuxSession.quote(dataDir.appendingPathComponent("pid").path))
            \(command())
            echo EXITED-$?
            sleep 30
            """.write(to: script, atomically: true, encoding: .utf8)
        return "sh \(TmuxSession.quote(script.path))"
    }

    /// The pid of the app started by ``commandInShell()``: the shell's only child.
    func appPID() throws -> Int32 {
        let shellText = try String(contentsOf: dataDir.appendingPathComponent("pid"), encoding: .utf8)
        let shell = try #require(Int32(shellText.trimmingCharacters(in: .whitespacesAndNewlines)))
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return try #require(Int32(children.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// One spoken line of the transcript.
    struct Spoken: Equatable, CustomStringConvertible {
        var text: String
        var language: String
        var priority: String
        var description: String { "[\(priority) \(language)] \(text)" }
    }

    /// What was spoken so far, in order (interruptions and earcons left out).
    func spokenLines() -> [Spoken] {
        let url = dataDir.appendingPathComponent("transcript.jsonl")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["kind"] as? String == "speech", let text = object["text"] as? String else { return nil }
            return Spoken(text: text, language: object["lang"] as? String ?? "", priority: object["priority"] as? String ?? "")
        }
    }

    /// Every line of the transcript so far (speech, earcons and interruptions), as JSON objects.
    func transcriptRows() -> [[String: Any]] {
        let url = dataDir.appendingPathComponent("transcript.jsonl")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// The texts spoken so far, in order.
    func spoken() -> [String] { spokenLines().map(\.text) }

    /// Waits (bounded) until something spoken after the first `after` lines satisfies `condition`; returns it.
    @discardableResult
    func waitForSpeech(_ session: TmuxSession, after: Int = 0, timeout: Duration = .seconds(45), _ condition: (String) -> Bool) async -> String? {
        var found: String?
        await await session.waitUntil(timeout: timeout) {
            found = spoken().dropFirst(after).first(where: condition)
            return found != nil
        }
        return found
    }

    /// Runs a line-mode command on the same data folder (the app must have quit: the instance is in process).
    func line(_ arguments: [String]) throws -> Command.Result {
        try Command.run([TestPaths.parlaExecutable.path] + arguments + ["--data-dir", dataDir.path, "--lang", "en", "--quiet-demo"],
                        environment: TestEnvironment.forParla)
    }
}

extension TmuxSession {
    /// The hardware cursor must be on the focused item: on the row with the focus marker (`▶` for a
    /// control, `>` for the wheel's current post), or — for a control drawn over several rows, a text
    /// field or the keypad — on a row holding `rowContains`, at most `below` rows under the marker.
    func expectCursorOnFocus(_ step: String, rowContains: String? = nil, below: Int = 4,
                             sourceLocation: SourceLocation = #_sourceLocation) async throws {
        // The screen and the cursor are read by two tmux calls: a frame drawn between them is read again.
        var verdict = (ok: false, detail: "")
        var failure: (any Error)?
        try? await eventually("the cursor on the focus", timeout: .seconds(10), every: TmuxSession.pollInterval) {
            do {
                let screen = try capture()
                let cursor = try self.cursor()
                let row = cursor.y >= 0 && cursor.y < screen.count ? screen[cursor.y] : ""
                if let rowContains {
                    let marker = screen.indices.first { screen[$0].contains("▶") } ?? -1
                    verdict = (row.contains(rowContains) && marker >= 0 && (marker...(marker + below)).contains(cursor.y),
                               "\(step): cursor \(cursor) on '\(row)', focus marker on row \(marker)")
                } else {
                    verdict = (row.contains("▶") || row.trimmingCharacters(in: .whitespaces).hasPrefix(">"), "\(step): cursor \(cursor) on '\(row)'")
                }
            } catch {
                failure = error
                return true
            }
            return verdict.ok
        }
        if let failure { throw failure }
        #expect(verdict.ok, "\(verdict.detail)", sourceLocation: sourceLocation)
    }

    /// Quits with Ctrl+Q and waits for the program to end.
    func quit() async throws {
        try send("C-q")
        await waitUntil { !isRunning() }
    }
}

/// `parla serve` in its own process on a free port: a second server for the account tests.
final class ServeProcess {
    let process = Process()
    let url: String
    let token: String

    init(dataDir: URL = TestPaths.temporaryDirectory()) throws {
        process.executableURL = TestPaths.parlaExecutable
        process.arguments = ["serve", "--port", "0", "--data-dir", dataDir.path, "--lang", "en", "--quiet-demo"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        // It prints its address, then the owner's token, then "Press Ctrl+C to stop.".
        while !text.contains("Ctrl+C") {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let lines = text.split(separator: "\n").map(String.init)
        guard let url = lines.first?.split(separator: " ").last.map(String.init),
              let token = lines.first(where: { $0.hasPrefix("Owner access token:") })?.split(separator: " ").last.map(String.init)
        else {
            process.terminate()
            throw ServeError.noAddress(text)
        }
        self.url = url
        self.token = token
    }

    /// The account name Parla gives the owner of this server.
    var accountName: String { "owner@" + url.replacingOccurrences(of: "http://", with: "") }

    func stop() {
        guard process.isRunning else { return }
        process.interrupt()
        process.waitUntilExit()
    }

    deinit { stop() }

    enum ServeError: Error {
        case noAddress(String)
    }
}
