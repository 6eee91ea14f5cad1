/// One-switch scanning of the keypad, row then column: the rows are said in turn ("Row 2: 4: g h i; 5: j k l;
/// 6: m n o"), the switch takes a row, then its keys are said in turn, and the switch on a key starts the
/// key's own run of characters (the switch then takes the one said) or, on * and #, changes the mode or
/// deletes. After a character, scanning starts again at the rows. The second switch goes from the keys
/// back to the rows, and from the rows out of the keypad. With a ``Keypad/doneTitle``, the rows are followed
/// by one more step, said by that name ("Send"): the switch there leaves the keypad and activates it, so a
/// post is sent without scanning the whole screen to its Send button.
extension Keypad: SwitchScannable {
    private static var rows: Int { KeypadLayout.keys.count / KeypadLayout.columns }

    private var row: Int { selected / KeypadLayout.columns }

    private func rowSpoken(_ context: ControlContext) -> String {
        let first = row * KeypadLayout.columns
        let keys = (first..<first + KeypadLayout.columns).map { keySpoken($0, context) }
        return context.string("lv.keypad.row", ["n": String(row + 1), "keys": keys.joined(separator: "; ")])
    }

    public func scanEnter(context: ControlContext) -> ControlResponse {
        var response = focusLeft(context: context)
        scanningKeys = false
        scanFromTop = false
        scanOnDone = false
        place(at: 0)
        response.announcements.append(.text(rowSpoken(context)))
        return response
    }

    public func scanStep(context: ControlContext) -> ControlResponse {
        if scanningKeys {
            let column = (selected % KeypadLayout.columns + 1) % KeypadLayout.columns
            place(at: row * KeypadLayout.columns + column)
            return ControlResponse([.text(keySpoken(selected, context), earcon: selected == KeypadLayout.centre ? .keypadCentre : nil)])
        }
        if let doneTitle, !scanFromTop, !scanOnDone, row == Self.rows - 1 {
            scanOnDone = true
            return ControlResponse([.text(doneTitle)])
        }
        place(at: scanFromTop || scanOnDone ? 0 : ((row + 1) % Self.rows) * KeypadLayout.columns)
        scanFromTop = false
        scanOnDone = false
        return ControlResponse([.text(rowSpoken(context))])
    }

    public func scanSelect(context: ControlContext) -> ScanOutcome {
        if scanOnDone {
            scanOnDone = false
            return ScanOutcome(ControlResponse([], events: [ControlEvent(source: self, kind: .activated)]), stays: false)
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
        guard scanningKeys else { return ScanOutcome(.none, stays: false) }
        scanningKeys = false
        place(at: row * KeypadLayout.columns)
        return ScanOutcome(ControlResponse([.text(rowSpoken(context))]), stays: true)
    }

    public var scanCycle: Int { scanningKeys ? KeypadLayout.columns : Self.rows + (doneTitle == nil ? 0 : 1) }
}
