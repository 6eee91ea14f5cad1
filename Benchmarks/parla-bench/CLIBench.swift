import Foundation

/// The line-mode figures against a running `parla serve`, median of `runs` runs each, the commands taking
/// turns (parla, toot, `parla --help`, curl) so that a machine busy with other work slows them alike:
///
/// - `cli_timeline_ms`: `parla timeline home --limit 40`;
/// - `cli_help_ms`: `parla --help`, a process start (the floor under every command);
/// - `curl_home_ms`: the same page fetched by curl (the server's share and one round trip);
/// - `toot_timeline_ms` and `toot_over_cli`: toot's timeline of 40 posts, and how many times Parla's it takes;
/// - `cli_timeline_files_changed`: the files in the data folder a run of the timeline created, changed or
///   removed (with their names), after the account's first run.
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
    guard login.status == 0 else {
        figure("cli_timeline_ms", "error (login failed)")
        return
    }
    let timeline = ["timeline", "home", "--limit", "40", "--data-dir", clientDir.path, "--lang", "en"]
    step("cli: first parla timeline (opens the cache)")
    guard try runner.run(runner.parla, timeline).status == 0 else {
        figure("cli_timeline_ms", "error (parla timeline failed)")
        return
    }
    let before = FolderState(clientDir)
    _ = try runner.run(runner.parla, timeline)
    let changed = FolderState(clientDir).changes(since: before)

    let toot = TootTimeline(runner: runner, url: url, token: token, config: tootConfig)
    let curl = ["-s", "-o", "/dev/null", "-H", "Authorization: Bearer \(token)", url + "/api/v1/timelines/home?limit=40"]
    var parla: [Double] = [], help: [Double] = [], fetched: [Double] = [], tooted: [Double] = []
    var tootProblem = toot.problem
    for run in 1...runs {
        step("cli: run \(run) of \(runs)")
        guard let one = try runner.time(1, runner.parla, timeline)?.first else {
            figure("cli_timeline_ms", "error (parla timeline failed)")
            return
        }
        parla.append(one)
        if tootProblem == nil {
            if let one = try toot.time() { tooted.append(one) } else { tootProblem = "toot timeline failed" }
        }
        if let one = try runner.time(1, runner.parla, ["--help"])?.first { help.append(one) }
        if let one = try runner.time(1, "/usr/bin/curl", curl)?.first { fetched.append(one) }
    }
    let median = percentile(parla, 50)
    figure("cli_timeline_ms", format(median))
    figure("cli_help_ms", help.count == runs ? format(percentile(help, 50)) : "error (parla --help failed)")
    figure("curl_home_ms", fetched.count == runs ? format(percentile(fetched, 50)) : "unavailable (curl failed)")
    if tootProblem == nil, let shown = try toot.postsShown(), shown != 40 { tootProblem = "toot showed \(shown) posts, not 40" }
    if let tootProblem {
        figure("toot_timeline_ms", "unavailable (\(tootProblem))")
    } else {
        let tootMedian = percentile(tooted, 50)
        figure("toot_timeline_ms", format(tootMedian))
        figure("toot_over_cli", String(format: "%.1f", tootMedian / median))
    }
    figure("cli_timeline_files_changed", changed.isEmpty ? "0" : "\(changed.count) (\(changed.joined(separator: ", ")))")
}

/// toot's timeline of 40 posts against the served instance, configured through `$XDG_CONFIG_HOME/toot`.
struct TootTimeline {
    let runner: ProcessRunner
    let toot = FileManager.default.currentDirectoryPath + "/.bench/venv/bin/toot"
    let environment: [String: String]
    let arguments = ["timeline", "--count", "40", "--once"]
    /// Why toot cannot be timed, if it cannot.
    private(set) var problem: String?

    init(runner: ProcessRunner, url: String, token: String, config: URL) {
        self.runner = runner
        environment = ["XDG_CONFIG_HOME": config.path, "COLUMNS": "100"]
        guard FileManager.default.isExecutableFile(atPath: toot) else {
            problem = "no \(toot); run make bench"
            return
        }
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
        } catch {
            problem = "\(error)"
        }
    }

    /// One run's milliseconds; nil when it failed.
    func time() throws -> Double? { try runner.time(1, toot, arguments, environment: environment)?.first }

    /// How many posts toot printed ("ID <id>  Visibility: …" under each): the figure stands only with all 40.
    func postsShown() throws -> Int? {
        try runner.run(toot, arguments, environment: environment).output
            .split(separator: "\n").filter { $0.hasPrefix("ID ") }.count
    }
}

/// Every file under a folder with its inode, size and modification time.
struct FolderState {
    var files: [String: [Int]] = [:]

    init(_ folder: URL) {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return }
        for case let name as String in walker {
            var info = stat()
            guard stat(folder.appendingPathComponent(name).path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            files[name] = [Int(info.st_ino), Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
        }
    }

    /// The last path components of the files created, changed or removed since `earlier`, sorted.
    func changes(since earlier: FolderState) -> [String] {
        Set(files.keys).union(earlier.files.keys)
            .filter { files[$0] != earlier.files[$0] }
            .map { ($0 as NSString).lastPathComponent }
            .sorted()
    }
}
