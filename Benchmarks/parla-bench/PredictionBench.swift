import Foundation
import LocalInstance
import LVControls
import ParlaBase
import WordPrediction

/// Word prediction's figure (issue 30): the presses, and for one switch the time, that writing the ten reference
/// posts (`Benchmarks/prediction/reference-posts.json`, five English, five Spanish) costs by keyboard, by keypad
/// and by one-switch scanning, each with and without prediction. The user's history is the demo community's
/// posts, learnt as if the user wrote them; the reference posts are never learnt.
///
/// The presses are counted on a model of Parla's own controls, with the real ``WordPredictor`` and the real
/// ``KeypadLayout``; see ``WritingModel``.
func predictionBench() throws {
    guard let resources = ResourceLocator.find(environment: ProcessInfo.processInfo.environment, executable: ResourceLocator.currentExecutable())
    else { throw BenchStepError(step: "the Localization folder was not found; set PARLA_RESOURCES") }
    let file = resources.root.appendingPathComponent("Benchmarks/prediction/reference-posts.json")
    let posts = try JSONDecoder().decode([String: [String]].self, from: Data(contentsOf: file))
    let now = Date()
    var memory = PredictionMemory()
    let history = DemoTexts.posts
    for (index, post) in history.enumerated() {
        memory.learn(post.text, at: now.addingTimeInterval(Double(index - history.count) * 3_600))
    }
    let lists = WordLists(localization: resources.localization)
    var characters = 0
    var totals: [String: WritingModel.Cost] = [:]
    for (code, texts) in posts.sorted(by: { $0.key < $1.key }) {
        guard let language = Language(rawValue: code) else { continue }
        let predictor = WordPredictor(memory: memory, list: lists.list(for: language))
        for text in texts {
            characters += text.count
            for way in WritingModel.Way.allCases {
                for predicted in [false, true] {
                    let model = WritingModel(way: way, predictor: predicted ? predictor : nil, now: now)
                    totals["\(way.rawValue)_\(predicted ? "on" : "off")", default: .init()] += try model.cost(of: text)
                }
            }
        }
    }
    figure("prediction_reference_characters", String(characters))
    for way in WritingModel.Way.allCases {
        for state in ["off", "on"] {
            let cost = totals["\(way.rawValue)_\(state)"] ?? .init()
            figure("prediction_\(way.rawValue)_\(state)_presses", String(cost.presses))
            figure("prediction_\(way.rawValue)_\(state)_presses_per_char", format(Double(cost.presses) / Double(characters)))
            if way == .scanning {
                figure("prediction_scanning_\(state)_minutes", format(Double(cost.steps) * WritingModel.dwell / 60))
            }
        }
    }
    func saving(_ way: WritingModel.Way, _ measure: (WritingModel.Cost) -> Int) -> String {
        let off = Double(measure(totals["\(way.rawValue)_off"] ?? .init())), on = Double(measure(totals["\(way.rawValue)_on"] ?? .init()))
        return format(off == 0 ? 0 : (1 - on / off) * 100)
    }
    figure("prediction_keys_saving_pct", saving(.keyboard, \.presses))
    figure("prediction_keypad_saving_pct", saving(.keypad, \.presses))
    figure("prediction_scan_saving_pct", saving(.scanning, \.presses))
    figure("prediction_scan_time_saving_pct", saving(.scanning, \.steps))
}

/// A model of what writing a text exactly costs in Parla's compose, press by press.
///
/// - keyboard: one press per character; a suggestion is one press (Alt+1 to Alt+5).
/// - keypad: digits typed as on a phone (a character costs its place on its key, `*` changes the mode, `#`
///   deletes); a suggestion costs Up twice from the centre key to the words' row the first time, then Right to
///   it and Enter (the finger stays on the row).
/// - scanning: one switch, the keypad scanned row, then key, then character (three presses for a character, `*`
///   for capitals), each step one dwell; with prediction the words' row is the first step of every round, and a
///   word costs two presses. A round ends with the "Send" step.
///
/// A suggestion is taken when it is the rest of the word being written and costs less than typing the rest; its
/// space is taken away (one more press) when punctuation follows the word.
struct WritingModel {
    enum Way: String, CaseIterable { case keyboard, keypad, scanning }

    struct Cost: Equatable {
        var presses = 0
        /// Dwell steps waited (scanning).
        var steps = 0

        static func += (left: inout Cost, right: Cost) {
            left.presses += right.presses
            left.steps += right.steps
        }
    }

    /// The default dwell, in seconds.
    static let dwell = 1.2

    let way: Way
    let predictor: WordPredictor?
    let now: Date

    private static let modes = Keypad.Mode.allCases

    /// Where a character is on the keypad: the key's index in ``KeypadLayout/keys``, its place on the key, its mode.
    private static func place(of character: Character) -> (key: Int, index: Int, mode: Keypad.Mode)? {
        for mode in modes {
            for (key, cap) in KeypadLayout.keys.enumerated() {
                if let index = KeypadLayout.characters(of: cap, mode: mode).firstIndex(of: character) { return (key, index, mode) }
            }
        }
        return nil
    }

    func cost(of text: String) throws -> Cost {
        let target = Array(text)
        var written: [Character] = []
        var cost = Cost()
        var mode = Keypad.Mode.lower
        var onWords = false
        while written.count < target.count {
            let position = written.count
            if let predictor, let (word, index) = suggestion(predictor, written: written, target: target) {
                let start = WordPredictor.position(in: written, cursor: position)?.start ?? position
                let end = start + word.count
                let spaced = end < target.count && target[end] == " "
                var choose = chooseCost(index, onWords: onWords)
                if !spaced { choose += deleteCost(mode: mode, words: true) }
                var typeRest = Cost()
                var restMode = mode
                for character in target[position..<min(target.count, end + (spaced ? 1 : 0))] {
                    typeRest += typeCost(character, mode: &restMode, words: true)
                }
                if choose.presses < typeRest.presses {
                    cost += choose
                    onWords = true
                    written = Array(target[..<end]) + (spaced ? [" "] : [])
                    continue
                }
            }
            cost += typeCost(target[position], mode: &mode, words: predictor != nil)
            written.append(target[position])
        }
        return cost
    }

    /// The suggestion that is the rest of the word being written, with its index.
    private func suggestion(_ predictor: WordPredictor, written: [Character], target: [Character]) -> (String, Int)? {
        guard let position = WordPredictor.position(in: written, cursor: written.count) else { return nil }
        var end = position.start
        while end < target.count, target[end].isLetter || "'’-·".contains(target[end]) { end += 1 }
        guard end > written.count else { return nil }
        let word = String(target[position.start..<end])
        let offered = predictor.suggestions(at: position, now: now)
        return offered.firstIndex(of: word).map { (word, $0) }
    }

    private func chooseCost(_ index: Int, onWords: Bool) -> Cost {
        switch way {
        case .keyboard: Cost(presses: 1)
        case .keypad: Cost(presses: (onWords ? 0 : 2) + index + 1)
        // Back to the top (the words' row), the switch on it, the words said in turn, the switch on the one.
        case .scanning: Cost(presses: 2, steps: 1 + index)
        }
    }

    private func deleteCost(mode: Keypad.Mode, words: Bool) -> Cost {
        switch way {
        case .keyboard, .keypad: Cost(presses: 1)
        // `#`: the fourth row's third key.
        case .scanning: Cost(presses: 2, steps: 1 + (words ? 1 : 0) + 3 + 2)
        }
    }

    /// Typing one character, changing the mode first when it needs another.
    private func typeCost(_ character: Character, mode: inout Keypad.Mode, words: Bool) -> Cost {
        if way == .keyboard { return Cost(presses: 1) }
        guard let place = Self.place(of: character) else { return Cost(presses: 1) }
        var cost = Cost()
        let from = Self.modes.firstIndex(of: mode)!, to = Self.modes.firstIndex(of: place.mode)!
        let switches = (to - from + Self.modes.count) % Self.modes.count
        let offset = way == .scanning && words ? 1 : 0
        for _ in 0..<switches {
            // `*`: the fourth row's first key.
            cost += way == .keypad ? Cost(presses: 1) : Cost(presses: 2, steps: 1 + offset + 3)
        }
        mode = place.mode
        let row = place.key / KeypadLayout.columns, column = place.key % KeypadLayout.columns
        cost += way == .keypad ? Cost(presses: place.index + 1) : Cost(presses: 3, steps: 1 + offset + row + column + place.index)
        return cost
    }
}
