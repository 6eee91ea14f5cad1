import TerminalKitTesting
import Testing
import TerminalKit

@Suite struct KeyTests {
    @Test func textFormRoundTrips() {
        let keys: [Key] = [
            .char("a"), .char("Ñ"), .ctrl("q"), .alt("x"), .backTab, .tab, .enter, .escape, .backspace, .delete,
            .insert, .home, .end, .pageUp, .pageDown, .up, .down, .left, .right, .space, .char("+"), .f(1), .f(12),
            Key(.left, [.ctrl]), Key(.right, [.ctrl, .shift]), Key(.function(5), .alt), .resize,
        ]
        for key in keys {
            #expect(Key(parsing: key.description) == key, "\(key)")
        }
        #expect(keys.map(\.description) == [
            "a", "Ñ", "ctrl+q", "alt+x", "shift+tab", "tab", "enter", "esc", "backspace", "delete",
            "insert", "home", "end", "pgup", "pgdn", "up", "down", "left", "right", "space", "plus", "f1", "f12",
            "ctrl+left", "ctrl+shift+right", "alt+f5", "resize",
        ])
    }

    @Test func parsingIsForgiving() {
        #expect(Key(parsing: "Ctrl+Q") == .ctrl("q"))
        #expect(Key(parsing: "ctrl+Q") == .ctrl("q"))
        #expect(Key(parsing: "Shift+Tab") == .backTab)
        #expect(Key(parsing: "F5") == .f(5))
        #expect(Key(parsing: "Escape") == .escape)
        #expect(Key(parsing: ".") == .char("."))
        #expect(Key(parsing: "+") == .char("+"))
        #expect(Key(parsing: "ctrl++") == Key(.character("+"), .ctrl))
        #expect(Key(parsing: "hyper+x") == nil)
        #expect(Key(parsing: "") == nil)
        #expect(Key(parsing: "f99") == nil)
    }

    @Test func printableExcludesModifiedKeys() {
        #expect(Key.char("a").printable == "a")
        #expect(Key.ctrl("a").printable == nil)
        #expect(Key.alt("a").printable == nil)
        #expect(Key.enter.printable == nil)
    }

    @Test func keyTablesFindTheirAction() {
        let table: [KeyBinding<String>] = [
            KeyBinding([.tab, .down], "next", "key.next"),
            KeyBinding([.ctrl("q")], "quit", "key.quit"),
        ]
        #expect(table.action(for: .down) == "next")
        #expect(table.action(for: Key(parsing: "ctrl+Q")!) == "quit")
        #expect(table.action(for: .up) == nil)
    }
}

@Suite struct AnsiKeyDecoderTests {
    private func decode(_ text: String) -> [Key] { AnsiKeyDecoder.decodeAll(Array(text.utf8)) }

    @Test func decodesTheWholeKeyTable() {
        let table: [(String, Key)] = [
            ("a", .char("a")), ("Z", .char("Z")), (" ", .space), ("ñ", .char("ñ")), ("日", .char("日")), ("😀", .char("😀")),
            ("\t", .tab), ("\u{1B}[Z", .backTab), ("\r", .enter), ("\n", .enter), ("\r\n", .enter),
            ("\u{7F}", .backspace), ("\u{08}", .backspace),
            ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
            ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
            ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
            ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
            ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
            ("\u{1B}OP", .f(1)), ("\u{1B}OQ", .f(2)), ("\u{1B}OR", .f(3)), ("\u{1B}OS", .f(4)),
            ("\u{1B}[11~", .f(1)), ("\u{1B}[12~", .f(2)), ("\u{1B}[13~", .f(3)), ("\u{1B}[14~", .f(4)),
            ("\u{1B}[15~", .f(5)), ("\u{1B}[17~", .f(6)), ("\u{1B}[18~", .f(7)), ("\u{1B}[19~", .f(8)),
            ("\u{1B}[20~", .f(9)), ("\u{1B}[21~", .f(10)), ("\u{1B}[23~", .f(11)), ("\u{1B}[24~", .f(12)),
            ("\u{1B}[[A", .f(1)), ("\u{1B}[[E", .f(5)),
            ("\u{11}", .ctrl("q")), ("\u{01}", .ctrl("a")), ("\u{1A}", .ctrl("z")), ("\u{00}", Key(.character(" "), .ctrl)),
            ("\u{1B}x", .alt("x")), ("\u{1B}X", .alt("X")), ("\u{1B}\u{11}", Key(.character("q"), [.ctrl, .alt])),
            ("\u{1B}[1;5D", Key(.left, .ctrl)), ("\u{1B}[1;5C", Key(.right, .ctrl)), ("\u{1B}[1;3A", Key(.up, .alt)),
            ("\u{1B}[1;2B", Key(.down, .shift)), ("\u{1B}[3;5~", Key(.delete, .ctrl)), ("\u{1B}[1;2P", Key(.function(1), .shift)),
            ("\u{1B}[15;5~", Key(.function(5), .ctrl)), ("\u{1B}[1;6H", Key(.home, [.ctrl, .shift])),
        ]
        for (bytes, key) in table {
            #expect(decode(bytes) == [key], "\(bytes.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func aLoneEscapeWaitsThenIsEsc() {
        var decoder = AnsiKeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.isPending)
        #expect(decoder.flush() == [.escape])
        #expect(decode("\u{1B}\u{1B}") == [.escape, .escape])
    }

    @Test func sequencesSplitAcrossReadsAreJoined() {
        var decoder = AnsiKeyDecoder()
        #expect(decoder.feed([0x1B, UInt8(ascii: "[")]) == [])
        #expect(decoder.feed([UInt8(ascii: "1"), UInt8(ascii: "5")]) == [])
        #expect(decoder.feed([UInt8(ascii: "~"), UInt8(ascii: "a")]) == [.f(5), .char("a")])
        let euro = Array("€".utf8)
        #expect(decoder.feed(euro[0..<2]) == [])
        #expect(decoder.feed(euro[2...]) == [.char("€")])
    }

    @Test func combiningMarksJoinTheirBase() {
        #expect(decode("e\u{301}x") == [.char("e\u{301}"), .char("x")])
    }

    @Test func garbageIsDroppedNotCrashed() {
        #expect(AnsiKeyDecoder.decodeAll([0xFF, 0xFE, UInt8(ascii: "a")]) == [.char("a")])
        #expect(decode("\u{1B}[99~b") == [.char("b")])
        #expect(decode("\u{1C}") == [])
    }

    @Test func pastedTextBecomesKeys() {
        #expect(decode("hi\t\u{11}") == [.char("h"), .char("i"), .tab, .ctrl("q")])
    }
}

@Suite struct OutputModeTests {
    @Test func linesWhenNotATerminalOrDumb() {
        #expect(OutputMode.detect(stdoutIsTerminal: true, term: "xterm-256color") == .screen)
        #expect(OutputMode.detect(stdoutIsTerminal: true, term: "dumb") == .line)
        #expect(OutputMode.detect(stdoutIsTerminal: true, term: nil) == .line)
        #expect(OutputMode.detect(stdoutIsTerminal: true, term: "") == .line)
        #expect(OutputMode.detect(stdoutIsTerminal: false, term: "xterm") == .line)
    }
}

@Suite struct MemoryTerminalTests {
    @Test func replaysKeysAndRecordsFrames() {
        let terminal = MemoryTerminal(size: Size(width: 10, height: 2), endWhenEmpty: true)
        terminal.type(.tab)
        terminal.type(text: "ab")
        terminal.resize(to: Size(width: 20, height: 5))
        #expect(terminal.nextKey(timeout: nil) == .tab)
        #expect(terminal.nextKey(timeout: nil) == .char("a"))
        #expect(terminal.nextKey(timeout: nil) == .char("b"))
        #expect(terminal.size == Size(width: 10, height: 2))
        #expect(terminal.nextKey(timeout: nil) == .resize)
        #expect(terminal.size == Size(width: 20, height: 5))
        #expect(terminal.nextKey(timeout: nil) == nil)
        #expect(terminal.inputEnded)
        terminal.present(CellGrid(size: Size(width: 2, height: 1)), cursor: Point(x: 1, y: 0))
        #expect(terminal.frames.map(\.cursor) == [Point(x: 1, y: 0)])
    }
}
