import Foundation
import LocalInstance
import ParlaBase
import Testing
import TestSupport

/// A port already taken is said in the system's words (issue 26, item 8).
@Suite struct ListenErrorTests {
    @Test func aTakenPortIsSaidWithoutAStrayParenthesis() async throws {
        try await withInstance { first, _ in
            var configuration = InstanceConfiguration(dataDirectory: TestPaths.temporaryDirectory("listen-error"))
            configuration.port = first.port
            do {
                let second = try await LocalInstance.start(configuration)
                await second.stop()
                Issue.record("a second instance listened on a taken port")
            } catch let error as LocalInstanceError {
                #expect(error.message(TestLocalization.localizer(.english))
                    == "The local instance could not listen on 127.0.0.1 port \(first.port): Address already in use")
            }
        }
    }
}
