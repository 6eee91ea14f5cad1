// parla-bench: Parla's figures, one `name: value` line each (medians and p95 in milliseconds).
//
//   key_to_speech, interrupt      at the speech queue, through the real eSpeak-NG into the paced null sink
//   segment_gap                   the silence where one utterance changes voice (Spanish post, English interface)
//   key_to_speech_host_{1k,100k}  a key through ParlaApplication and ScreenHost → first sample in the sink
//   frame_{80x24,200x60}_{1k,100k} a key on a home timeline of 1 000 or 100 000 posts → the frame handed to the backend
//   burst_key_{1k,100k}, burst_…  1000 posts streamed in one second while keys are pressed
//   rss_{1k,100k}_posts_mb        peak memory with 1 000 or 100 000 posts in the timeline (real engine, cache on disk)
//   rss_1m_posts_mb               peak memory with a million posts cached, the screen at the newest
//
//   scenario_…                    Parla's requests against a naive client's (RequestCountScenario)
//   cold_start_ms                 the release parla under tmux: spawn → first speech (the digest, else the post; warm cache)
//   cold_start_post_ms            the same → first post spoken (after the digest when there is one)
//   cli_…, curl_home_ms, toot_…   `parla timeline home --limit 40`, `parla --help`, curl and toot against `parla serve`
//
//   segment_gap_…                 the silence between two segments in different voices (eSpeak-NG)
//   load_{home,post,stream}_…     the embedded server under load with 1 and 50 clients (LoadBench)
//   key_to_sound_pulse_…          a key to the real parla under tmux → first sample at a PulseAudio null sink's monitor
//   prediction_…                  presses to write ten reference posts by keyboard, keypad and one switch, with and
//                                 without word prediction (PredictionBench)
//   picture_12mp_ms, ocr_…        a 12-megapixel JPEG from file to an 80×24 grid; Tesseract on a 1,000×600 screenshot
//   key_to_braille_…              a key through ParlaApplication → BrlAPI → BRLTTY's vr driver → the line at a fake display
//
// Usage: parla-bench [--only GROUP] [--load-seconds S] [RUNS]   (RUNS: default 300, at least 200)
// GROUP: speech, voices, host, frames, burst, scenario, coldstart, cli, load, rss, hostile, audio, prediction, pictures, braille. Every group runs in a child
// process of its own with a time limit (GroupSupervisor): a group that does not finish is ended, named
// with the step it was on, and whatever it left running is ended too.
import BenchSupport
import Foundation
import TerminalKit

/// The groups in the order they run, each with its time limit in seconds.
let groups: [(name: String, limit: Int)] = [
    ("speech", 300), ("voices", 180), ("host", 300), ("frames", 300), ("burst", 300), ("scenario", 300), ("coldstart", 180),
    ("cli", 180), ("load", 240), ("rss", 900), ("hostile", 600), ("audio", 180), ("prediction", 120), ("pictures", 240), ("braille", 120), ("text", 120),
]

// The memory figures' helper processes (RSSBench): one writes a cache, another measures the screen over it.
switch CommandLine.arguments.dropFirst().first {
case "--rss-seed":
    let arguments = CommandLine.arguments
    do { try rssSeed(folder: arguments[2], count: Int(arguments[3]) ?? 0) } catch {
        print("error: \(error)")
        exit(1)
    }
    exit(0)
case "--rss-screen":
    let arguments = CommandLine.arguments
    do { try rssScreen(folder: arguments[2], count: Int(arguments[3]) ?? 0, paged: arguments[4] == "paged") } catch {
        print("error: \(error)")
        exit(1)
    }
    exit(0)
default: break
}

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
/// The two timeline sizes the screen figures are taken at.
let sizes = [("1k", 1_000), ("100k", 100_000)]

if let group {
    // A child: one group, in this process.
    GroupSupervisor.endWithParent()
    do {
        switch group {
        case "speech": try speechQueueBench(runs: runs, warmup: warmup)
        case "voices": try segmentGapBench(runs: 50)
        // Each at two sizes, so that how the cost grows shows.
        case "host":
            for (size, count) in sizes {
                step("host: \(size) posts")
                timings("key_to_speech_host_\(size)", try hostSpeechBench(posts: PostFactory().posts(count), runs: runs, warmup: warmup))
            }
        case "frames":
            for (size, count) in sizes {
                let posts = PostFactory().posts(count)
                step("frames: 80x24, \(size) posts")
                timings("frame_80x24_\(size)", try frameBench(size: Size(width: 80, height: 24), posts: posts, presses: runs))
                step("frames: 200x60, \(size) posts")
                timings("frame_200x60_\(size)", try frameBench(size: Size(width: 200, height: 60), posts: posts, presses: runs))
            }
        case "burst":
            for (size, count) in sizes {
                step("burst: \(size) posts")
                try burstBench(count: count, size: size)
            }
        case "scenario": try scenarioBench()
        case "coldstart": try coldStartBench()
        case "cli": try cliBench()
        case "load": try loadBench(seconds: loadSeconds)
        case "rss": try rssBench()
        case "hostile": try hostileBench(fuzzRuns: 50)
        case "audio": try audioPathBench()
        case "prediction": try predictionBench()
        case "pictures": try pictureBench(runs: runs)
        case "braille": try brailleBench(runs: runs, warmup: warmup)
        case "text": try textBench(runs: runs)
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
    GroupSupervisor.endOnSignals()
    if only == nil { figure("runs", String(runs)) }
    var failed = false
    for (name, limit) in chosen {
        let extra = ["--load-seconds", String(loadSeconds), String(runs)]
        if !GroupSupervisor.run(name, limit: name == "load" ? limit + 12 * loadSeconds : limit, arguments: extra) { failed = true }
    }
    exit(failed ? 1 : 0)
}
