import Foundation
import SystemTestSupport
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A speech-dispatcher of the test's own: run as a single application on its own socket, with its own
/// configuration folder, whose only output module (speech-dispatcher's generic one) writes each message it
/// is given, with its language and voice, to a file instead of speaking it. The server's own log (level 5)
/// tells the priority each message was queued with.
final class LoggingSpeechDispatcher {
    let folder: URL
    let socket: String
    private let process: RunningCommand

    /// One message the output module was given.
    struct Message: Equatable, CustomStringConvertible {
        var language: String
        var voice: String
        var text: String
        var description: String { "[\(language) \(voice)] \(text)" }
    }

    /// Starts it and waits (bounded) until its socket is there.
    init() async throws {
        // A short path: a Unix socket's path has room for 107 bytes.
        folder = URL(fileURLWithPath: "/tmp/parla-sd-\(UUID().uuidString.prefix(8))")
        let modules = folder.appendingPathComponent("config/modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("log"), withIntermediateDirectories: true)
        socket = folder.appendingPathComponent("speechd.sock").path
        let spoken = folder.appendingPathComponent("spoken.tsv").path
        try """
            CommunicationMethod "unix_socket"
            SocketPath "\(socket)"
            LogLevel 5
            LogDir "\(folder.appendingPathComponent("log").path)"
            AudioOutputMethod "libao"
            AddModule "logger" "sd_generic" "logger.conf"
            DefaultModule logger
            DefaultLanguage "en"

            """.write(to: folder.appendingPathComponent("config/speechd.conf"), atomically: true, encoding: .utf8)
        // $LANGUAGE and $VOICE are the module's names for the message's language and the voice chosen for it.
        let languages = ["en", "en-gb", "en-us", "es", "ca"]
        try ([
            "Debug 0",
            "GenericExecuteSynth \"printf '%s\\\\t%s\\\\t%s\\\\n' \\'$LANGUAGE\\' \\'$VOICE\\' \\'$DATA\\' >> \(spoken)\"",
        ] + languages.map { "GenericLanguage \"\($0)\" \"\($0)\" \"utf-8\"" }
          + languages.map { "AddVoice \"\($0)\" \"MALE1\" \"voice-\($0)\"" }).joined(separator: "\n")
            .appending("\n").write(to: modules.appendingPathComponent("logger.conf"), atomically: true, encoding: .utf8)
        process = try Command.start(
            ["speech-dispatcher", "-s", "-C", folder.appendingPathComponent("config").path, "-c", "unix_socket", "-S", socket,
             "-t", "0", "-P", folder.appendingPathComponent("pid").path, "-L", folder.appendingPathComponent("log").path],
            environment: ProcessInfo.processInfo.environment)
        let socket = self.socket
        let process = self.process
        do {
            try await eventually("speech-dispatcher's socket", timeout: .seconds(15), every: .milliseconds(20)) {
                FileManager.default.fileExists(atPath: socket)
            }
        } catch {
            print("SPEECHD", process.outputSoFar, (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            throw error
        }
    }

    deinit { stop() }

    /// libspeechd's address of this server (`SPEECHD_ADDRESS`).
    var address: String { "unix_socket:" + socket }

    /// What the output module was given so far, in order.
    func messages() -> [Message] {
        let url = folder.appendingPathComponent("spoken.tsv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else { return nil }
            return Message(language: fields[0], voice: fields[1], text: fields[2])
        }
    }

    /// Each message the server queued, with its priority's SSIP name, in order (from its log), SSML tags left out.
    func queued() -> [(text: String, priority: String)] {
        let url = folder.appendingPathComponent("log/speech-dispatcher.log")
        guard let log = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        // "Queueing message |Added to favourites.| with priority 1"; the numbers are speechd's SPDPriority.
        let names = ["1": "important", "2": "message", "3": "text", "4": "notification", "5": "progress"]
        var found: [(String, String)] = []
        for line in log.split(separator: "\n") {
            guard let start = line.range(of: "Queueing message |"), let end = line.range(of: "| with priority ", options: .backwards),
                  start.upperBound <= end.lowerBound else { continue }
            let number = line[end.upperBound...].trimmingCharacters(in: .whitespaces)
            // A message in several languages is SSML (a <voice xml:lang> per part): its words without the tags.
            let text = String(line[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            found.append((text, names[number] ?? number))
        }
        return found
    }

    func stop() {
        process.signal(SIGTERM)
        _ = process.wait()
        try? FileManager.default.removeItem(at: folder)
    }
}
