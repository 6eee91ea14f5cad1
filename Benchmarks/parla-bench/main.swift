// parla-bench: Parla's figures, one `name: value` line each (medians and p95 in milliseconds).
//
//   key_to_speech, interrupt      at the speech queue, through the real eSpeak-NG into the paced null sink
//   segment_gap                   the silence where one utterance changes voice (Spanish post, English interface)
//   key_to_speech_host            a key through ParlaApplication and ScreenHost → first sample in the sink
//   frame_80x24, frame_200x60     a key on a home timeline of 10 000 posts → the frame handed to the backend
//   burst_key, burst_…            1000 posts streamed in one second while keys are pressed
//   rss_100k_posts_mb             peak memory with 100 000 posts in the timeline (a fresh process)
//
//   scenario_…                    Parla's requests against a naive client's (RequestCountScenario)
//   cold_start_ms                 the release parla under tmux: spawn → first post spoken (warm cache)
//   cli_timeline_ms, toot_…       `parla timeline home --limit 40` and toot against `parla serve`
//
// Usage: parla-bench [--only speech|voices|host|frames|burst|rss|scenario|coldstart|cli] [RUNS]   (RUNS: default 300, at least 200)
import BenchSupport
import Foundation
import TerminalKit

let (only, runs): (String?, Int) = {
    var arguments = Array(CommandLine.arguments.dropFirst())
    var only: String?
    if let flag = arguments.firstIndex(of: "--only"), arguments.indices.contains(flag + 1) {
        only = arguments[flag + 1]
        arguments.removeSubrange(flag...(flag + 1))
    }
    return (only, max(200, arguments.first.flatMap { Int($0) } ?? 300))
}()
let warmup = 20

func wanted(_ name: String) -> Bool { only == nil || only == name }

do {
    if only == nil { figure("runs", String(runs)) }
    if wanted("speech") { try speechQueueBench(runs: runs, warmup: warmup) }
    if wanted("voices") { try segmentGapBench(runs: 50) }
    if wanted("host") || wanted("frames") || wanted("burst") {
        let posts = PostFactory().posts(10_000)
        if wanted("host") { timings("key_to_speech_host", try hostSpeechBench(posts: posts, runs: runs, warmup: warmup)) }
        if wanted("frames") {
            timings("frame_80x24", try frameBench(size: Size(width: 80, height: 24), posts: posts, presses: runs))
            timings("frame_200x60", try frameBench(size: Size(width: 200, height: 60), posts: posts, presses: runs))
        }
        if wanted("burst") { try burstBench(posts: posts) }
    }
    if wanted("scenario") { try scenarioBench() }
    if wanted("coldstart") { try coldStartBench() }
    if wanted("cli") { try cliBench() }
    if only == "rss" {
        try rssBench()
    } else if only == nil {
        for line in child(["--only", "rss"]) { print(line) }
    }
} catch {
    print("error: \(error)")
    exit(1)
}
