import Foundation
import LVControls
import MicroblogKit
import ParlaApp
import ParlaBase
import SpeechKit
import TerminalKit
import Testing

/// Issue 26 item 4, as the blind user hears it: Down says a long post's opening and "More.", Right says the
/// rest in the post's voice, and a time just said for the post before is not said again.
@Suite struct ReadOnTests {
    static let tom = account("20", "tom", "Tom Whitaker")
    static let jordi = account("21", "jordi", "Jordi Vidal")
    static let posts = [
        post("204", by: tom, "<p>People keep asking what voice I listen to all day. It is this one, and it is free software.</p>", minutesAgo: 240),
        post("203", by: jordi, "<p>Mañana cerramos a mediodía por inventario. El pan de centeno lo tendréis igualmente a primera hora.</p>",
             minutesAgo: 250, language: "es"),
        post("202", by: ana, "<p>Good morning, everyone!</p>", minutesAgo: 2 * 24 * 60 + 10),
        post("201", by: ben, "<p>Thank you!</p>", minutesAgo: 2 * 24 * 60 + 20),
    ]

    func harness() async throws -> AppHarness {
        let engine = FakeEngine.home(Self.posts)
        let h = try AppHarness(engine: engine)
        await h.open()
        return h
    }

    @Test func downSaysTheOpeningAndRightSaysTheRestInThePostsVoice() async throws {
        let h = try await harness()
        #expect(h.texts.last == "Home · main. Posts, wheel list, 1 of 4. Tom Whitaker: People keep asking what voice I listen to all day. More. 4 hours ago. "
            + "Up and Down move, Right reads the rest, Enter chooses.")
        await h.press(.right)
        #expect(h.utterances.last == Utterance("It is this one, and it is free software.", language: "en"))
        // The rest of a Spanish post is read with the Spanish voice, and the time the post before just said is not said again.
        await h.press(.down)
        #expect(h.utterances.last == Utterance(segments: [.init("Jordi Vidal: "), .init("Mañana cerramos a mediodía por inventario.", language: "es"),
                                                          .init(" More.")], language: "es", priority: .focus))
        await h.press(.right)
        #expect(h.utterances.last == Utterance("El pan de centeno lo tendréis igualmente a primera hora.", language: "es"))
        // The screen shows the post whole all along.
        #expect(h.lines[3] == "   Mañana cerramos a mediodía por inventario. El pan de centeno lo tendréis")
        #expect(h.lines[4] == "   igualmente a primera hora.")
    }

    /// Right says the rest once: again, it has nothing more (Ctrl+R repeats); once the post is said again, Right has its rest again.
    @Test func rightAgainHasNothingMoreUntilThePostIsSaidAgain() async throws {
        let h = try await harness()
        await h.press(.right)
        #expect(h.utterances.last?.text == "It is this one, and it is free software.")
        await h.press(.right)
        #expect(h.utterances.last == Utterance("Nothing more", earcon: .edge))
        await h.press(.down)
        await h.press(.up)
        await h.press(.right)
        #expect(h.utterances.last?.text == "It is this one, and it is free software.")
    }

    @Test func aShortPostHasNothingMoreAndATimeIsSaidWhenItChanges() async throws {
        let h = try await harness()
        await h.press(.down, .down)
        #expect(h.texts.last == "Ana García: Good morning, everyone! 2 days ago.")
        await h.press(.right)
        #expect(h.utterances.last?.text == "Nothing more")
        #expect(h.utterances.last?.earcon == .edge)
        // Still on the wheel: Right did not move the focus.
        await h.press(.down)
        #expect(h.texts.last == "Ben Jones: Thank you!")
        await h.press(.up)
        #expect(h.texts.last == "Ana García: Good morning, everyone!")
        await h.press(.up)
        #expect(h.texts.last == "Jordi Vidal: Mañana cerramos a mediodía por inventario. More. 4 hours ago.")
    }

    @Test func afterAJumpTheTimeIsSaidEvenWhenItIsTheSame() async throws {
        let h = try await harness()
        await h.press(.end)
        #expect(h.texts.last == "Ben Jones: Thank you! 2 days ago.")
        await h.press(.up)
        #expect(h.texts.last == "Ana García: Good morning, everyone!")
        await h.press(.home, .down)
        #expect(h.texts.last == "Jordi Vidal: Mañana cerramos a mediodía por inventario. More.")
    }

    @Test func withWholePostsRightMovesTheFocusAsInOtherLists() async throws {
        var settings = AppSettings()
        settings.wholePosts = true
        let engine = FakeEngine.home(Self.posts)
        let h = try AppHarness(engine: engine, settings: settings)
        await h.open()
        #expect(h.texts.last == "Home · main. Posts, wheel list, 1 of 4. Tom Whitaker: People keep asking what voice I listen to all day. "
            + "It is this one, and it is free software. 4 hours ago. Up and Down move, type letters to jump, Enter chooses.")
        await h.press(.right)
        #expect(h.texts.last?.hasPrefix("You are in Home") == true, "\(h.texts.suffix(1))")
    }

    @Test func behindAWarningRightSaysHowToOpenItAndOnceOpenedItHasNothingMoreToSay() async throws {
        let hidden = post("210", by: Self.tom, "<p>The fox was hurt by the road this morning. The wildlife rescue came within the hour and she is recovering.</p>",
                          minutesAgo: 60, spoiler: "Injured animal")
        let engine = FakeEngine.home([hidden])
        let h = try AppHarness(engine: engine)
        await h.open()
        #expect(h.texts.last?.hasPrefix("Home · main. Posts, wheel list, 1 of 1. Tom Whitaker: Content warning: Injured animal. 1 hour ago.") == true,
                "\(h.texts.suffix(1))")
        // Behind the warning, Right does not say "Nothing more": it says how to read what is hidden.
        await h.press(.right)
        #expect(h.utterances.last?.text == "The content warning hides the text: w opens it.")
        await h.press(.char("w"))
        #expect(h.texts.last?.contains("The wildlife rescue came within the hour and she is recovering.") == true, "\(h.texts.suffix(1))")
        await h.press(.right)
        #expect(h.utterances.last?.text == "Nothing more")
    }

    @Test func rightSaysWhatTheLineNamedByAFlagTheDescriptionsAndThePollsOptions() async throws {
        var polled = post("211", by: Self.tom, "<p>Which reader for the new laptop?</p>", minutesAgo: 30)
        polled.poll = Poll(id: "p1", votesCount: 4, options: [.init(title: "NVDA", votesCount: 3), .init(title: "Orca", votesCount: 1)])
        var pictured = post("212", by: ana, "<p>The heron is back at the river, standing on one leg as ever, and as patient as the stones around it.</p>",
                            minutesAgo: 40)
        pictured.media = [MediaAttachment(id: "m1", kind: .image, url: "https://parla.test/m1.png", description: "A grey heron on one leg")]
        let engine = FakeEngine.home([polled, pictured])
        let h = try AppHarness(engine: engine)
        await h.open()
        #expect(h.texts.last?.hasPrefix("Home · main. Posts, wheel list, 1 of 2. Tom Whitaker: Which reader for the new laptop? Poll. 30 minutes ago.") == true,
                "\(h.texts.suffix(1))")
        // A short body with a poll: Right says the options, not "Nothing more".
        await h.press(.right)
        #expect(h.texts.last == "Poll: NVDA, 3 votes, 75 percent; Orca, 1 vote, 25 percent. 4 votes.", "\(h.texts.suffix(1))")
        // A long body with a picture: the rest, then the picture's description.
        await h.press(.down)
        #expect(h.texts.last == "Ana García: The heron is back at the river… More. 1 image. 40 minutes ago.",
                "\(h.texts.suffix(1))")
        await h.press(.right)
        #expect(h.texts.last == "standing on one leg as ever, and as patient as the stones around it. Image: A grey heron on one leg.", "\(h.texts.suffix(1))")
    }

    @Test func behindAFiltersWarningRightSaysHowToOpenItAndWOpensIt() async throws {
        var held = post("213", by: Self.tom, "<p>The match went to extra time and then to penalties, which nobody in the pub could watch.</p>",
                        minutesAgo: 20)
        held.filtered = [FilterMatch(title: "Football", action: .warn)]
        let engine = FakeEngine.home([held])
        let h = try AppHarness(engine: engine)
        await h.open()
        #expect(h.texts.last?.hasPrefix("Home · main. Posts, wheel list, 1 of 1. Tom Whitaker: Filtered: Football. 20 minutes ago.") == true,
                "\(h.texts.suffix(1))")
        await h.press(.right)
        #expect(h.texts.last == "A filter of yours hides this post: w opens it.")
        await h.press(.char("w"))
        #expect(h.texts.last?.contains("which nobody in the pub could watch.") == true, "\(h.texts.suffix(1))")
        await h.press(.right)
        #expect(h.texts.last == "Nothing more")
        // And w closes it again.
        await h.press(.char("w"))
        #expect(h.texts.last == "Filter's warning closed", "\(h.texts.suffix(1))")
    }

    /// A harness scanning, gone into the home's posts with the switch, and the step of the scan.
    func scanningHarness() async throws -> (AppHarness, () -> Void) {
        var settings = AppSettings()
        settings.scanning = true
        let engine = FakeEngine.home(Self.posts)
        let h = try AppHarness(engine: engine, settings: settings)
        await h.open()
        #expect(h.app.host.focused is Wheel)
        await h.press(.space)
        let dwell = Duration.milliseconds(settings.dwellMilliseconds)
        return (h, {
            h.clock.advance(by: dwell)
            h.app.host.tick()
        })
    }

    /// The switch user has no Right: scanning through the posts says a long post's rest as a step of its own,
    /// then goes on to the next post; a post said whole takes one step.
    @Test func scanningSaysEachLongPostsRestAsAStepOfItsOwn() async throws {
        let (h, step) = try await scanningHarness()
        let before = h.texts.count
        for _ in 0..<5 { step() }
        #expect(Array(h.texts.dropFirst(before)) == [
            "It is this one, and it is free software.",
            "Jordi Vidal: Mañana cerramos a mediodía por inventario. More.",
            "El pan de centeno lo tendréis igualmente a primera hora.",
            "Ana García: Good morning, everyone! 2 days ago.",
            "Ben Jones: Thank you!",
        ], "\(h.texts.suffix(6))")
    }

    /// The switch after a post's rest chooses that post: its actions come, for the post under the marker.
    @Test func theSwitchAfterTheRestChoosesThePostItBelongsTo() async throws {
        let (h, step) = try await scanningHarness()
        step()
        #expect(h.texts.last == "It is this one, and it is free software.")
        await h.press(.space)
        #expect(h.texts.last == "Boost, toggle button, off")
        #expect(h.lines[11] == "   > Tom Whitaker: People keep asking what voice I listen to all day. It is...", "\(h.lines)")
    }

    @Test func f1NamesRightOnTheTimeline() async throws {
        let h = try await harness()
        await h.press(.f(1))
        await h.press(.end)
        var lines: [String] = []
        await h.press(.home)
        for _ in 0..<70 {
            lines.append(h.texts.last ?? "")
            await h.press(.down)
        }
        #expect(lines.contains("Right arrow: read the rest of the post, 45 of 57"), "\(lines)")
    }
}

/// The low-vision user at 40×12 sees two rows of a post above the list: Right, which says the rest, shows it too.
@Suite struct ReadOnAt40x12Tests {
    @Test func rightShowsTheRowsWhereTheRestSaidBegins() async throws {
        let tom = account("20", "tom", "Tom Whitaker")
        let long = post("220", by: tom, "<p>The library opens late on Thursdays from next week, until nine in the evening. "
            + "Bring your card: the new self-service desks read it, and the staff will show you how.</p>", minutesAgo: 30)
        let engine = FakeEngine.home([long])
        let h = try AppHarness(size: Size(width: 40, height: 12), engine: engine)
        await h.open()
        let rowsBefore = Array(h.lines[3...4])
        #expect(rowsBefore == ["   The library opens late on Thursdays", "   from next week, until nine in the..."], "\(h.lines)")
        await h.press(.right)
        #expect(h.texts.last == "until nine in the evening. Bring your card: the new self-service desks read it, and the staff will show you how.")
        // The rows from the one where "until nine" stands.
        #expect(Array(h.lines[3...4]) == ["   from next week, until nine in the", "   evening. Bring your card: the new"], "\(h.lines)")
        // The cursor stays on the post in the list (one row at 40×12).
        #expect(h.cursor?.y == h.lines.firstIndex { $0.hasPrefix(" > Posts: Tom Whitaker") }, "\(h.lines)")
        // The next post, or the same one said again, shows from its top.
        await h.press(.home)
        #expect(Array(h.lines[3...4]) == rowsBefore, "\(h.lines)")
    }

    /// Opening a content warning reads the text: the two rows show it from its first words rather than the warning
    /// and the text's opening line, until the next key.
    @Test func openingAWarningShowsTheTextBeingRead() async throws {
        let tom = account("20", "tom", "Tom Whitaker")
        let warned = post("221", by: tom, "<p>The final episode ends on the lighthouse, and the keeper was the narrator all along.</p>",
                          minutesAgo: 30, spoiler: "Spoilers for the last episode of The Long Tide, season two")
        let engine = FakeEngine.home([warned])
        let h = try AppHarness(size: Size(width: 40, height: 12), engine: engine)
        await h.open()
        await h.press(.char("w"))
        #expect(h.texts.last == "The final episode ends on the lighthouse, and the keeper was the narrator all along.")
        #expect(Array(h.lines[3...4]) == ["   The final episode ends on the", "   lighthouse, and the keeper was the"], "\(h.lines)")
        #expect(h.cursor?.y == h.lines.firstIndex { $0.hasPrefix(" > Posts: Tom Whitaker") }, "\(h.lines)")
        // The next key shows the text from its top: the warning first.
        await h.press(.home)
        #expect(h.lines[3].contains("Spoilers"), "\(h.lines)")
    }
}
