import Foundation
import LVControls
import ParlaApp
import ParlaBase
import SpeechKit
import TerminalKit
import TestSupport
import Testing
import WordPrediction

/// Issue 30: compose offers predicted words on the keypad's row (or a row of their own without the keypad);
/// Alt+1 to Alt+5 put one in, whole, followed by a space, said in the post's voice.
@Suite struct WordPredictionComposeTests {
    static let lists = WordLists(localization: TestPaths.localization)

    func type(_ text: String, into h: AppHarness) async {
        for character in text { await h.press(.char(character)) }
    }

    func voices(_ h: AppHarness) -> [[String?]] { h.utterances.map { $0.segments.map(\.language) } }

    @Test func altAndANumberPutsTheWordInWholeWithASpaceAndTheNextWordsFollow() async throws {
        let h = try AppHarness(configDirectory: TestPaths.temporaryDirectory("prediction"), wordLists: Self.lists)
        await h.open()
        await h.press(.char("c"))
        await type("Thank yo", into: h)
        #expect(Array(h.lines[3...8]) == [
            "   Thank yo", "", "", "   Keypad: lower case",
            "   Words:  1 you  2 your  3 you're  4 young  5 york",
            "    1 .,?!      2 abcá      3 defé",
        ])
        h.speech.clear()
        await h.press(.alt("1"))
        #expect(h.lines[3] == "   Thank you")
        // The word is said in the post's voice, once; the next words are offered, not read out.
        #expect(h.texts == ["you"])
        #expect(voices(h) == [["en"]])
        #expect(h.lines[7] == "   Words:  1 the  2 to  3 and  4 of  5 a")
        // The cursor stays in the text, after the space.
        #expect(h.cursor == Point(x: 13, y: 3))
        // A number with no word says so, and nothing changes.
        await h.press(.char(" "), .char("x"), .char("q"), .char("z"))
        h.speech.clear()
        await h.press(.alt("1"))
        #expect(h.texts == ["No word 1"])
    }

    @Test func aSpanishPostIsPredictedFromSpanishWordsAndSaidInTheSpanishVoiceAccentsComeByThemselves() async throws {
        let h = try AppHarness(configDirectory: TestPaths.temporaryDirectory("prediction"), language: .spanish, wordLists: Self.lists)
        await h.open()
        await h.press(.char("c"))
        await type("Mañana esta", into: h)
        #expect(h.lines[7].hasPrefix("   Palabras:  1 está"))
        h.speech.clear()
        await h.press(.alt("1"))
        #expect(h.texts == ["está"])
        #expect(voices(h) == [["es"]])
    }

    @Test func aPostSentIsLearntAndItsWordsComeFirstNextTime() async throws {
        let folder = TestPaths.temporaryDirectory("prediction")
        let h = try AppHarness(configDirectory: folder, wordLists: Self.lists)
        await h.open()
        await h.press(.char("c"))
        await type("Radio tonight with Amara", into: h)
        await h.press(.f(3), .enter)
        await h.press(.char("c"))
        await type("Ra", into: h)
        #expect(h.lines[7] == "   Words:  1 Radio  2 Rather  3 Rate  4 Range  5 Race")
        await type("dio ", into: h)
        #expect(h.lines[7].hasPrefix("   Words:  1 tonight"))
        // Kept for the user alone, in the config folder.
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("prediction.json").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func withoutTheKeypadTheWordsHaveARowOfTheirOwnSaidWordByWordInThePostsVoice() async throws {
        var settings = AppSettings()
        settings.keypadShown = false
        let h = try AppHarness(settings: settings, configDirectory: TestPaths.temporaryDirectory("prediction"), wordLists: Self.lists)
        await h.open()
        await h.press(.char("c"))
        await type("Good mor", into: h)
        #expect(h.lines[7] == "   Words:  1 more  2 morning  3 moral  4 morgan  5 mortgage")
        h.speech.clear()
        await h.press(.tab, .right, .enter)
        // The first time in the session, with how to use it (the hint, once).
        #expect(h.texts.first == "Words, word suggestions, 1 of 5. more. Left and Right go through the words, Enter puts one in the text; Alt+1 to Alt+5 in the text do the same.")
        #expect(voices(h).first == [nil, "en", nil])
        #expect(h.texts[1] == "morning")
        #expect(h.texts.last == "morning")
        #expect(voices(h).last == ["en"])
        await h.press(.backTab)
        #expect(h.texts.last?.hasPrefix("Text") == true)
        #expect(h.texts.last?.contains("Good morning") == true)
    }

    @Test func predictionTurnedOffOffersNothingAndForgettingClearsWhatWasLearnt() async throws {
        let folder = TestPaths.temporaryDirectory("prediction")
        var memory = PredictionMemory()
        memory.learn("Radio tonight", at: Date(timeIntervalSince1970: 0).addingTimeInterval(1_700_000_000))
        PredictionStore(configDirectory: folder).save(memory)
        var settings = AppSettings()
        settings.wordPrediction = false
        let h = try AppHarness(settings: settings, configDirectory: folder, wordLists: Self.lists)
        await h.open()
        await h.press(.char("c"))
        await type("Ra", into: h)
        #expect(!h.lines.contains { $0.contains("Words:") })
        h.speech.clear()
        await h.press(.alt("1"))
        #expect(h.texts.isEmpty)
        #expect(PredictionStore(configDirectory: folder).load() == memory)
        // Settings' "Forget what prediction learnt" clears it at once, and says so.
        await h.press(.escape, .f(9))
        for _ in 0..<24 { await h.press(.tab) }
        #expect(h.texts.last?.hasPrefix("Forget what prediction learnt, button") == true, "\(h.texts.suffix(2))")
        await h.press(.enter)
        #expect(h.texts.last == "Prediction forgot what it learnt from your writing.")
        #expect(PredictionStore(configDirectory: folder).load().isEmpty)
    }
}

/// Issue 30: the user's phrases, one key (F6) from compose.
@Suite struct PhrasesScreenTests {
    func type(_ text: String, into h: AppHarness) async {
        for character in text { await h.press(.char(character)) }
    }

    @Test func f6OpensThePhrasesAndEnterPutsOneInThePostWhereTheCursorWas() async throws {
        let h = try AppHarness(configDirectory: TestPaths.temporaryDirectory("phrases"))
        await h.open()
        await h.press(.char("c"))
        await type("Great show.", into: h)
        h.speech.clear()
        await h.press(.f(6))
        #expect(h.lines[0] == " Phrases")
        #expect(h.texts == ["Phrases, wheel list, 1 of 6. Thank you! Up and Down move, type letters to jump, Enter chooses."])
        await h.press(.down, .enter)
        #expect(h.lines[0] == " New post")
        #expect(h.lines[3] == "   Great show. I agree.")
        // Back in the text, which says itself with the phrase in it (the phrase is not said again before it).
        #expect(h.texts == ["Phrases, wheel list, 1 of 6. Thank you! Up and Down move, type letters to jump, Enter chooses.", "I agree.",
                            "Text, text field, Great show. I agree. , cursor at the end, 479 characters left"])
    }

    @Test func thePostsTextIsAddedAsAPhraseAndPhrasesAreReplacedAndDeleted() async throws {
        let folder = TestPaths.temporaryDirectory("phrases")
        let h = try AppHarness(configDirectory: folder)
        await h.open()
        await h.press(.char("c"))
        await type("See you on Thursday!", into: h)
        await h.press(.f(6), .tab, .tab)      // the field (holding the post's text), then Add
        await h.press(.enter)
        #expect(h.texts.last == "Added: See you on Thursday!")
        let saved = PhraseStore(configDirectory: folder).load(starters: [])
        #expect(saved.phrases.last == "See you on Thursday!")
        #expect(saved.phrases.count == 7)
        // Delete (F2) removes the phrase under the marker: the new one, focused once added.
        await h.press(.backTab, .backTab, .f(2), .enter)
        #expect(h.texts.last == "Deleted: See you on Thursday!")
        #expect(PhraseStore(configDirectory: folder).load(starters: []).phrases.count == 6)
    }
}
