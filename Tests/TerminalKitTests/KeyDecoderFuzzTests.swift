import Foundation
import TerminalKit
import Testing
import TestSupport

/// Issue 20, "Crashes": `printf '\x1b[1;-9223372036854775808A\x11' | parla` crashed the key decoder
/// (AnsiKeyDecoder.swift:162), and an endless escape sequence piled up input without end.
@Suite struct KeyDecoderFuzzTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func issue20AModifierOfIntMinIsIgnoredNotACrash() {
        #expect(AnsiKeyDecoder.decodeAll(bytes("\u{1B}[1;-9223372036854775808A\u{11}")) == [.up, .ctrl("q")])
        // Int.max - 1 has the alt and ctrl bits.
        #expect(AnsiKeyDecoder.decodeAll(bytes("\u{1B}[1;9223372036854775807B")) == [Key(.down, [.alt, .ctrl])])
        #expect(AnsiKeyDecoder.decodeAll(bytes("\u{1B}[99999999999999999999999;5~x")) == [.char("x")])
        #expect(AnsiKeyDecoder.modifiers(fromXterm: Int.min) == [])
    }

    @Test func issue20AnEndlessEscapeSequenceIsDroppedAndDoesNotPileUp() {
        var decoder = AnsiKeyDecoder()
        #expect(decoder.feed(bytes("\u{1B}[")) == [])
        let chunk = [UInt8](repeating: UInt8(ascii: "1"), count: 4096)
        for _ in 0..<256 {  // 1 MiB of parameters
            #expect(decoder.feed(chunk) == [])
            #expect(decoder.pendingByteCount <= 40)
        }
        // The sequence's final byte ends it; what follows is typing again.
        #expect(decoder.feed(bytes("A") + bytes("ok")) == [.char("o"), .char("k")])
        #expect(decoder.pendingByteCount == 0)
        // Also across a flush (the escape delay passed).
        #expect(decoder.feed(bytes("\u{1B}[" + String(repeating: "2;", count: 40))) == [])
        _ = decoder.flush()
        #expect(decoder.feed(bytes("7")) == [.char("7")])
    }

    @Test func issue20FuzzedInputNeverCrashesHangsOrPilesUp() {
        var random = SeededGenerator(state: 20_261_124)
        let fragments: [[UInt8]] = [
            [0x1B], [0x1B, 0x5B], [0x1B, 0x4F], [0x1B, 0x5B, 0x5B], [0x3B], [0x2D], [0x7E], [0x41], [0x5A], [0x48],
            Array("9223372036854775808".utf8), Array("-9223372036854775808".utf8), Array("18446744073709551616".utf8),
            Array("1;5".utf8), Array("15".utf8), [0xC3], [0xA9], [0xE2, 0x82], [0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xCC, 0x81],
            [0x00], [0x0D, 0x0A], [0x7F], [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80],
        ]
        let runs = 20_000
        var keys = 0
        var longest = Duration.zero
        let clock = ContinuousClock()
        for _ in 0..<runs {
            var input: [UInt8] = []
            for _ in 0..<Int.random(in: 1...24, using: &random) {
                if Bool.random(using: &random) {
                    input += fragments[Int.random(in: 0..<fragments.count, using: &random)]
                } else {
                    input.append(UInt8.random(in: 0...255, using: &random))
                }
            }
            let started = clock.now
            var decoder = AnsiKeyDecoder()
            var rest = input[...]
            while !rest.isEmpty {
                let size = Int.random(in: 1...max(1, rest.count), using: &random)
                keys += decoder.feed(rest.prefix(size)).count
                rest = rest.dropFirst(size)
                #expect(decoder.pendingByteCount <= 40)
            }
            keys += decoder.flush().count
            #expect(!decoder.isPending)
            longest = max(longest, clock.now - started)
        }
        // Every run ended (no hang) and gave keys; the slowest single input is reported, not asserted.
        #expect(keys > runs)
        print("key decoder fuzz: \(runs) runs, 0 crashes, 0 hangs, \(keys) keys, slowest input \(longest)")
    }
}
