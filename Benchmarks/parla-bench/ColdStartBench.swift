import Foundation

/// `cold_start_ms`: the release `parla` spawned under tmux (a pty for the screen) → the transcript has
/// its first speech line reading a post; warm cache and instance database (one earlier run), local
/// instance, median of `runs` runs.
func coldStartBench(runs: Int = 5) throws {
    let runner = ProcessRunner()
    let folder = try runner.temporaryFolder("coldstart")
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = folder.appendingPathComponent("data").path
    // A tmux server of its own, ended at the end whatever happens (its sessions and the parla in them with it).
    let socket = "parla-bench-\(getpid())"
    defer { _ = try? runner.spawn(["tmux", "-L", socket, "kill-server"], timeout: 10) }
    step("coldstart: warm-up run (makes the instance database and fills the cache)")
    // The first run makes the instance database and fills the cache; it is not counted.
    guard try coldStart(runner: runner, socket: socket, data: data, transcript: folder.appendingPathComponent("warmup.jsonl"), timeout: 60) != nil else {
        figure("cold_start_ms", "error (the first post was never spoken; see \(folder.path))")
        return
    }
    var values: [Double] = []
    for run in 0..<runs {
        step("coldstart: run \(run + 1) of \(runs)")
        let transcript = folder.appendingPathComponent("run\(run).jsonl")
        guard let value = try coldStart(runner: runner, socket: socket, data: data, transcript: transcript, timeout: 20) else {
            figure("cold_start_ms", "error (run \(run): the first post was never spoken)")
            return
        }
        values.append(value)
    }
    figure("cold_start_ms", format(percentile(values, 50)))
}

/// One start: milliseconds from spawning tmux to the first post spoken, or nil after `timeout` seconds.
/// The app is quit with Ctrl+Q and the session waited for either way.
private func coldStart(runner: ProcessRunner, socket: String, data: String, transcript: URL, timeout: Double) throws -> Double? {
    let session = "parla-bench-\(getpid())"
    let command = [runner.parla, "--data-dir", data, "--lang", "en", "--audio", "none", "--transcript", transcript.path]
        .map { "'\($0)'" }.joined(separator: " ")
    let start = ContinuousClock.now
    try runner.spawn(["tmux", "-L", socket, "new", "-d", "-s", session, "-x", "100", "-y", "30", command])
    var elapsed: Double?
    while elapsed == nil, ContinuousClock.now - start < .seconds(timeout) {
        if let text = try? String(contentsOf: transcript, encoding: .utf8), text.split(separator: "\n").contains(where: readsPost) {
            elapsed = milliseconds(ContinuousClock.now - start)
        } else {
            usleep(1000)
        }
    }
    try runner.spawn(["tmux", "-L", socket, "send-keys", "-t", session, "C-q"])
    let quitting = ContinuousClock.now
    while try runner.spawn(["tmux", "-L", socket, "has-session", "-t", session]) == 0 {
        if ContinuousClock.now - quitting > .seconds(5) {
            try runner.spawn(["tmux", "-L", socket, "kill-session", "-t", session])
            break
        }
        usleep(20_000)
    }
    return elapsed
}

/// Whether a transcript line is speech reading a post: focus speech that is not the home screen's
/// entry alone ("Home · local. Posts, wheel list, loading", which the post cuts), or the entry with the
/// post it opens on in one utterance ("Home · local. Posts, wheel list, 1 of 40. Ana: …", as a warm
/// cache gives). With nothing new since the last run there is no "Since you left" digest before it.
private func readsPost(_ line: Substring) -> Bool {
    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return false }
    let text = (object["text"] as? String) ?? ""
    guard object["kind"] as? String == "speech", object["priority"] as? String == "focus", !text.isEmpty else { return false }
    return !text.hasPrefix("Home · ") || text.range(of: #"wheel list, \d+ of \d+\. \S"#, options: .regularExpression) != nil
}
