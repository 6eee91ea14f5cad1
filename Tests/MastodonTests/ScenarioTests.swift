import Foundation
import SystemTestSupport
import Testing
import TestSupport

@Suite("Request-count scenario (issue 6)")
struct ScenarioTests {
    @Test("Parla needs at most a third of the naive client's requests and gets no 429 at Mastodon's default limit")
    func requestCounts() async throws {
        let counts = try await RequestCountScenario.run()
        print(counts)
        #expect(counts.parlaTooMany == 0)
        #expect(counts.parla * 3 <= counts.naive)
        #expect(counts.parla > 20)
    }
}
