import Foundation
import LVControls
import Mastodon
import MicroblogKit
@testable import ParlaApp
import ParlaBase
import SpeechKit
import TerminalKit
import Testing

/// A post of about 500 characters behind a content warning, with an image description, a poll and a link.
let longPost = Post(
    id: "200", createdAt: testNow.addingTimeInterval(-3 * 3600), account: ana,
    content: RichText(html: "<p>I spent the whole weekend at the lake with my sister and our old dog. The water was cold, the sky was clear and the bread from the village bakery was still warm when we ate it on the pier. Nobody checked their phone for two days. We talked about our grandmother, who taught us both to swim in that same lake, and about whether we should rent the cabin again next summer.</p><p>Read the full story on <a href=\"https://example.com/lake/weekend-story\">https://example.com/lake/weekend-story</a> if you have time!</p>"),
    spoilerText: "Long holiday story", language: "en",
    media: [MediaAttachment(id: "m1", kind: .image, description: "A wooden pier over a calm lake at sunrise")],
    poll: Poll(id: "p1", expired: true, votesCount: 10, options: [Poll.Option(title: "Yes, rent it", votesCount: 7), Poll.Option(title: "No", votesCount: 3)]),
    repliesCount: 2, favouritesCount: 5)

/// A Spanish post with no warning, read with an English interface.
let spanishPost = Post(
    id: "201", createdAt: testNow.addingTimeInterval(-10 * 60), account: ben,
    content: RichText(html: "<p>Hoy llueve mucho. ¿Vamos al cine?</p>"), language: "es",
    media: [MediaAttachment(id: "m2", kind: .image, description: "Un paraguas rojo")])

/// The reader (issue 16, item 3, and the word highlight of issue 17, item 7): a post whole on screen,
/// reviewed by word, sentence and line with the hardware cursor on the piece read.
@Suite struct ReaderScreenTests {
    func harness(_ posts: [Post], size: Size = Size(width: 80, height: 24)) async throws -> AppHarness {
        let engine = FakeEngine()
        engine.setCached(posts + homePosts, in: "home")
        let h = try AppHarness(size: size, engine: engine)
        await h.open()
        return h
    }

    /// What was said since `start`, each segment with its voice resolved for an English interface ("[en-GB]…"), then the earcon.
    func said(_ h: AppHarness, from start: Int) -> [String] {
        h.utterances[start...].map { utterance in
            utterance.resolvedSegments(interface: "en-GB").map { "[\($0.language ?? "")]\($0.text)" }.joined()
                + (utterance.earcon.map { " (\($0.rawValue))" } ?? "")
        }
    }

    @Test func theWholePostAt80x24WithItsWarningClosedThenOpened() async throws {
        let h = try await harness([longPost])
        let start = h.utterances.count
        await h.press(.char("x"))
        #expect(h.lines == [
            " Post by Ana García @ana",
            " ------------------------------------------------------------------------------",
            " > Ana García @ana",
            "   3 hours ago · English · public",
            "",
            "   Content warning: Long holiday story",
            "",
            "   2 replies · 5 favourites",
        ] + Array(repeating: "", count: 14) + [
            " ------------------------------------------------------------------------------",
            "   [Back]             [Info]",
        ])
        #expect(h.cursor == Point(x: 3, y: 2))
        // The label and what it holds are one utterance, the author once (issue 26, item 5); how to use it comes last.
        #expect(said(h, from: start) == [
            "[en-GB]Post, label. [en]Ana García @ana 3 hours ago · English · public Content warning: Long holiday story 2 replies · 5 favourites[en-GB]. Right and Left read word by word, Ctrl+Right and Ctrl+Left or full stop and comma sentence by sentence, Down and Up line by line. (focus)",
        ])

        // The warning's key opens it here as on the timeline: the body, image, poll and links appear.
        await h.press(.char("w"))
        #expect(h.lines == [
            " Post by Ana García @ana",
            " ------------------------------------------------------------------------------",
            " > Ana García @ana",
            "   3 hours ago · English · public",
            "",
            "   Content warning: Long holiday story",
            "",
            "   I spent the whole weekend at the lake with my sister and our old dog. The",
            "   water was cold, the sky was clear and the bread from the village bakery was",
            "   still warm when we ate it on the pier. Nobody checked their phone for two",
            "   days. We talked about our grandmother, who taught us both to swim in that",
            "   same lake, and about whether we should rent the cabin again next summer.",
            "",
            "   Read the full story on example.com/lake/weekend-story if you have time!",
            "",
            "   [Image: A wooden pier over a calm lake at sunrise]",
            "",
            "   Poll: Yes, rent it 70% (7) · No 30% (3) · 10 votes · Closed",
            "",
            "   Links:",
            "   https://example.com/lake/weekend-story",
            "   Lines 1 to 19 of 21",
            " ------------------------------------------------------------------------------",
            "   [Back]             [Info]",
        ])

        // End: the last word, the view scrolled to show it, the cursor on its first letter.
        await h.press(.end)
        #expect(Array(h.lines[17...21]) == [
            "   Links:",
            "   https://example.com/lake/weekend-story",
            "",
            " > 2 replies · 5 favourites",
            "   Lines 3 to 21 of 21",
        ])
        #expect(h.cursor == Point(x: 17, y: 20))
        #expect(h.utterances.last?.text == "favourites")

        // F1: the help is made from the key table in force (the post's keys, the text's, the host's), and
        // opens as a list of those entries.
        let help = h.app.host.helpEntries().joined(separator: " ")
        await h.press(.f(1))
        #expect(h.lines[0] == " Help: Post by Ana García @ana")
        for entry in ["w: open or close a content or filter warning.", "Right arrow: read the next word.", "Control Right arrow or dot: read the next sentence.",
                      "Down arrow: read the next line.", "Enter: read on from the current word to the end.", "Escape: go back."] {
            #expect(help.contains(entry), "\(entry)")
        }
    }

    /// The must-show of issue 16: a 500-character post read whole at 40×12, the cursor on each word as it is read.
    @Test func everyWordOfA500CharacterPostAt40x12HasTheCursorOnItAndTheViewFollows() async throws {
        let h = try await harness([longPost], size: Size(width: 40, height: 12))
        await h.press(.char("x"), .char("w"))
        #expect(h.lines == [
            " Post by Ana García @ana",
            " --------------------------------------",
            " > Ana García @ana",
            "   3 hours ago · English · public",
            "",
            "   Content warning: Long holiday story",
            "",
            "   I spent the whole weekend at the",
            "   lake with my sister and our old dog.",
            "   Lines 1 to 7 of 32",
            " --------------------------------------",
            "   [Back]   [Info]",
        ])
        var steps: [String] = []
        for _ in 0..<200 {
            await h.press(.right)
            let cursor = try #require(h.cursor)
            steps.append("\(cursor.x),\(cursor.y) \(h.utterances.last?.text ?? "")")
            if h.utterances.last?.earcon == .edge { break }
        }
        #expect(steps == [
            "3,2 Ana", "7,2 García", "14,2 @ana", "3,3 3", "5,3 hours", "11,3 ago",
            "17,3 English", "27,3 public", "3,5 Content", "11,5 warning:", "20,5 Long", "25,5 holiday",
            "33,5 story", "3,7 I", "5,7 spent", "11,7 the", "15,7 whole", "21,7 weekend",
            "29,7 at", "32,7 the", "3,8 lake", "8,8 with", "13,8 my", "16,8 sister",
            "23,8 and", "27,8 our", "31,8 old", "35,8 dog.", "3,8 The", "7,8 water",
            "13,8 was", "17,8 cold,", "23,8 the", "27,8 sky", "31,8 was", "3,8 clear",
            "9,8 and", "13,8 the", "17,8 bread", "23,8 from", "28,8 the", "32,8 village",
            "3,8 bakery", "10,8 was", "14,8 still", "20,8 warm", "25,8 when", "30,8 we",
            "33,8 ate", "37,8 it", "3,8 on", "6,8 the", "10,8 pier.", "16,8 Nobody",
            "23,8 checked", "31,8 their", "3,8 phone", "9,8 for", "13,8 two", "17,8 days.",
            "23,8 We", "26,8 talked", "33,8 about", "3,8 our", "7,8 grandmother,", "20,8 who",
            "24,8 taught", "31,8 us", "34,8 both", "3,8 to", "6,8 swim", "11,8 in",
            "14,8 that", "19,8 same", "24,8 lake,", "30,8 and", "34,8 about", "3,8 whether",
            "11,8 we", "14,8 should", "21,8 rent", "26,8 the", "30,8 cabin", "3,8 again",
            "9,8 next", "14,8 summer.", "3,8 Read", "8,8 the", "12,8 full", "17,8 story",
            "23,8 on", "3,8 link to example.com", "34,8 if", "3,8 you", "7,8 have", "12,8 time!",
            "3,8 [Image:", "11,8 A", "13,8 wooden", "20,8 pier", "25,8 over", "30,8 a",
            "32,8 calm", "3,8 lake", "8,8 at", "11,8 sunrise]", "3,8 Poll:", "9,8 Yes,",
            "14,8 rent", "19,8 it", "22,8 70%", "26,8 (7)", "32,8 No", "35,8 30%",
            "3,8 (3)", "9,8 10", "12,8 votes", "20,8 Closed", "3,8 Links:", "3,7 example.com",
            "3,8 2", "5,8 replies", "15,8 5", "17,8 favourites", "17,8 favourites",
        ])
        #expect(h.lines == [
            " Post by Ana García @ana",
            " --------------------------------------",
            "   (3) · 10 votes · Closed",
            "",
            "   Links:",
            "   https://example.com/lake/weekend-sto",
            "   ry",
            "",
            " > 2 replies · 5 favourites",
            "   Lines 26 to 32 of 32",
            " --------------------------------------",
            "   [Back]   [Info]",
        ])

        // Back up by lines, sentences, a page and a word: the view scrolls up to keep the piece in sight.
        steps = []
        for key in [Key.up, .up, .up, .char(","), .char(","), .pageUp, .left, .home] {
            await h.press(key)
            let cursor = try #require(h.cursor)
            steps.append("\(cursor.x),\(cursor.y) \(h.lines[cursor.y].trimmingCharacters(in: .whitespaces)) | \(h.utterances.last?.text ?? "")")
        }
        #expect(steps == [
            "3,5 > https://example.com/lake/weekend-sto | example.com",
            "3,4 > Links: | Links:",
            "3,2 > (3) · 10 votes · Closed | (3) · 10 votes · Closed",
            "3,2 > [Image: A wooden pier over a calm | [Image: A wooden pier over a calm lake at sunrise]",
            "3,2 > Read the full story on | Read the full story on link to example.com if you have time!",
            "3,2 > bakery was still warm when we ate it | bakery was still warm when we ate it",
            "32,2 > clear and the bread from the village | village",
            "3,2 > Ana García @ana | Ana",
        ])
    }

    @Test func theReviewedWordIsReverseAndBoldAndNothingElseIs() async throws {
        let h = try await harness([longPost])
        await h.press(.char("x"), .right, .right)
        let grid = try #require(h.terminal.lastFrame?.grid)
        let word = (7..<13).map { grid[$0, 2] }
        #expect(word.map(\.text).joined() == "García")
        #expect(word.allSatisfy { $0.style.reverse && $0.style.bold })
        #expect([3, 4, 5, 14, 15].allSatisfy { !grid[$0, 2].style.reverse })
        #expect(h.cursor == Point(x: 7, y: 2))
        // Where am I says the word and line reached.
        await h.press(.char("p"))
        #expect(h.utterances.last?.text == "Post by Ana García @ana: word 2 of 17, line 1 of 6")
    }

    /// Each step is said in its own voice: the interface's words in English, the post's in Spanish.
    @Test func reviewStepsOfASpanishPostWithAnEnglishInterface() async throws {
        let h = try await harness([spanishPost])
        await h.press(.char("x"))
        #expect(h.lines[2...6] == [
            " > Ben Jones @ben@example.org",
            "   10 minutes ago · Spanish (Español) · public",
            "",
            "   Hoy llueve mucho. ¿Vamos al cine?",
            "",
        ])
        #expect(h.lines[7] == "   [Image: Un paraguas rojo]")
        #expect(said(h, from: h.utterances.count - 1) == [
            "[en-GB]Post, label. Ben Jones @ben@example.org 10 minutes ago · Spanish (Español) · public [es]Hoy llueve mucho. ¿Vamos al cine? [en-GB][Image: [es]Un paraguas rojo][en-GB]. Right and Left read word by word, Ctrl+Right and Ctrl+Left or full stop and comma sentence by sentence, Down and Up line by line. (focus)",
        ])
        let start = h.utterances.count
        let keys: [Key] = [.right, .right, .right, .right, .right, .char("."), Key(.right, .ctrl), Key(.left, .ctrl), .down, .down, .up,
                           .end, .right, .home, .left, .char("s"), .enter]
        for key in keys { await h.press(key) }
        #expect(said(h, from: start) == [
            "[en-GB]Ben", "[en-GB]Jones", "[en-GB]@ben@example.org", "[en-GB]10", "[en-GB]minutes",
            "[es]Hoy llueve mucho.", "[es]¿Vamos al cine?", "[es]Hoy llueve mucho.",
            "[en-GB][Image: [es]Un paraguas rojo]", "[en-GB][Image: [es]Un paraguas rojo] (edge)",
            "[es]Hoy llueve mucho. ¿Vamos al cine?",
            "[es]rojo]", "[es]rojo] (edge)", "[en-GB]Ben", "[en-GB]Ben (edge)", "[en-GB]capital B e n",
            "[en-GB]Ben Jones @ben@example.org 10 minutes ago · Spanish (Español) · public [es]Hoy llueve mucho. ¿Vamos al cine? [en-GB][Image: [es]Un paraguas rojo]",
        ])
    }

    /// Enter reads the post to the end; the highlight and the cursor go with the words as they are heard,
    /// from the interface's language into the post's, and review goes on from the last word heard (issue 26, item 14).
    @Test func readingToTheEndTakesTheCursorAlongAndReviewGoesOnFromTheLastWordHeard() async throws {
        let h = try await harness([spanishPost])
        await h.press(.char("x"), .enter)
        #expect(h.texts.last == "Ben Jones @ben@example.org 10 minutes ago · Spanish (Español) · public Hoy llueve mucho. ¿Vamos al cine? [Image: Un paraguas rojo]")
        #expect(h.cursor == Point(x: 3, y: 2))
        h.speech.isSpeaking = true
        var frames: [String] = []
        for word in ["Spanish", "cine?", "paraguas"] {
            h.speech.hear(word)
            if h.app.host.tick() { h.app.host.render() }
            h.clock.advance(by: ScreenHost.speechFollowInterval)
            let cursor = try #require(h.cursor)
            frames.append("\(cursor.x),\(cursor.y) \(h.lines[cursor.y])")
        }
        #expect(frames == [
            "20,3  > 10 minutes ago · Spanish (Español) · public",
            "31,5  > Hoy llueve mucho. ¿Vamos al cine?",
            "14,7  > [Image: Un paraguas rojo]",
        ])
        h.speech.isSpeaking = false
        h.speech.currentWord = nil
        await h.press(.right)
        #expect(said(h, from: h.utterances.count - 1) == ["[es]rojo]"])
    }

    /// The reader says a numeronym as its words ("#a11y": "accessibility", not "a 11 y") word by word and read to
    /// the end, shows it as written, and the highlight still lands on the word heard after it.
    @Test func theReaderSaysNumeronymsAsWordsAndTheHighlightFollowsPastThem() async throws {
        let tagged = Post(
            id: "202", createdAt: testNow.addingTimeInterval(-10 * 60), account: ben,
            content: RichText(html: "<p>Our e11y and k8s talk <a href=\"https://example.social/tags/a11y\" class=\"mention hashtag\" rel=\"tag\">#<span>a11y</span></a> ends now</p>"),
            language: "en")
        let h = try await harness([tagged])
        await h.press(.char("x"))
        #expect(h.lines[5] == "   Our e11y and k8s talk #a11y ends now")
        await h.press(.enter)
        #expect(h.texts.last == "Ben Jones @ben@example.org 10 minutes ago · English · public Our eventual consistency and Kubernetes talk hashtag accessibility ends now")
        #expect(try cursorFollowing(h, hearing: ["consistency", "and", "talk", "ends"]) == ["7,5", "12,5", "20,5", "31,5"])
        await h.press(.left, .left, .left)
        #expect(Array(h.texts.suffix(3)) == ["hashtag accessibility", "talk", "Kubernetes"])
    }

    @Test func enterOnThePostTextOpensTheReaderAndEscapeReturnsToThePost() async throws {
        let h = try await harness([longPost])
        await h.press(.down)
        let timeline = try #require(h.app.host.screen as? TimelineScreen)
        #expect(timeline.wheel.index == 1)
        // From the wheel back to the post's text (refresh, thread, bookmark, favourite, reply, boost, text).
        for _ in 0..<7 { await h.press(.backTab) }
        #expect(h.app.host.focused === timeline.text)
        await h.press(.enter)
        let reader = try #require(h.app.host.screen as? ReaderScreen)
        #expect(reader.post.id == "103")
        #expect(h.lines[2...4] == [" > Ana García @ana", "   5 minutes ago · English · public", ""])
        #expect(h.lines[5] == "   Good morning, everyone!")
        await h.press(.right, .escape)
        #expect(h.app.host.screen === timeline)
        #expect(timeline.wheel.index == 1)
        #expect(h.app.host.focused === timeline.text)
        #expect(h.lines[3].hasPrefix(" > Good morning, everyone!"))
    }

    /// The timeline's post label reviews with the same rule: the word read has the cursor, is set apart
    /// by its attributes, and the label scrolls to keep it in sight (issue 17, item 7).
    @Test func thePostLabelScrollsToTheWordUnderReviewWithTheCursorOnIt() async throws {
        var open = longPost
        open.spoilerText = ""
        let h = try await harness([open], size: Size(width: 40, height: 12))
        for _ in 0..<7 { await h.press(.backTab) }
        #expect(h.lines[3...4] == [" > I spent the whole weekend at the", "   lake with my sister and our old..."])
        var steps: [String] = []
        for _ in 0..<24 {
            await h.press(.right)
            let cursor = try #require(h.cursor)
            steps.append("\(cursor.x),\(cursor.y) \(h.utterances.last?.text ?? "")")
        }
        #expect(steps == [
            "3,3 I", "5,3 spent", "11,3 the", "15,3 whole", "21,3 weekend", "29,3 at", "32,3 the", "3,4 lake", "8,4 with", "13,4 my",
            "16,4 sister", "23,4 and", "27,4 our", "31,4 old", "35,4 dog.", "3,4 The", "7,4 water", "13,4 was", "17,4 cold,", "23,4 the",
            "27,4 sky", "31,4 was", "3,4 clear", "9,4 and",
        ])
        #expect(h.lines[3...4] == [" > The water was cold, the sky was", "   clear and the bread from the village"])
        let grid = try #require(h.terminal.lastFrame?.grid)
        #expect(grid[9, 4].style.underline && grid[9, 4].style.bold && !grid[9, 4].style.reverse)
        #expect(grid[13, 4].style.reverse && !grid[13, 4].style.underline)
    }
}
