import BenchSupport
import Foundation
import MicroblogKit
import ParlaApp
import SpeechKit
import TerminalKit

/// key_to_speech_host: Down on the wheel of posts, through ParlaApplication and ScreenHost
/// → the post handed to the speech queue → the first PCM sample of it reaching the paced null sink.
func hostSpeechBench(posts: [Post], runs: Int, warmup: Int) throws -> [Double] {
    let rig = try SpeechRig()
    defer { rig.stop() }
    let bench = try BenchApp(size: Size(width: 80, height: 24), posts: posts, speech: rig.queue, speechControl: rig.queue)
    var times: [Double] = []
    for run in 0..<(runs + warmup) {
        let before = rig.sink.highestID
        let start = ContinuousClock.now
        bench.app.handle(.down)
        let first = rig.sink.waitForFirstWrite(above: before)
        if run >= warmup { times.append(milliseconds(first - start)) }
    }
    return times
}
