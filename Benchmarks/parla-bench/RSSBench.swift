import BenchSupport
import Foundation
import MicroblogKit
import MicroblogKitTesting
import ParlaBase
import ParlaEngine
import TerminalKit

/// The memory figures: the real engine over a cache on disk, the home timeline screen on top.
///
/// - `rss_1k_posts_mb`, `rss_100k_posts_mb`: peak resident memory (`VmHWM`) with 1 000 or 100 000 posts
///   in the screen's timeline: the cache holds them, the screen opens at the newest 40 and pages down
///   to the end (each page answered from the cache on disk, as a server would), then moves about.
/// - `rss_1m_posts_mb`: a million posts in the cache, the screen opened at the newest.
///
/// Each figure is taken in a fresh process (`--rss-screen`), after its cache was written by another
/// (`--rss-seed`), so that neither making the posts nor another figure raises the peak.
func rssBench() throws {
    let runner = ProcessRunner()
    let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    for (name, count, paged) in [("rss_1k_posts_mb", 1_000, true), ("rss_100k_posts_mb", 100_000, true), ("rss_1m_posts_mb", 1_000_000, false)] {
        let folder = try runner.temporaryFolder("rss")
        defer { try? FileManager.default.removeItem(at: folder) }
        step("rss: writing \(count) posts to a cache on disk")
        let seeded = try runner.run(me, ["--rss-seed", folder.path, String(count)], timeout: 400, passingErrors: true)
        guard seeded.status == 0 else {
            figure(name, "error (the cache was not written: \(seeded.output.trimmingCharacters(in: .whitespacesAndNewlines)))")
            continue
        }
        step("rss: \(name) (the screen over \(count) cached posts\(paged ? ", paged to the end" : ""))")
        let measured = try runner.run(me, ["--rss-screen", folder.path, String(count), paged ? "paged" : "newest"], timeout: 300, passingErrors: true)
        FileHandle.standardOutput.write(Data(measured.output.utf8))
        if measured.status != 0 { figure(name, "error (status \(measured.status))") }
    }
}

/// `--rss-seed FOLDER COUNT`: writes COUNT posts (PostFactory, newest first) into FOLDER's cache, in batches.
func rssSeed(folder: String, count: Int) throws {
    let cache = try TimelineCache(path: folder + "/cache.sqlite3", configuration: .init(maxPostsPerTimeline: count))
    let factory = PostFactory()
    let firstId = 1_000_000
    var offset = 0
    while offset < count {
        let end = min(count, offset + 5_000)
        let batch = (offset..<end).map { offset in
            factory.post(number: count - 1 - offset, id: firstId + count - 1 - offset, secondsAgo: offset * 37 + 5)
        }
        try cache.insert(batch, into: TimelineKind.home.key, at: .bottom)
        offset = end
    }
}

/// `--rss-screen FOLDER COUNT paged|newest`: the screen over the cache FOLDER holds; prints the figure.
func rssScreen(folder: String, count: Int, paged: Bool) throws {
    let name = count >= 1_000_000 ? "rss_\(count / 1_000_000)m_posts_mb" : "rss_\(count / 1_000)k_posts_mb"
    let service = ScriptedService()
    let opened = Slot<Engine>()
    blocking {
        opened.value = try? await Engine.open(
            accountFolder: URL(fileURLWithPath: folder), service: service, cacheConfiguration: .init(maxPostsPerTimeline: count))
    }
    guard let engine = opened.value else { throw BenchStepError(step: "the cache in \(folder) did not open") }
    // The server: older pages read from the cache on disk, 40 posts each; nothing newer.
    let cache = engine.cache
    service.answerPages { key, request in
        guard let maxId = request.parameter("max_id") else { return Page(items: []) }
        let items = (try? cache.posts(key, limit: request.limit ?? 40, olderThan: maxId)) ?? []
        return Page(items: items, older: items.count < (request.limit ?? 40) ? nil : items.last.map { PageRequest.scripted(maxId: $0.id) })
    }
    note("\(name): a Post is \(MemoryLayout<Post>.stride) bytes inline, its Account \(MemoryLayout<Account>.stride); "
         + "resident before the screen: \(String(format: "%.1f", statusMegabytes("VmRSS"))) MB")
    let bench = try BenchApp(size: Size(width: 80, height: 24), engine: engine, speech: SilentSpeech())
    let settle = Handed(bench.app)
    var loaded = 0
    if paged {
        // End, then the page it asks for, until the whole timeline is in the screen.
        var still = 0
        while loaded < count, still < 3 {
            _ = bench.press(.end)
            blocking { await settle.value.settle() }
            let now = shownCount(bench)
            still = now > loaded ? 0 : still + 1
            loaded = now
            if loaded / 10_000 != (loaded - 40) / 10_000 {
                step("rss: \(loaded) of \(count) posts in the screen, \(String(format: "%.1f", statusMegabytes("VmRSS"))) MB resident")
            }
        }
    } else {
        loaded = shownCount(bench)
    }
    for key: Key in [.up, .pageUp, .down, .home, .down, .pageDown, .end] { _ = bench.press(key) }
    if paged, loaded != count { print("warning: \(name): the screen holds \(loaded) of \(count) posts") }
    note("\(name): resident at the end \(String(format: "%.1f", statusMegabytes("VmRSS"))) MB")
    if ProcessInfo.processInfo.environment["PARLA_BENCH_MALLOC_STATS"] != nil, let symbol = dlsym(nil, "malloc_stats") {
        unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)()
    }
    figure(name, String(format: "%.1f", statusMegabytes("VmHWM")))
}

/// How many entries the where line says the wheel holds ("… 12 of 40 …").
private func shownCount(_ bench: BenchApp) -> Int {
    let lines = bench.terminal.lastGrid?.lines ?? []
    for line in lines.reversed() {
        guard let range = line.range(of: #"[0-9]+ of [0-9]+"#, options: .regularExpression) else { continue }
        return Int(line[range].split(separator: " ").last ?? "") ?? 0
    }
    return 0
}

/// A value a task sets while the bench's thread waits for it.
final class Slot<Value>: @unchecked Sendable {
    var value: Value?
}

/// A line for whoever reads the bench's output (stderr), not a figure.
func note(_ text: String) { FileHandle.standardError.write(Data("note: \(text)\n".utf8)) }
