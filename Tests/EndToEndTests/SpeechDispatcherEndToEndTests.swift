import Foundation
import SystemTestSupport
import Testing
import TestSupport

/// `--speech speechd` against a speech-dispatcher the test starts, whose output module logs what it is
/// given (issue 28, item 4): the priorities and the voice for each post's language reach it.
@Suite(.serialized) struct SpeechDispatcherEndToEndTests {
    @Test func speechDispatcherGetsEachPostInItsLanguageAndAnswersAsImportant() async throws {
        let speechd = try await LoggingSpeechDispatcher()
        defer { speechd.stop() }
        let app = AppDriver()
        let session = try TmuxSession(width: 80, height: 24, command: app.command("--speech speechd"),
                                      environment: ["SPEECHD_ADDRESS": speechd.address])
        defer { session.close() }
        try await session.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("You are in Home") } }

        /// Waits (bounded) until speech-dispatcher has queued a message starting with `start`; returns its priority.
        func queued(_ start: String) async -> String? {
            var priority: String?
            try? await eventually("speech-dispatcher to queue '\(start)'", timeout: .seconds(45), every: .milliseconds(20)) {
                priority = speechd.queued().last { $0.text.hasPrefix(start) }?.priority
                return priority != nil
            }
            return priority
        }
        /// The output module's messages that hold `words`.
        func module(_ words: String) -> [LoggingSpeechDispatcher.Message] { speechd.messages().filter { $0.text.contains(words) } }

        // The post under the focus as Parla opens, then the next ones: focus speech is SSIP's TEXT.
        #expect(await queued("Parla Tips: Tip: filters you set on your server work in Parla too.") == "text", "\(speechd.queued())")
        for author in ["Tom Whitaker: People keep asking", "Amara Okafor:", "Lucía Fernández: Filtered: The Long Tide", "Daniel Reyes:",
                       "Lucía Fernández boosted Pablo Ruiz:"] {
            try session.send("Down")
            let priority = await queued(author)
            #expect(priority == "text", "\(author): \(speechd.queued())")
            // A listener hears a post out before the next key: the next post's TEXT cancels one not yet given
            // to the output module, which under load can be slower than the test's next key.
            if author.hasPrefix("Tom Whitaker") {
                try await eventually("Tom Whitaker's post spoken", timeout: .seconds(45), every: .milliseconds(20)) {
                    !module("People keep asking what voice I listen to all day.").isEmpty
                }
            }
        }
        try await eventually("the Spanish post spoken", timeout: .seconds(45), every: .milliseconds(20)) { !module("Totalmente").isEmpty }

        // Each post in its language's voice; the interface's words in the interface's (en-GB).
        #expect(module("People keep asking what voice I listen to all day.").map(\.description)
                == ["[en voice-en] Tom Whitaker: People keep asking what voice I listen to all day."], "\(speechd.messages())")
        #expect(module("Totalmente").map { "\($0.language) \($0.voice)" } == ["es voice-es"], "\(speechd.messages())")
        // The opening words may be cut by the first post before the module speaks them (the TEXT that follows
        // cancels them under load); when spoken, they are in the interface's voice, as "Added to favourites" is below.
        #expect(module("Home · local.").allSatisfy { "\($0.language) \($0.voice)" == "en-gb voice-en-gb" }, "\(speechd.messages())")

        // An answer to what the user did cuts in: SSIP's IMPORTANT.
        try session.send("f")
        #expect(await queued("Added to favourites") == "important", "\(speechd.queued())")
        try await eventually("the answer spoken", timeout: .seconds(45), every: .milliseconds(20)) { !module("Added to favourites").isEmpty }
        #expect(module("Added to favourites").map(\.description) == ["[en-gb voice-en-gb] Added to favourites"])
        try await session.quit()
    }
}
