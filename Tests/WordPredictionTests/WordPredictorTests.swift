import Foundation
import ParlaBase
import TestSupport
import Testing
@testable import WordPrediction

private let now = Date(timeIntervalSince1970: 1_790_000_000)
private let day: TimeInterval = 24 * 3600

private func suggestions(_ predictor: WordPredictor, _ text: String) -> [String] {
    predictor.suggestions(in: Array(text), cursor: text.count, now: now)
}

/// Issue 30: words that complete the one being typed, and after a space the likely next ones.
@Suite struct WordPredictorTests {
    static let english = WordList.load(.english, localization: TestPaths.localization)!
    static let spanish = WordList.load(.spanish, localization: TestPaths.localization)!
    static let catalan = WordList.load(.catalan, localization: TestPaths.localization)!

    @Test func theLanguagesListsHoldWholeWordsMostFrequentFirst() {
        #expect(Self.english.top(5) == ["the", "to", "and", "of", "a"])
        #expect(Self.spanish.top(5) == ["de", "la", "que", "el", "en"])
        #expect(Self.catalan.top(5) == ["de", "la", "a", "i", "que"])
        // Catalan's elided "l'" and "d'" are not offered as words of their own.
        #expect(!Self.catalan.words.prefix(100).contains("l"))
        #expect(!Self.catalan.words.prefix(100).contains("d"))
        #expect(Self.english.words.count == 20_000)
    }

    @Test func aWordIsCompletedFromTheLanguageMostFrequentFirstIgnoringAccents() {
        #expect(Self.english.completions(of: "acc", limit: 3) == ["according", "account", "access"])
        // A keypad or switch user need not reach the accented letters.
        #expect(Self.spanish.completions(of: "esta", limit: 3).contains("está"))
        #expect(Self.catalan.completions(of: "aixo", limit: 1) == ["això"])
    }

    @Test func theUsersOwnWordsComeBeforeTheLanguagesAndTheNewerBeforeTheOlder() {
        var memory = PredictionMemory()
        memory.learn("I listen with Parla every day.", at: now - 200 * day)
        memory.learn("Accessibility matters. Accessible terminals too.", at: now - day)
        let predictor = WordPredictor(memory: memory, list: Self.english)
        #expect(suggestions(predictor, "I love acc") == ["accessibility", "accessible", "according", "account", "access"])
        // As the user wrote it: a name keeps its capital.
        #expect(suggestions(predictor, "I use Pa").first == "Parla")
    }

    @Test func aRecentWordOutweighsAnOftenUsedOldOne() {
        var memory = PredictionMemory()
        for _ in 0..<3 { memory.learn("terminal", at: now - 365 * day) }
        memory.learn("terrific", at: now - day)
        let predictor = WordPredictor(memory: memory, list: nil)
        #expect(suggestions(predictor, "ter") == ["terrific", "terminal"])
    }

    @Test func afterASpaceTheUsersNextWordsComeFirstThenTheLanguagesCommonest() {
        var memory = PredictionMemory()
        memory.learn("Thank you for listening. Thank you all.", at: now - day)
        let predictor = WordPredictor(memory: memory, list: Self.english)
        #expect(suggestions(predictor, "Well, thank ") == ["you", "the", "to", "and", "of"])
        // A sentence's first word: the user's own starts, with a capital, then the language's.
        #expect(suggestions(predictor, "Great show. ") == ["Thank", "The", "To", "And", "Of"])
        #expect(suggestions(predictor, "").first == "Thank")
        // The mentions that open a reply: still the sentence's start.
        #expect(suggestions(predictor, "@ana@example.social ").first == "Thank")
        // After a link: no word before, so the language's commonest.
        #expect(suggestions(predictor, "see https://example.com ") == ["the", "to", "and", "of", "a"])
    }

    @Test func theRepliedPostsWordsAreOfferedBeforeTheLanguages() {
        let predictor = WordPredictor(memory: PredictionMemory(), list: Self.english, context: "Who is coming to the Thursday meetup?")
        #expect(suggestions(predictor, "See you at the mee").first == "meetup")
        #expect(suggestions(predictor, "On Thu").first == "Thursday")
    }

    @Test func aCapitalTypedIsKeptAndAFullyTypedWordIsNotOfferedAgain() {
        let predictor = WordPredictor(memory: PredictionMemory(), list: Self.english)
        #expect(suggestions(predictor, "Acc").first == "According")
        #expect(!suggestions(predictor, "the").contains("the"))
        #expect(suggestions(predictor, "the").first == "they")
    }

    @Test func mentionsHashtagsLinksAndNumbersAreLeftToTheirOwnCompletion() {
        let predictor = WordPredictor(memory: PredictionMemory(), list: Self.english)
        #expect(suggestions(predictor, "hi @an") == [])
        #expect(suggestions(predictor, "#acc") == [])
        #expect(suggestions(predictor, "see https://exa") == [])
        #expect(suggestions(predictor, "route 66th") == [])
        // In the middle of a word: nothing (the cursor is not at its end).
        #expect(predictor.suggestions(in: Array("access"), cursor: 3, now: now) == [])
    }

    @Test func learningLeavesOutMentionsTagsLinksAndDoesNotPairAcrossSentences() {
        var memory = PredictionMemory()
        memory.learn("@ana Thanks! See https://example.com #parla today", at: now)
        #expect(Set(memory.words.keys) == ["thanks", "see", "today"])
        // "Thanks!" ends a sentence; "see" and "today" are apart (a link and a hashtag between them).
        #expect(memory.pairs["thanks"] == nil)
        #expect(memory.pairs["see"] == nil)
        #expect(memory.pairs[""]?.keys.sorted() == ["see", "thanks"])
        // A sentence's capital is not kept: the word is offered lower case in the middle of a sentence.
        #expect(memory.words["thanks"]?.form == "thanks")
    }

    @Test func aPostIsLearntOnceAndForgettingKeepsOlderPostsFromComingBack() {
        var memory = PredictionMemory()
        memory.learn("radio tonight", at: now - day, postId: "1")
        memory.learn("radio tonight", at: now - day, postId: "1")
        #expect(memory.words["radio"]?.count == 1)
        memory.forget(at: now)
        #expect(memory.isEmpty)
        // The cache is read again at the next compose: what was written before forgetting stays forgotten.
        memory.learn("radio tonight", at: now - day, postId: "1")
        #expect(memory.isEmpty)
        memory.learn("new words", at: now + day, postId: "2")
        #expect(memory.words.keys.sorted() == ["new", "words"])
    }

    @Test func whatWasLearntIsKeptInTheConfigFolderForTheUserAlone() throws {
        let folder = TestPaths.temporaryDirectory("prediction")
        let store = PredictionStore(configDirectory: folder)
        var memory = PredictionMemory()
        memory.learn("Bon dia a tothom", at: now)
        #expect(store.save(memory))
        #expect(store.load() == memory)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("prediction.json").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        // A broken file is an empty memory, written anew.
        try Data("{".utf8).write(to: folder.appendingPathComponent("prediction.json"))
        #expect(store.load().isEmpty)
    }
}
