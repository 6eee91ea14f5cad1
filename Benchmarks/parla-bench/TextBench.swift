import BenchSupport
import Foundation
import Mastodon
import MicroblogKit

/// text: what texts as neutral runs cost (issue 27). Mastodon's HTML of PostFactory's 1 000 posts read into
/// runs (the work the Mastodon module now does once per post received, which presentation did at every
/// showing before); a post's JSON as the cache stores it, with its texts as runs and as the server's HTML
/// (the form before); and the cache's decoding of 1 000 posts.
func textBench(runs: Int) throws {
    let factory = PostFactory()
    let count = 1_000
    let bodies = (0..<count).map { factory.html(number: $0) }
    step("text: reading HTML into runs")
    var parse: [Double] = []
    var kept = 0
    for _ in 0..<min(runs, 100) {
        let start = ContinuousClock.now
        for body in bodies { kept &+= RichText(html: body).runs.count }
        parse.append(milliseconds(ContinuousClock.now - start))
    }
    timings("text_html_to_runs_1k", parse)
    step("text: the cache's JSON")
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let posts = factory.posts(count)
    let stored = try posts.map { try encoder.encode($0) }
    let asHTML = try zip(posts, bodies.reversed()).map { post, html in try htmlJSON(encoder.encode(post), html: html) }
    figure("text_post_json_bytes_runs", String(stored.map(\.count).reduce(0, +) / count))
    figure("text_post_json_bytes_html", String(asHTML.map(\.count).reduce(0, +) / count))
    let decoder = JSONDecoder()
    var decode: [Double] = []
    for _ in 0..<min(runs, 100) {
        let start = ContinuousClock.now
        for data in stored { kept &+= try decoder.decode(Post.self, from: data).content.runs.count }
        decode.append(milliseconds(ContinuousClock.now - start))
    }
    timings("text_decode_1k_posts", decode)
    if kept == 0 { figure("text_runs", "none") }
}

/// A post's JSON with its body, and its author's bio, as HTML strings: the form the cache stored before.
private func htmlJSON(_ data: Data, html: String) throws -> Data {
    guard let post = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { return data }
    return try JSONSerialization.data(withJSONObject: downgraded(post, html: html), options: .sortedKeys)
}

/// The post's object with HTML strings for texts; a boost's own body is empty and the boosted post holds it.
private func downgraded(_ object: [String: Any], html: String) -> [String: Any] {
    var post = object
    if let boosted = post["reblog"] as? [String: Any] {
        post["reblog"] = downgraded(boosted, html: html)
        post["content"] = ""
    } else {
        post["content"] = html
    }
    if var account = post["account"] as? [String: Any] {
        account["note"] = "<p>Bio of \(account["displayName"] ?? "")</p>"
        post["account"] = account
    }
    return post
}
