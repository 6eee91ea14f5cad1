import BenchSupport
import Foundation
import MicroblogKit
import ParlaApp
import TerminalKit

/// frame_WxH: a key press on a home timeline of 1 000 or 100 000 posts → the frame handed to the backend.
///
/// Keys cycle through what a reader does: Down and Up on the wheel of posts, PgDn, End, Home, and
/// Tab / Shift+Tab out of the wheel and back.
func frameBench(size: Size, posts: [Post], presses: Int) throws -> [Double] {
    let bench = try BenchApp(size: size, posts: posts, speech: SilentSpeech())
    let cycle: [Key] = [.down, .down, .down, .pageDown, .down, .up, .end, .up, .home, .tab, .backTab, .down]
    // Warm up: one cycle, and check the wheel really reached the end.
    for key in cycle.prefix(7) { _ = bench.press(key) }
    let lines = bench.terminal.lastGrid?.lines ?? []
    if !lines.contains(where: { $0.contains("\(posts.count) of \(posts.count)") }) {
        print("warning: after End the frame does not show \(posts.count) of \(posts.count)")
    }
    for key in cycle.suffix(5) { _ = bench.press(key) }
    var times: [Double] = []
    var index = 0
    while times.count < presses {
        times.append(bench.press(cycle[index % cycle.count]))
        index += 1
    }
    return times
}
