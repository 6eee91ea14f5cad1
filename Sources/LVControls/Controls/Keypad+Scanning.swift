import SpeechKit
/// One-switch scanning of the keypad, row then column: the rows are said in turn ("Row 2: 4: g h i; 5: j k l;
/// 6: m n o"), the switch takes a row, then its keys are said in turn, and the switch on a key starts the
/// key's own run of characters (the switch then takes the one said) or, on * and #, changes the mode or
/// deletes. After a character, scanning starts again at the rows. The second switch goes from the keys
/// back to the rows, and from the rows out of the keypad. With a ``Keypad/doneTitle``, the rows are followed
/// by one more step, said by that name ("Send"): the switch there leaves the keypad and activates it, so a
/// post is sent without scanning the whole screen to its Send button. With ``Keypad/words`` (word prediction),
/// the words' row is the first step ("Words: thank, the, to"): the switch takes it, its words are said in
/// turn, and the switch on one puts it in the text; scanning then starts again at the words, now the next ones.
extension Keypad: SwitchScannable {
    private static var rows: Int { KeypadLayout.keys.count / KeypadLayout.columns }

    private var row: Int { selected / KeypadLayout.columns }

    private func rowSpoken(_ context: ControlContext) -> String {
        let first = row * KeypadLayout.columns
        let keys = (first..<first + KeypadLayout.columns).map { keySpoken($0, context) }
        return context.string("lv.keypad.row", ["n": String(row + 1), "keys": keys.joined(separator: "; ")])
    }

    /// The words' row as scanning says it: "Words: thank, the, to", each word in the text's voice.
    private func wordsRowSpoken(_ context: ControlContext) -> Announcement {
        var segments = [Utterance.Segment(context.string("lv.keypad.words.row"))]
        for (index, word) in words.enumerated() {
            if index > 0 { segments.append(Utterance.Segment(", ")) }
            segments.append(Utterance.Segment(word, language: wordsLanguage))
        }
        return .say(Utterance(segments: segments))
    }

    /// Scanning's first step: the words' row when there are words, else the first row of keys.
    private func scanTop(context: ControlContext) -> Announcement {
        scanFromTop = false
        scanOnDone = false
        scanOnStep = nil
        place(at: 0)
        if words.isEmpty {
            scanOnWords = false
            wordIndex = nil
            return .text(rowSpoken(context))
        }
        scanOnWords = true
        wordIndex = 0
        return wordsRowSpoken(context)
    }

    public func scanEnter(context: ControlContext) -> ControlResponse {
        var response = focusLeft(context: context)
        scanningKeys = false
        scanningWords = false
        response.announcements.append(scanTop(context: context))
        return response
    }

    public func scanStep(context: ControlContext) -> ControlResponse {
        if scanningWords {
            let next = ((wordIndex ?? -1) + 1) % max(1, words.count)
            guard words.indices.contains(next) else { return ControlResponse([scanTop(context: context)]) }
            wordIndex = next
            return ControlResponse([wordSpoken(next)])
        }
        if scanFromTop { return ControlResponse([scanTop(context: context)]) }
        if scanOnWords {
            scanOnWords = false
            wordIndex = nil
            place(at: 0)
            return ControlResponse([.text(rowSpoken(context))])
        }
        if scanningKeys {
            let column = (selected % KeypadLayout.columns + 1) % KeypadLayout.columns
            place(at: row * KeypadLayout.columns + column)
            return ControlResponse([.text(keySpoken(selected, context), earcon: selected == KeypadLayout.centre ? .keypadCentre : nil)])
        }
        // After the last row: the keypad's own steps ("Phrases"), then Send.
        if !scanOnDone, row == Self.rows - 1 {
            let next = scanOnStep.map { $0 + 1 } ?? 0
            if steps.indices.contains(next) {
                scanOnStep = next
                return ControlResponse([.text(steps[next])])
            }
            scanOnStep = nil
            if let doneTitle {
                scanOnDone = true
                return ControlResponse([.text(doneTitle)])
            }
        }
        // After the last row (and Send): round again from the top, the words first.
        if scanOnDone || row == Self.rows - 1 { return ControlResponse([scanTop(context: context)]) }
        place(at: (row + 1) * KeypadLayout.columns)
        return ControlResponse([.text(rowSpoken(context))])
    }

    public func scanSelect(context: ControlContext) -> ScanOutcome {
        if scanOnDone {
            scanOnDone = false
            return ScanOutcome(ControlResponse([], events: [ControlEvent(source: self, kind: .activated)]), stays: false)
        }
        if let step = scanOnStep {
            scanOnStep = nil
            return ScanOutcome(ControlResponse([], events: [ControlEvent(source: self, kind: .step(step))]), stays: false)
        }
        if scanningWords, let wordIndex, words.indices.contains(wordIndex) {
            scanningWords = false
            scanOnWords = false
            scanFromTop = true
            return ScanOutcome(choose(wordIndex), stays: true)
        }
        if scanOnWords, !words.isEmpty {
            scanningWords = true
            wordIndex = 0
            return ScanOutcome(ControlResponse([wordSpoken(0)]), stays: true)
        }
        guard scanningKeys else {
            scanningKeys = true
            return ScanOutcome(ControlResponse([.text(keySpoken(selected, context))]), stays: true)
        }
        // The key's own run (or its action, on * and #); the host lets the run go on by itself.
        scanningKeys = false
        let response = handle(.enter, context: context) ?? .none
        scanFromTop = true
        return ScanOutcome(response, stays: true)
    }

    /// The key's run ended (a character taken, or none): the next step starts at the first row again.
    public func scanResumed(context: ControlContext) -> ControlResponse {
        scanningKeys = false
        scanFromTop = true
        return .none
    }

    public func scanBack(context: ControlContext) -> ScanOutcome {
        scanOnDone = false
        scanOnStep = nil
        if scanningWords {
            scanningWords = false
            wordIndex = 0
            return ScanOutcome(ControlResponse([wordsRowSpoken(context)]), stays: true)
        }
        scanOnWords = false
        wordIndex = nil
        guard scanningKeys else { return ScanOutcome(.none, stays: false) }
        scanningKeys = false
        place(at: row * KeypadLayout.columns)
        return ScanOutcome(ControlResponse([.text(rowSpoken(context))]), stays: true)
    }

    public var scanCycle: Int {
        if scanningWords { return max(1, words.count) }
        return scanningKeys ? KeypadLayout.columns : Self.rows + steps.count + (doneTitle == nil ? 0 : 1) + (words.isEmpty ? 0 : 1)
    }
}
