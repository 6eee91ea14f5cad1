import Foundation
import MicroblogKit
import ParlaApp
import SpeechKit
import Testing

/// "Sent: @parlatips Thanks, that helps." spent the name of a reply on the handle compose put before it: a
/// post is named by its own first words.
@Suite struct SentNameTests {
    @Test func aReplyIsNamedByItsOwnWordsNotTheHandleItOpensWith() async throws {
        let h = try AppHarness()
        await h.open()
        let reply = post("152", by: me, "<p><span class=\"h-card\"><a href=\"https://example.social/@ana\" class=\"u-url mention\">@<span>ana</span></a></span> Thanks, that helps.</p>",
                         minutesAgo: 0)
        h.engine.emit(.postSent(outboxId: "outbox-1", post: reply))
        await deliverEvents(h)
        #expect(h.utterances.last == Utterance("Sent: Thanks, that helps.", priority: .answer, earcon: .sent))
        let onlyMention = post("153", by: me, "<p><span class=\"h-card\"><a href=\"https://example.social/@ana\" class=\"u-url mention\">@<span>ana</span></a></span></p>",
                               minutesAgo: 0)
        h.engine.emit(.postSent(outboxId: "outbox-2", post: onlyMention))
        await deliverEvents(h)
        #expect(h.utterances.last == Utterance("Sent: @ana.", priority: .answer, earcon: .sent))
    }
}
