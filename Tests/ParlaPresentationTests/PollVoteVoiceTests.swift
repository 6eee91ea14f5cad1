import Foundation
import MicroblogKit
import ParlaBase
import ParlaPresentation
import Testing

/// The choice in "You voted for …" is the author's words: it is said in the post's voice, as the options are
/// (found in the transcript of a Spanish poll's notification, issue 26 item 6).
@Suite struct PollVoteVoiceTests {
    func rendered(_ segments: [SpeechText.Segment]) -> String {
        segments.map { "[\($0.language ?? "-")]\($0.text)" }.joined()
    }

    @Test func theChoiceVotedForIsSaidInThePostsLanguage() {
        let poll = Poll(id: "p", expired: true, votesCount: 4,
                        options: [.init(title: "Menos de 14 puntos", votesCount: 3), .init(title: "Más de 20", votesCount: 1)],
                        voted: true, ownVotes: [0])
        let notification = MicroblogNotification(id: "n", kind: .poll, createdAt: speechNow, account: anaAccount,
                                                 post: samplePost("<p>¿Qué tamaño de letra usáis?</p>", language: "es", poll: poll))
        let output = speechText().present(notification, now: speechNow)
        #expect(rendered(output.segments)
            == "[-]A poll you took part in has ended: [es]¿Qué tamaño de letra usáis?[-] Poll: [es]Menos de 14 puntos[-], 3 votes, 75 percent; "
                + "[es]Más de 20[-], 1 vote, 25 percent. 4 votes. You voted for [es]Menos de 14 puntos[-]. Closed. just now")
    }
}
