import Foundation
import TestSupport
import Testing
@testable import WordPrediction

/// Issue 30: the user's phrases, and the sentences written often offered as phrases.
@Suite struct PhraseBankTests {
    @Test func phrasesAreAddedReplacedAndRemovedWithoutDoubles() {
        var bank = PhraseBank(phrases: ["Thank you!"])
        let added = bank.add(" I agree. "), again = bank.add("Thank you!"), blank = bank.add("   ")
        #expect(added && !again && !blank)
        let double = bank.replace(0, with: "I agree."), replaced = bank.replace(0, with: "Thanks a lot!")
        #expect(!double && replaced)
        bank.remove(1)
        #expect(bank.phrases == ["Thanks a lot!"])
    }

    @Test func aSentenceWrittenThreeTimesIsOfferedUntilKeptOrTurnedDown() {
        var memory = PredictionMemory()
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        for day in 0..<3 { memory.learn("Good show tonight. Thank you all! See https://example.com", at: now + Double(day)) }
        memory.learn("One more thing.", at: now)
        var bank = PhraseBank(phrases: [])
        #expect(bank.offered(from: memory) == ["Good show tonight.", "Thank you all!"])
        bank.add("Thank you all!")
        bank.dismiss("Good show tonight.")
        #expect(bank.offered(from: memory).isEmpty)
    }

    @Test func theStartersComeTheFirstTimeAndThePhrasesAreKeptForTheUserAlone() throws {
        let folder = TestPaths.temporaryDirectory("phrases")
        let store = PhraseStore(configDirectory: folder)
        var bank = store.load(starters: ["Thank you!", "I agree."])
        #expect(bank.phrases == ["Thank you!", "I agree."])
        bank.remove(0)
        #expect(store.save(bank))
        #expect(store.load(starters: ["Thank you!"]).phrases == ["I agree."])
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("phrases.json").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }
}
