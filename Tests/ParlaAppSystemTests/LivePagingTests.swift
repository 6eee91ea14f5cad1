import Foundation
import LocalInstance
import MastodonAPI
import MicroblogKit
import ParlaApp
import TerminalKit
import Testing

/// Paging through the real engine and Mastodon client over HTTP to the local instance: the figure
/// of issue 16, requests to read a thousand posts and more.
@Suite(.serialized) struct LivePagingTests {
    @Test func readingOverAThousandHomePostsCostsOneRequestPerPageOf40() async throws {
        try await LiveAppHarness.with { h in
            for n in 1...1000 { _ = try h.server.publish(as: "tom", text: "Paging post \(n)") }
            try await h.open()
            let opened = h.requests(API.Timelines.home)
            var header = ""
            for _ in 0..<60 {
                await h.press(.end)
                try await h.settleEvents()
                header = h.lines[10]
                if !h.lines[21].contains("more below"), let parts = Optional(header.split(separator: " ")), parts.count >= 5, parts[2] == parts[4] { break }
            }
            let parts = header.split(separator: " ")
            let total = try #require(Int(parts[4]))
            let pages = h.requests(API.Timelines.home) - opened
            // One request per page of 40 beyond the first 40, one more that finds the end, and at most
            // one poll of the live updates meanwhile.
            #expect(total >= 1040)
            let perPage = (total - 40 + 39) / 40 + 1
            #expect((perPage...(perPage + 1)).contains(pages), "\(pages) requests for \(total) posts")
        }
    }
}
