import BenchSupport
import Foundation
import MicroblogKit
import TerminalKit

/// rss_100k_posts_mb: peak memory with 100 000 posts loaded in the home timeline screen, scrolled to the end.
///
/// Run alone in a fresh process (`--only rss`) so nothing measured before raises the peak.
func rssBench() throws {
    let posts = PostFactory().posts(100_000)
    let bench = try BenchApp(size: Size(width: 80, height: 24), posts: posts, speech: SilentSpeech())
    for key: Key in [.end, .up, .pageUp, .down, .end] { _ = bench.press(key) }
    let lines = bench.terminal.lastGrid?.lines ?? []
    if !lines.contains(where: { $0.contains("100000 of 100000") }) { print("warning: the wheel did not reach the end") }
    figure("rss_100k_posts_mb", String(format: "%.1f", statusMegabytes("VmHWM")))
}
