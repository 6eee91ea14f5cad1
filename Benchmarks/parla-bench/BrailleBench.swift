import BenchSupport
import BrailleKit
import BrlAPIBraille
import Foundation
import MicroblogKitTesting
import ParlaApp
import SystemTestSupport
import TerminalKit

/// key_to_braille: Down on the wheel of 1 000 posts, through ParlaApplication and ScreenHost → the line
/// written with BrlAPI → BRLTTY (its virtual driver, on loopback) → the `Visual` line read by the fake display.
func brailleBench(runs: Int, warmup: Int) throws {
    guard Brltty.isInstalled else {
        figure("key_to_braille", "skipped (brltty is not installed)")
        return
    }
    step("braille: starting BRLTTY")
    let brltty = try Brltty()
    defer { brltty.stop() }
    let opened = Handed(Box<FakeBrailleDisplay>())
    let port = brltty.displayPort
    blocking { opened.value.value = try? await FakeBrailleDisplay(port: port) }
    guard let display = opened.value.value else { throw BenchError.brltty("the virtual driver did not listen") }
    setenv("BRLAPI_HOST", brltty.apiHost, 1)
    setenv("BRLAPI_AUTH", "none", 1)
    let bench = try BenchApp(size: Size(width: 80, height: 24), engine: MemoryAccountEngine(timelines: ["home": PostFactory().posts(1000)]),
                             speech: SilentSpeech(), braille: { clock, post in
        let device = BrlAPIBraille()
        return BrailleOutput(device: device, connector: BrailleLink(device: device, post: post), clock: clock, enabled: false)
    })
    step("braille: connecting")
    let deadline = ContinuousClock.now + .seconds(15)
    while bench.app.braille?.isConnected != true {
        guard ContinuousClock.now < deadline else { throw BenchError.brltty("Parla did not connect to BRLTTY") }
        bench.app.drain()
        usleep(1000)
    }
    step("braille: pressing Down")
    var times: [Double] = []
    var run = 0
    var previous = display.text
    // Only presses that change the display's text are timed (two posts may start alike).
    while times.count < runs, run < (runs + warmup) * 2 {
        let start = ContinuousClock.now
        bench.app.handle(.down)
        run += 1
        guard let expected = bench.app.braille?.written.map({ withoutTrailingBlanks($0.text) }), expected != previous else { continue }
        previous = expected
        let limit = start + .seconds(2)
        while display.text != expected, ContinuousClock.now < limit { usleep(50) }
        let took = ContinuousClock.now - start
        if run > warmup, display.text == expected { times.append(milliseconds(took)) }
    }
    timings("key_to_braille", times)
}

/// A value filled in by a task.
final class Box<Value>: @unchecked Sendable {
    var value: Value?
}

enum BenchError: Error {
    case brltty(String)
}

/// `text` without the blanks at its end (as the fake display reports it).
func withoutTrailingBlanks(_ text: String) -> String {
    var text = text
    while text.hasSuffix(" ") { text.removeLast() }
    return text
}
