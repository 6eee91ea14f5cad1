import Foundation
import HunspellSpelling
import MicroblogKit
import ParlaApp
import ParlaBase
import SpeechKit
import TerminalKit
import TestSupport
import Testing

/// The spelling check in compose, with Debian's real Hunspell dictionaries (`make deps` installs them):
/// each misspelt word said with its suggestions and the cursor on it, one key to take a suggestion,
/// mentions, hashtags and links never taken for words.
@Suite struct ComposeSpellingTests {
    static let dictionaries = HunspellDictionaries()

    func type(_ text: String, into h: AppHarness) async {
        for character in text { await h.press(.char(character)) }
    }

    /// Compose open with `text` typed, on a harness with the real dictionaries.
    func compose(_ text: String, settings: AppSettings? = nil, configDirectory: URL? = nil,
                 spelling: (any SpellingDictionaries)? = ComposeSpellingTests.dictionaries) async throws -> AppHarness {
        let h = try AppHarness(settings: settings, configDirectory: configDirectory, spelling: spelling)
        await h.open()
        await h.press(.char("c"))
        await type(text, into: h)
        return h
    }

    @Test func aSpellingSuggestionIsTaken() async throws {
        let h = try await compose("I recieve @anna #frends at http://exampel.com")
        await h.press(.f(7))
        #expect(h.texts.last == "1 misspelt word. recieve, misspelt, 3 suggestions: receive, relieve, reverie.")
        // The cursor is on the word in the text; the suggestions are listed under it, the first focused.
        let cursor = try #require(h.cursor)
        #expect(h.lines[cursor.y].dropFirst(cursor.x).hasPrefix("recieve @anna"), "\(h.lines)")
        let list = h.lines.firstIndex { $0.contains("recieve: misspelt") }
        #expect(list == cursor.y + 3, "\(h.lines)")
        #expect(h.lines[cursor.y + 4].hasSuffix("> receive"), "\(h.lines)")
        await h.press(.down)
        #expect(h.texts.last == "relieve, 2 of 3")
        await h.press(.up, .enter)
        #expect(h.texts.suffix(2) == ["receive, 1 of 3", "Changed to receive. Spelling checked."])
        await h.press(.f(3), .enter)
        #expect(h.engine.sent.map(\.text) == ["I receive @anna #frends at http://exampel.com"])
    }

    @Test func rightSkipsAWordAndInsertAddsItToTheUsersWords() async throws {
        let folder = TestPaths.temporaryDirectory("spelling-words")
        let h = try await compose("Parlaa speaks, thx", configDirectory: folder)
        await h.press(.f(7))
        #expect(h.texts.last?.hasPrefix("2 misspelt words. Parlaa, misspelt, ") == true, "\(h.texts.last ?? "")")
        await h.press(.insert)
        #expect(h.texts.last?.hasPrefix("Parlaa added to your words. thx, misspelt, ") == true, "\(h.texts.last ?? "")")
        await h.press(.right)
        #expect(h.texts.last == "Spelling checked.")
        #expect(try String(contentsOf: folder.appendingPathComponent("words.txt"), encoding: .utf8) == "Parlaa\n")
        // The word is the user's from now on; Escape stops a review and keeps the text.
        await h.press(.f(7))
        #expect(h.texts.last?.hasPrefix("1 misspelt word. thx, misspelt, ") == true, "\(h.texts.last ?? "")")
        await h.press(.escape)
        #expect(h.texts.last == "Spelling check stopped.")
        await h.press(.f(3), .enter)
        #expect(h.engine.sent.map(\.text) == ["Parlaa speaks, thx"])
    }

    @Test func theDictionaryFollowsThePostsLanguage() async throws {
        let h = try await compose("Bon dia a tothom, avui fa sol")
        await h.press(.f(7))
        #expect(h.texts.last == "3 misspelt words. dia, misspelt, 5 suggestions: ja, aid, dis, di, dial.")
        await h.press(.escape)
        // Text, keypad, warning, attach, poll, schedule, visibility, then the language: English, Spanish, Catalan.
        await h.press(.tab, .tab, .tab, .tab, .tab, .tab, .tab, .right, .right, .enter, .f(7))
        #expect(h.texts.last == "No spelling mistakes.", "\(h.texts.suffix(3))")
    }

    @Test func aSpanishWordIsSaidInTheSpanishVoiceInAnEnglishInterface() async throws {
        let h = try await compose("Un arbol")
        await h.press(.tab, .tab, .tab, .tab, .tab, .tab, .tab, .right, .enter, .f(7))
        let said = try #require(h.utterances.last)
        #expect(said.text.hasPrefix("1 misspelt word. arbol, misspelt, "), "\(said.text)")
        let segments = said.resolvedSegments(interface: "en")
        // The closing full stop goes with the suggestion before it: no change of voice for a full stop alone.
        #expect(segments.map(\.language) == ["en", "es", "en", "es"])
        #expect(segments[1].text == "arbol")
        #expect(segments[3].text.hasPrefix("árbol"), "\(segments)")
        await h.press(.enter)
        #expect(h.utterances.last?.resolvedSegments(interface: "en").map(\.text) == ["Changed to ", "árbol. ", "Spelling checked."])
        await h.press(.f(3), .enter)
        #expect(h.engine.sent.map(\.text) == ["Un árbol"])
    }

    @Test func checkingBeforeSendingReviewsTheWordsThenSendsOnTheNextSend() async throws {
        var settings = AppSettings()
        settings.checkSpellingBeforeSending = true
        let h = try await compose("A smal step", settings: settings)
        await h.press(.f(3), .enter)
        #expect(h.engine.sent.isEmpty)
        #expect(h.texts.suffix(2).joined(separator: " | ").contains("1 misspelt word. smal, misspelt,"), "\(h.texts.suffix(3))")
        await h.press(.enter)
        #expect(h.texts.last?.hasPrefix("Changed to ") == true && h.texts.last?.hasSuffix(". Spelling checked. Press Send to post.") == true,
                "\(h.texts.last ?? "")")
        await h.press(.f(3), .enter)
        #expect(h.engine.sent.count == 1)
    }

    @Test func aMissingDictionaryIsSaidAndThePostStillGoes() async throws {
        var settings = AppSettings()
        settings.checkSpellingBeforeSending = true
        let h = try await compose("Hello", settings: settings, spelling: HunspellDictionaries(directories: ["/nonexistent"]))
        await h.press(.f(7))
        #expect(h.texts.last == "No English spelling dictionary is installed (Debian package hunspell-en-us). The post can still be sent.")
        await type("!", into: h)
        await h.press(.f(3), .enter)
        #expect(Array(h.texts.suffix(3).prefix(2)) == [
            "No English spelling dictionary is installed (Debian package hunspell-en-us). The post can still be sent.", "Sending",
        ], "\(h.texts.suffix(3))")
        #expect(h.engine.sent.map(\.text) == ["Hello!"])
    }
}

/// The words the check looks at: never a mention, hashtag, link, address, custom emoji or number.
@Suite struct SpellingWordsTests {
    @Test func mentionsHashtagsLinksAndNumbersAreNotWords() {
        let text = "Hi @ana@example.social, see #SwiftLang: https://exampel.com/x www.exampel.org mail ana@exampel.org :blobcat: 3rd l'àvia col·lega ok."
        let words = SpellingCheck.words(in: Array(text)).map(\.1)
        #expect(words == ["Hi", "see", "mail", "l'àvia", "col·lega", "ok"])
    }

    @Test func eachLanguageHasItsDictionary() throws {
        let dictionaries = HunspellDictionaries()
        let english = try #require(dictionaries.checker(for: .english))
        let spanish = try #require(dictionaries.checker(for: .spanish))
        let catalan = try #require(dictionaries.checker(for: .catalan))
        #expect(english.isCorrect("receive") && !english.isCorrect("recieve"))
        #expect(spanish.isCorrect("árbol") && !spanish.isCorrect("arbol"))
        #expect(spanish.suggestions(for: "arbol").first == "árbol")
        #expect(catalan.isCorrect("cotxe") && catalan.isCorrect("col·lega") && !catalan.isCorrect("cotxo"))
        #expect(HunspellDictionaries(directories: ["/nonexistent"]).checker(for: .english) == nil)
    }
}
