import CursesTerminal
import Testing
import TerminalKit

/// The ncurses key codes (from curses.h); fixed by the X/Open curses standard.
private enum Code {
    static let down: Int32 = 0o402, up: Int32 = 0o403, left: Int32 = 0o404, right: Int32 = 0o405
    static let home: Int32 = 0o406, backspace: Int32 = 0o407, f0: Int32 = 0o410
    static let dc: Int32 = 0o512, ic: Int32 = 0o513, npage: Int32 = 0o522, ppage: Int32 = 0o523
    static let enter: Int32 = 0o527, a1: Int32 = 0o534, a3: Int32 = 0o535, c1: Int32 = 0o537, c3: Int32 = 0o540
    static let btab: Int32 = 0o541, end: Int32 = 0o550, sdc: Int32 = 0o577, send: Int32 = 0o602
    static let shome: Int32 = 0o607, sleft: Int32 = 0o611, sright: Int32 = 0o622, sf: Int32 = 0o520, sr: Int32 = 0o521
    static let resize: Int32 = 0o632
}

@Suite struct CursesKeyDecoderTests {
    @Test func decodesCharacters() {
        let table: [(Int32, Key?)] = [
            (97, .char("a")), (65, .char("A")), (32, .space), (0xF1, .char("ñ")), (0x65E5, .char("日")),
            (0x1F600, .char("😀")), (9, .tab), (10, .enter), (13, .enter), (127, .backspace), (8, .backspace),
            (27, .escape), (17, .ctrl("q")), (1, .ctrl("a")), (26, .ctrl("z")), (0, Key(.character(" "), .ctrl)),
            (28, nil), (31, nil),
        ]
        for (value, key) in table {
            #expect(CursesKeyDecoder.decode(character: value) == key, "\(value)")
        }
    }

    @Test func decodesKeyCodes() {
        let table: [(Int32, Key)] = [
            (Code.up, .up), (Code.down, .down), (Code.left, .left), (Code.right, .right),
            (Code.home, .home), (Code.a1, .home), (Code.end, .end), (Code.c1, .end),
            (Code.ppage, .pageUp), (Code.a3, .pageUp), (Code.npage, .pageDown), (Code.c3, .pageDown),
            (Code.dc, .delete), (Code.ic, .insert), (Code.backspace, .backspace), (Code.enter, .enter),
            (Code.btab, .backTab), (Code.resize, .resize),
            (Code.sleft, Key(.left, .shift)), (Code.sright, Key(.right, .shift)), (Code.shome, Key(.home, .shift)),
            (Code.send, Key(.end, .shift)), (Code.sdc, Key(.delete, .shift)), (Code.sr, Key(.up, .shift)),
            (Code.sf, Key(.down, .shift)),
        ]
        for (value, key) in table {
            #expect(CursesKeyDecoder.decode(keyCode: value, name: nil) == key, "\(value)")
        }
        for n in 1...12 {
            #expect(CursesKeyDecoder.decode(keyCode: Code.f0 + Int32(n), name: nil) == .f(n))
            #expect(CursesKeyDecoder.decode(keyCode: Code.f0 + Int32(n + 12), name: nil) == Key(.function(n), .shift))
            #expect(CursesKeyDecoder.decode(keyCode: Code.f0 + Int32(n + 24), name: nil) == Key(.function(n), .ctrl))
        }
    }

    @Test func decodesExtendedNamesOfModifiedKeys() {
        let table: [(String, Key?)] = [
            ("kLFT5", Key(.left, .ctrl)), ("kRIT5", Key(.right, .ctrl)), ("kUP3", Key(.up, .alt)),
            ("kDN2", Key(.down, .shift)), ("kHOM6", Key(.home, [.ctrl, .shift])), ("kEND7", Key(.end, [.ctrl, .alt])),
            ("kDC5", Key(.delete, .ctrl)), ("kIC3", Key(.insert, .alt)), ("kNXT5", Key(.pageDown, .ctrl)),
            ("kPRV3", Key(.pageUp, .alt)), ("kFOO5", nil), ("kUP", nil), ("kUP1", nil),
        ]
        for (name, key) in table {
            #expect(CursesKeyDecoder.decode(keyCode: 600, name: name) == key, "\(name)")
        }
    }
}
