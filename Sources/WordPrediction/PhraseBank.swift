import Foundation

/// The user's own whole phrases ("Thank you!", "I agree."), put in a post with one key or one scan step.
///
/// Kept in `phrases.json` in the config folder; the first time, it starts with the interface language's
/// starters. Sentences the user writes often are offered (``offered(from:)``), and kept only when the user
/// says so; one turned down is never offered again.
public struct PhraseBank: Codable, Sendable, Equatable {
    /// The phrases, in the user's order.
    public private(set) var phrases: [String]
    /// Offered phrases the user turned down.
    public private(set) var dismissed: [String] = []

    /// How often a sentence must have been written to be offered.
    public static let offerAfter = 3

    public init(phrases: [String]) {
        self.phrases = phrases
    }

    /// Adds a phrase at the end; false when it is empty or already there.
    @discardableResult
    public mutating func add(_ phrase: String) -> Bool {
        let trimmed = phrase.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !phrases.contains(trimmed) else { return false }
        phrases.append(trimmed)
        dismissed.removeAll { $0 == trimmed }
        return true
    }

    /// Changes phrase `index`; false when the new text is empty or another phrase already says it.
    @discardableResult
    public mutating func replace(_ index: Int, with phrase: String) -> Bool {
        let trimmed = phrase.trimmingCharacters(in: .whitespacesAndNewlines)
        guard phrases.indices.contains(index), !trimmed.isEmpty, !phrases.enumerated().contains(where: { $0.offset != index && $0.element == trimmed })
        else { return false }
        phrases[index] = trimmed
        return true
    }

    public mutating func remove(_ index: Int) {
        guard phrases.indices.contains(index) else { return }
        phrases.remove(at: index)
    }

    /// Turns down an offered phrase for good.
    public mutating func dismiss(_ phrase: String) {
        if !dismissed.contains(phrase) { dismissed.append(phrase) }
    }

    /// The sentences the user wrote at least ``offerAfter`` times that are neither kept nor turned down,
    /// the most written first.
    public func offered(from memory: PredictionMemory) -> [String] {
        memory.sentences.filter { $0.value >= Self.offerAfter }
            .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map(\.key).filter { !phrases.contains($0) && !dismissed.contains($0) }
    }
}

/// Where the phrases are kept: `phrases.json` in the config folder, readable by the user alone.
public struct PhraseStore: Sendable {
    public static let fileName = "phrases.json"

    private let json: PrivateJSONFile<PhraseBank>
    public var file: URL? { json.file }

    public init(configDirectory: URL?) {
        json = PrivateJSONFile(file: configDirectory?.appendingPathComponent(Self.fileName))
    }

    /// The phrases kept; `starters` when there is no file yet (or it cannot be read).
    public func load(starters: [String]) -> PhraseBank { json.load() ?? PhraseBank(phrases: starters) }

    /// Writes the phrases; false when they could not be written.
    @discardableResult
    public func save(_ bank: PhraseBank) -> Bool { json.save(bank) }
}
