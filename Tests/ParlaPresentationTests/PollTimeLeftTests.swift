import Foundation
import MicroblogKit
import ParlaPresentation
import TestSupport
import Testing

/// A poll's time left is rounded up, and a figure that rounds up to the next unit's whole is said in
/// that unit: a day's poll read a second after it was made closed "in 24 hours" (seen in the
/// end-to-end writing test on a loaded machine).
@Suite struct PollTimeLeftTests {
    private let now = Date(timeIntervalSince1970: 1_772_366_400)
    private let speech = SpeechText(localizer: TestLocalization.localizer(), options: SpeechText.Options())

    private func left(_ seconds: TimeInterval) -> String {
        let poll = Poll(id: "p", expiresAt: now.addingTimeInterval(seconds), votesCount: 0, options: [.init(title: "yes", votesCount: 0)])
        return String(speech.poll(poll, now: now).spoken.split(separator: ". ").last ?? "")
    }

    @Test func eachUnitGivesWayToTheNextAtItsWhole() {
        #expect([30, 90, 3_599, 3_600, 3_601, 86_399, 86_400, 90_000].map { left(TimeInterval($0)) } == [
            "Closes in less than a minute.", "Closes in 2 minutes.", "Closes in 1 hour.", "Closes in 1 hour.", "Closes in 2 hours.",
            "Closes in 1 day.", "Closes in 1 day.", "Closes in 2 days.",
        ])
    }
}
