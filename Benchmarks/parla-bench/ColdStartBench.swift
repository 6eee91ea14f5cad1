import Foundation

/// `cold_start_ms`: the release `parla` spawned under tmux (a pty for the screen) → the transcript has its first
/// speech at start: the "Since you left" digest when it has something to say (it is said from the cache, before
/// the home screen), else the speech reading a post. `cold_start_post_ms`: → the first speech reading a post,
/// which follows the digest once it is said (so a digest puts its own length, about 3 s, before it). Warm cache
/// and instance database (one earlier run), local instance, median of `runs` runs.
///
/// Whether there is a digest depends on whether the earlier run cached the instance's mentions before it quit:
/// they stay unread (no run opens the notifications), so both figures are given.
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
    var opening: [Double] = []
    var post: [Double] = []
    for run in 0..<runs {
        step("coldstart: run \(run + 1) of \(runs)")
        let transcript = folder.appendingPathComponent("run\(run).jsonl")
        guard let value = try coldStart(runner: runner, socket: socket, data: data, transcript: transcript, timeout: 20) else {
            figure("cold_start_ms", "error (run \(run): the first post was never spoken)")
            return
        }
        opening.append(value.opening)
        post.append(value.post)
    }
    figure("cold_start_ms", format(percentile(opening, 50)))
    figure("cold_start_post_ms", format(percentile(post, 50)))
    note("cold_start: \(zip(opening, post).filter { $0 < $1 - 1 }.count) of \(runs) runs began with the digest")
}

/// One start: milliseconds from spawning tmux to the first speech of the start (the digest or the post) and to
/// the first post spoken, or nil after `timeout` seconds. The app is quit with Ctrl+Q and the session waited
/// for either way.
private func coldStart(runner: ProcessRunner, socket: String, data: String, transcript: URL, timeout: Double) throws -> (opening: Double, post: Double)? {
    let session = "parla-bench-\(getpid())"
    let command = [runner.parla, "--data-dir", data, "--lang", "en", "--audio", "none", "--transcript", transcript.path]
        .map { "'\($0)'" }.joined(separator: " ")
    let start = ContinuousClock.now
    try runner.spawn(["tmux", "-L", socket, "new", "-d", "-s", session, "-x", "100", "-y", "30", command])
    var opening: Double?
    var post: Double?
    while post == nil, ContinuousClock.now - start < .seconds(timeout) {
        let lines = (try? String(contentsOf: transcript, encoding: .utf8))?.split(separator: "\n") ?? []
        if opening == nil, lines.contains(where: isDigest) { opening = milliseconds(ContinuousClock.now - start) }
        if lines.contains(where: readsPost) {
            post = milliseconds(ContinuousClock.now - start)
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
    guard let post else { return nil }
    return (opening ?? post, post)
}

/// Whether a transcript line is the digest said at start ("Since you left: …", an alert); without one, the start
/// is the post.
private func isDigest(_ line: Substring) -> Bool {
    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return false }
    return object["kind"] as? String == "speech" && ((object["text"] as? String) ?? "").hasPrefix("Since you left")
}

/// Whether a transcript line is speech reading a post: focus speech that is not the home screen's
/// entry alone ("Home · local. Posts, wheel list, loading", which the post cuts), or the entry with the
/// post it opens on in one utterance ("Home · local. Posts, wheel list, 1 of 40. Ana: …", as a warm
/// cache gives).
private func readsPost(_ line: Substring) -> Bool {
    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return false }
    let text = (object["text"] as? String) ?? ""
    guard object["kind"] as? String == "speech", object["priority"] as? String == "focus", !text.isEmpty else { return false }
    return !text.hasPrefix("Home · ") || text.range(of: #"wheel list, \d+ of \d+\. \S"#, options: .regularExpression) != nil
}
