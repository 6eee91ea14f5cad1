import ParlaBase
import ParlaBaseTesting
import TerminalKit
import Testing

/// Issue 29: the picture view draws in pixels only on a terminal that says it can, asked before curses starts: DA1
/// listing 4 is sixel; kitty's query, sent only to a VT220 or later, answered OK is kitty's graphics; a terminal that
/// answers nothing is waited for 100 ms at most.
@Suite struct TerminalGraphicsTests {
    /// A terminal that answers each query with the replies given, in order, 5 ms after it; nothing when they run out.
    final class ScriptedTerminal {
        let clock = ManualClock()
        var replies: [String]
        var asked: [String] = []
        private var pending: [UInt8] = []

        init(_ replies: [String]) { self.replies = replies }

        func ask() -> (graphics: TerminalGraphics, answered: Bool) {
            TerminalGraphics.ask(write: { query in
                self.asked.append(query)
                if !self.replies.isEmpty { self.pending = Array(self.replies.removeFirst().utf8) }
            }, read: { wait in
                guard !self.pending.isEmpty else {
                    self.clock.advance(by: wait)
                    return []
                }
                self.clock.advance(by: .milliseconds(5))
                defer { self.pending = [] }
                return self.pending
            }, clock: clock)
        }
    }

    @Test func theQueriesAreTheDeviceAttributesAndKittysGraphicsQuery() {
        #expect(TerminalGraphics.attributesQuery == "\u{1B}[c")
        #expect(TerminalGraphics.kittyQuery == "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c")
    }

    @Test func aDeviceAttributesReplyListingFourMeansSixel() {
        let xterm = TerminalGraphics.parse(Array("\u{1B}[?63;1;2;4;6;9;15;16;22;28c".utf8))
        #expect(xterm == TerminalGraphics.Reply(graphics: .sixel, complete: true, level: 63))
    }

    @Test func aDeviceAttributesReplyWithoutFourHasNoGraphics() {
        #expect(TerminalGraphics.parse(Array("\u{1B}[?1;2c".utf8)) == TerminalGraphics.Reply(graphics: [], complete: true, level: 1))
        // Parameter 4 must be whole: 44 or 14 are not it.
        #expect(TerminalGraphics.parse(Array("\u{1B}[?62;14;44c".utf8)).graphics == [])
    }

    @Test func kittysOKMeansKittyGraphicsAndAnErrorDoesNot() {
        #expect(TerminalGraphics.parse(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c".utf8)).graphics == .kitty)
        #expect(TerminalGraphics.parse(Array("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\\u{1B}[?62;22c".utf8)).graphics == [])
    }

    @Test func anUnfinishedReplyIsNotComplete() {
        #expect(TerminalGraphics.parse(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;4".utf8)) == TerminalGraphics.Reply(graphics: .kitty, complete: false, level: nil))
    }

    @Test func xtermWithSixelsIsAskedOfKittyToo() {
        let xterm = ScriptedTerminal(["\u{1B}[?63;1;2;4;6;9;15;22c", "\u{1B}[?63;1;2;4;6;9;15;22c"])
        let answer = xterm.ask()
        #expect(xterm.asked == [TerminalGraphics.attributesQuery, TerminalGraphics.kittyQuery])
        #expect(answer.graphics == .sixel && answer.answered)
    }

    @Test func kittyAnswersBothQuestions() {
        let kitty = ScriptedTerminal(["\u{1B}[?62;c", "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c"])
        let answer = kitty.ask()
        #expect(answer.graphics == .kitty && answer.answered)
        #expect(kitty.clock.now() == .milliseconds(10))
    }

    @Test func aTerminalAnsweringOnlyTheDeviceAttributesBelowVT220IsAskedNothingMore() {
        // tmux 3.3 (1), the Linux console and pyte (6): kitty's query would be printed on the screen of the last two.
        for reply in ["\u{1B}[?1;2c", "\u{1B}[?6c"] {
            let terminal = ScriptedTerminal([reply])
            let answer = terminal.ask()
            #expect(terminal.asked == [TerminalGraphics.attributesQuery])
            #expect(answer.graphics == [] && answer.answered)
        }
    }

    @Test func aTerminalAnsweringNothingTimesOutAfterAHundredMilliseconds() {
        let silent = ScriptedTerminal([])
        let answer = silent.ask()
        #expect(answer.graphics == [] && !answer.answered)
        #expect(silent.asked == [TerminalGraphics.attributesQuery])
        #expect(silent.clock.now() == .milliseconds(100))
    }

    @Test func aReplyInPiecesIsReadToItsEnd() {
        let clock = ManualClock()
        var pieces: [[UInt8]] = [Array("\u{1B}[?6".utf8), Array("c".utf8)]
        let answer = TerminalGraphics.ask(write: { _ in }, read: { _ in
            clock.advance(by: .milliseconds(5))
            return pieces.isEmpty ? [] : pieces.removeFirst()
        }, clock: clock)
        #expect(answer.graphics == [] && answer.answered)
        #expect(clock.now() == .milliseconds(10))
    }
}
