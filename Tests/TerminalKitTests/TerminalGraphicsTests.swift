import ParlaBase
import ParlaBaseTesting
import TerminalKit
import Testing

/// Issue 29: the picture view draws in pixels only on a terminal that says it can, asked before curses starts: DA1
/// listing 4 is sixel, kitty's query answered OK is kitty's graphics; a terminal that answers nothing is waited for
/// 100 ms at most.
@Suite struct TerminalGraphicsTests {
    @Test func theQueryAsksKittyFirstThenTheDeviceAttributes() {
        #expect(TerminalGraphics.query == "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c")
    }

    @Test func aDeviceAttributesReplyListingFourMeansSixel() {
        let xterm = TerminalGraphics.parse(Array("\u{1B}[?63;1;2;4;6;9;15;16;22;28c".utf8))
        #expect(xterm.graphics == .sixel && xterm.complete)
    }

    @Test func aTerminalAnsweringOnlyTheDeviceAttributesWithoutFourHasNoGraphics() {
        let tmux = TerminalGraphics.parse(Array("\u{1B}[?1;2c".utf8))
        #expect(tmux.graphics == [] && tmux.complete)
        // Parameter 4 must be whole: 44 or 14 are not it.
        #expect(TerminalGraphics.parse(Array("\u{1B}[?62;14;44c".utf8)).graphics == [])
    }

    @Test func kittysOKBeforeTheDeviceAttributesMeansKittyGraphics() {
        let kitty = TerminalGraphics.parse(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c".utf8))
        #expect(kitty.graphics == .kitty && kitty.complete)
        let both = TerminalGraphics.parse(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;4;22c".utf8))
        #expect(both.graphics == [.kitty, .sixel])
        let refused = TerminalGraphics.parse(Array("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\\u{1B}[?62;22c".utf8))
        #expect(refused.graphics == [])
    }

    @Test func anUnfinishedReplyIsNotComplete() {
        let half = TerminalGraphics.parse(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;4".utf8))
        #expect(half.graphics == .kitty && !half.complete)
    }

    @Test func aReplyInPiecesIsReadToItsEnd() {
        let clock = ManualClock()
        var pieces: [[UInt8]] = [Array("\u{1B}[?6".utf8), Array("2;4c".utf8)]
        var written: [String] = []
        let answer = TerminalGraphics.ask(write: { written.append($0) }, read: { _ in
            clock.advance(by: .milliseconds(5))
            return pieces.isEmpty ? [] : pieces.removeFirst()
        }, clock: clock)
        #expect(written == [TerminalGraphics.query])
        #expect(answer.graphics == .sixel && answer.answered)
        #expect(clock.now() == .milliseconds(10))
    }

    @Test func aTerminalAnsweringNothingTimesOutAfterAHundredMilliseconds() {
        let clock = ManualClock()
        var waits: [Duration] = []
        let answer = TerminalGraphics.ask(write: { _ in }, read: { wait in
            waits.append(wait)
            clock.advance(by: wait)
            return []
        }, clock: clock)
        #expect(answer.graphics == [] && !answer.answered)
        #expect(waits == [.milliseconds(100)])
    }
}
