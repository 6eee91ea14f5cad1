import Foundation

/// `cli_timeline_ms` and `toot_timeline_ms`: `parla timeline home --limit 40` and toot's timeline of 40
/// posts against a running `parla serve`, median of `runs` runs each.
func cliBench(runs: Int = 10) throws {
    let runner = ProcessRunner()
    let clientDir = try runner.temporaryFolder("client")
    let tootConfig = try runner.temporaryFolder("toot")
    defer { for dir in [clientDir, tootConfig] { try? FileManager.default.removeItem(at: dir) } }
    let server: ServedInstance
    step("cli: starting parla serve")
    do { server = try ServedInstance(runner: runner) } catch {
        figure("cli_timeline_ms", "error (\(error))")
        return
    }
    defer { server.stop() }
    let url = server.url, token = server.token
    step("cli: parla login")
    let login = try runner.run(runner.parla, ["login", url, "--token", token, "--data-dir", clientDir.path, "--lang", "en"])
    step("cli: parla timeline home --limit 40, \(runs) runs")
    let timeline = ["timeline", "home", "--limit", "40", "--data-dir", clientDir.path, "--lang", "en"]
    if login.status != 0 {
        figure("cli_timeline_ms", "error (login failed)")
    } else if let values = try runner.time(runs, runner.parla, timeline) {
        figure("cli_timeline_ms", format(percentile(values, 50)))
    } else {
        figure("cli_timeline_ms", "error (parla timeline failed)")
    }
    step("cli: toot timeline, \(runs) runs")
    figure("toot_timeline_ms", tootTimeline(runner: runner, url: url, token: token, config: tootConfig, runs: runs))
}

/// The median of toot's timeline of 40 posts, or `unavailable (reason)`.
func tootTimeline(runner: ProcessRunner, url: String, token: String, config: URL, runs: Int) -> String {
    let toot = FileManager.default.currentDirectoryPath + "/.bench/venv/bin/toot"
    guard FileManager.default.isExecutableFile(atPath: toot) else { return "unavailable (no \(toot); run make bench)" }
    let host = url.replacingOccurrences(of: "http://", with: "").replacingOccurrences(of: "https://", with: "")
    let user = "owner@\(host)"
    let json: [String: Any] = [
        "apps": [host: ["instance": host, "base_url": url, "client_id": "parla-bench", "client_secret": "parla-bench"]],
        "users": [user: ["instance": host, "username": "owner", "access_token": token]],
        "active_user": user,
    ]
    do {
        let folder = config.appendingPathComponent("toot")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: json).write(to: folder.appendingPathComponent("config.json"))
        let environment = ["XDG_CONFIG_HOME": config.path, "COLUMNS": "100"]
        let arguments = ["timeline", "--count", "40", "--once"]
        guard let values = try runner.time(runs, toot, arguments, environment: environment) else {
            return "unavailable (toot timeline failed)"
        }
        // toot prints "ID <id>  Visibility: …" under each post: the figure stands only if it got all 40.
        let shown = try runner.run(toot, arguments, environment: environment).output
            .split(separator: "\n").filter { $0.hasPrefix("ID ") }.count
        guard shown == 40 else { return "unavailable (toot showed \(shown) posts, not 40)" }
        return format(percentile(values, 50))
    } catch {
        return "unavailable (\(error))"
    }
}
