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
//   cli_…, curl_home_ms, toot_…   `parla timeline home --limit 40`, `parla --help`, curl and toot against `parla serve`
//
//   segment_gap_…                 the silence between two segments in different voices (eSpeak-NG)
//   load_{home,post,stream}_…     the embedded server under load with 1 and 50 clients (LoadBench)
//   key_to_sound_pulse_…          a key to the real parla under tmux → first sample at a PulseAudio null sink's monitor
//
// Usage: parla-bench [--only GROUP] [--load-seconds S] [RUNS]   (RUNS: default 300, at least 200)
// GROUP: speech, voices, host, frames, burst, scenario, coldstart, cli, load, rss, hostile, audio. Every group runs in a child
// process of its own with a time limit (GroupSupervisor): a group that does not finish is ended, named
// with the step it was on, and whatever it left running is ended too.
import BenchSupport
import Foundation
import TerminalKit

/// The groups in the order they run, each with its time limit in seconds.
let groups: [(name: String, limit: Int)] = [
    ("speech", 300), ("voices", 180), ("host", 300), ("frames", 300), ("burst", 180), ("scenario", 300), ("coldstart", 180),
    ("cli", 180), ("load", 240), ("rss", 300), ("hostile", 600), ("audio", 180),
]

let (only, group, runs, loadSeconds): (String?, String?, Int, Int) = {
    var arguments = Array(CommandLine.arguments.dropFirst())
    func take(_ flag: String) -> String? {
        guard let index = arguments.firstIndex(of: flag), arguments.indices.contains(index + 1) else { return nil }
        defer { arguments.removeSubrange(index...(index + 1)) }
        return arguments[index + 1]
    }
    let only = take("--only"), group = take("--group")
    let loadSeconds = take("--load-seconds").flatMap { Int($0) } ?? 5
    return (only, group, max(200, arguments.first.flatMap { Int($0) } ?? 300), min(max(loadSeconds, 1), 30))
}()
let warmup = 20

if let group {
    // A child: one group, in this process.
    do {
        switch group {
        case "speech": try speechQueueBench(runs: runs, warmup: warmup)
        case "voices": try segmentGapBench(runs: 50)
        case "host": timings("key_to_speech_host", try hostSpeechBench(posts: PostFactory().posts(10_000), runs: runs, warmup: warmup))
        case "frames":
            let posts = PostFactory().posts(10_000)
            timings("frame_80x24", try frameBench(size: Size(width: 80, height: 24), posts: posts, presses: runs))
            timings("frame_200x60", try frameBench(size: Size(width: 200, height: 60), posts: posts, presses: runs))
        case "burst": try burstBench(posts: PostFactory().posts(10_000))
        case "scenario": try scenarioBench()
        case "coldstart": try coldStartBench()
        case "cli": try cliBench()
        case "load": try loadBench(seconds: loadSeconds)
        case "rss": try rssBench()
        case "hostile": try hostileBench(fuzzRuns: 50)
        case "audio": try audioPathBench()
        default:
            print("error: no group \(group)")
            exit(2)
        }
    } catch {
        print("error: \(error)")
        exit(1)
    }
} else {
    let chosen = groups.filter { only == nil || $0.name == only }
    if chosen.isEmpty {
        print("error: no group \(only ?? ""); groups: \(groups.map(\.name).joined(separator: ", "))")
        exit(2)
    }
    GroupSupervisor.becomeSubreaper()
    if only == nil { figure("runs", String(runs)) }
    var failed = false
    for (name, limit) in chosen {
        let extra = ["--load-seconds", String(loadSeconds), String(runs)]
        if !GroupSupervisor.run(name, limit: name == "load" ? limit + 12 * loadSeconds : limit, arguments: extra) { failed = true }
    }
    exit(failed ? 1 : 0)
}
