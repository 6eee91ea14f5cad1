import Foundation
import LVControls
import MicroblogKit
import ParlaApp
import SpeechKit
import TerminalKit
import Testing

/// Issue 18 item 2 on the screen: editing one's own post (its text as written, from /source), deleting
/// and redrafting it, and reading its versions; others' posts say why not.
@Suite struct OwnPostScreenTests {
    func harness() async throws -> AppHarness {
        let engine = FakeEngine()
        engine.willBring([post("104", by: me, "<p>Mine</p>", minutesAgo: 1, spoiler: "Food")], to: "home")
        let h = try AppHarness(engine: engine)
        await h.open()
        await h.press(.home)
        return h
    }

    @Test func editingOnesOwnPostSendsTheChangeAndSaysEditedWhenTheServerAnswered() async throws {
        let h = try await harness()
        await h.press(.char("e"))
        #expect(h.engine.calls.contains("source 104"))
        #expect(Array(h.texts.suffix(2)) == [
            "Opening your post to edit", "Edit your post. Text, text field, Mine, cursor at the end, 496 characters left, Type to write.",
        ])
        #expect(Array(h.lines.prefix(4)) == [" Edit your post", " ------------------------------------------------------------------------------", " > Text: (496 left)", "   Mine"])
        // An edit changes the text, the warning and the language; files, poll, visibility and time are not offered.
        #expect(h.lines.contains("   Content warning: Food"))
        #expect(!h.lines.contains { $0.contains("Visibility") || $0.contains("Attach") })
        for character in " too" { await h.press(.char(character)) }
        await h.press(.f(3), .enter)
        // Sent as a change (PUT), with its warning and language; the edit's draft goes once the server took it.
        #expect(Array(h.engine.calls.suffix(2)) == ["edit 104 Mine too cw Food lang en", "remove draft edit:104"])
        #expect(Array(h.utterances.suffix(3).prefix(2)) == [
            Utterance("Saving the edit", priority: .alert, earcon: .activate), Utterance("Edited", priority: .answer, earcon: .sent),
        ])
        #expect(h.utterances.last?.segments.map(\.text) == [
            "Me Myself: Content warning: Food. 1 minute ago, edited.",
        ])
        await deliverEvents(h)
        #expect(h.lines[11] == "   > Me Myself: Content warning: Food")
    }

    @Test func anEditChangesTheDescriptionsOfThePostsFiles() async throws {
        let engine = FakeEngine()
        var mine = post("105", by: me, "<p>At the river</p>", minutesAgo: 1)
        mine.media = [MediaAttachment(id: "m1", kind: .image, description: "A heron")]
        engine.willBring([mine], to: "home")
        let h = try AppHarness(engine: engine)
        await h.open()
        await h.press(.home, .char("e"))
        for _ in 0..<6 { if h.texts.last?.hasPrefix("Description of attachment 1") == true { break }; await h.press(.tab) }
        #expect(h.texts.last == "Description of attachment 1, text field, A heron, cursor at the end")
        for character in " on one leg" { await h.press(.char(character)) }
        await h.press(.f(3), .enter)
        #expect(h.engine.calls.contains("edit 105 At the river lang en media m1: A heron on one leg"))
        #expect(h.utterances.suffix(3).prefix(2).last == Utterance("Edited", priority: .answer, earcon: .sent))
        await h.press(.char("a"))
        #expect(h.texts.last == "Attachment 1: A heron on one leg.")
    }

    @Test func aCancelledEditIsKeptAsADraftAndTheOutboxOpensItAgain() async throws {
        let h = try await harness()
        h.engine.scripted.add([post("104", by: me, "<p>Mine</p>", minutesAgo: 1, spoiler: "Food")])
        await h.press(.char("e"))
        for character in " too" { await h.press(.char(character)) }
        await h.press(.escape)
        #expect(h.texts.suffix(2).first == "Draft kept")
        #expect(await h.engine.draft(key: "edit:104")?.text == "Mine too")
        await h.press(.char("o"))
        #expect(h.texts.last?.contains("Edit draft: Mine too") == true, "\(h.texts.suffix(2))")
        await h.press(.enter)
        #expect(Array(h.texts.suffix(2)) == [
            "Your draft is back", "Edit your post. Text, text field, Mine too, cursor at the end, 492 characters left",
        ])
        await h.press(.f(3), .enter)
        #expect(h.engine.calls.contains("edit 104 Mine too cw Food lang en"))
        #expect(await h.engine.draft(key: "edit:104") == nil)
    }

    @Test func theVersionsOfAnEditedPostAreReadOldestFirst() async throws {
        let h = try await harness()
        await h.press(.char("e"))
        for character in " too" { await h.press(.char(character)) }
        await h.press(.f(3), .enter)
        await deliverEvents(h)
        await h.press(.char("H"))
        #expect(h.engine.calls.last == "history 104")
        #expect(h.texts.last == "Versions of Me Myself's post. Versions, wheel list, 1 of 2. Version 1 of 2, Mar 1, 2026 at 11:59\u{202F}AM, "
            + "as first written: Content warning: Food. Mine. Up and Down move, type letters to jump, Enter chooses.")
        await h.press(.down)
        // The post's own words in its language, the interface's around them.
        #expect(h.utterances.last?.segments == [
            Utterance.Segment("Version 2 of 2, Mar 1, 2026 at 12:00\u{202F}PM, the latest: "), Utterance.Segment("Content warning: "),
            Utterance.Segment("Food. ", language: "en"), Utterance.Segment("Mine too", language: "en"),
        ])
        #expect(Array(h.lines.prefix(7)) == [
            " Versions of Me Myself's post", " ------------------------------------------------------------------------------", "   Text: [Food] Mine too", "", " > Versions 2 of 2",
            "     Version 1 of 2, Mar 1, 2026 at 11:59\u{202F}AM, as first written: [Food] Mine",
            "   > Version 2 of 2, Mar 1, 2026 at 12:00\u{202F}PM, the latest: [Food] Mine too",
        ])
        // From the reader too: the post's own keys work there.
        await h.press(.escape, .char("x"), .char("H"))
        #expect(h.texts.last?.hasPrefix("Versions of Me Myself's post. Versions, wheel list, 1 of 2.") == true, "\(h.texts.suffix(2))")
    }

    @Test func redraftAsksTwiceThenDeletesAndOpensComposeWithTheText() async throws {
        let h = try await harness()
        await h.press(.char("E"))
        #expect(h.texts.last == "Press capital E again to delete this post and write it again")
        #expect(!h.engine.calls.contains("delete 104"))
        await h.press(.char("E"))
        #expect(Array(h.engine.calls.suffix(2)) == ["source 104", "delete 104"])
        #expect(Array(h.texts.suffix(2)) == [
            "Post deleted; its text is in compose to write it again",
            "Write your post again. Text, text field, Mine, cursor at the end, 496 characters left, Type to write.",
        ])
        #expect(Array(h.lines.prefix(4)) == [" Write your post again", " ------------------------------------------------------------------------------", " > Text: (496 left)", "   Mine"])
        #expect(h.lines.contains("   Content warning: Food"))
        // Cancelled, the words stay as a draft: the post is gone, they are not.
        await h.press(.escape)
        #expect(h.texts.suffix(2).first == "Draft kept")
        #expect(await h.engine.draft(key: "redraft:104")?.text == "Mine")
    }

    @Test func aRedraftAttachesThePostsImageAgainWithItsDescription() async throws {
        let engine = FakeEngine()
        var mine = post("106", by: me, "<p>At the river</p>", minutesAgo: 1)
        mine.media = [MediaAttachment(id: "m7", kind: .image, url: "https://example.social/system/media_attachments/m7.png", description: "A grey heron")]
        engine.willBring([mine], to: "home")
        let h = try AppHarness(engine: engine)
        await h.open()
        await h.press(.home, .char("E"), .char("E"))
        #expect(Array(h.engine.calls.suffix(2)) == ["source 106", "delete 106"])
        #expect(h.lines.contains("   Description of m7.png: A grey heron"), "\(h.lines)")
        for _ in 0..<6 { if h.texts.last?.hasPrefix("Description of m7.png") == true { break }; await h.press(.tab) }
        #expect(h.texts.last == "Description of m7.png, text field, A grey heron, cursor at the end")
        await h.press(.f(3), .enter)
        // The server kept the file: it is attached again by its id, not uploaded, its description sent with it.
        #expect(h.engine.sent.map(\.attachments) == [[
            NewAttachment(path: "m7.png", description: "A grey heron", mediaId: "m7", redescribe: true),
        ]])
    }

    @Test func aCancelledRedraftKeepsItsFilesInTheDraftAndTheOutboxAttachesThemAgain() async throws {
        let engine = FakeEngine()
        var mine = post("108", by: me, "<p>At the river</p>", minutesAgo: 1)
        mine.media = [MediaAttachment(id: "m9", kind: .image, url: "https://example.social/m9.png", description: "A heron")]
        engine.willBring([mine], to: "home")
        let h = try AppHarness(engine: engine)
        await h.open()
        await h.press(.home, .char("E"), .char("E"))
        for _ in 0..<6 { if h.texts.last?.hasPrefix("Description of m9.png") == true { break }; await h.press(.tab) }
        for character in " on one leg" { await h.press(.char(character)) }
        await h.press(.escape)
        #expect(h.texts.suffix(2).first == "Draft kept")
        #expect(await h.engine.draft(key: "redraft:108")?.media == [
            MediaAttachment(id: "m9", kind: .image, url: "https://example.social/m9.png", description: "A heron on one leg"),
        ])
        await h.press(.char("o"), .enter)
        #expect(h.lines.contains("   Description of m9.png: A heron on one leg"), "\(h.lines)")
        await h.press(.f(3), .enter)
        #expect(h.engine.sent.map(\.attachments) == [[
            NewAttachment(path: "m9.png", description: "A heron on one leg", mediaId: "m9", redescribe: true),
        ]])
    }

    @Test func aRedraftsChangedDescriptionIsSentBeforeThePost() async throws {
        let engine = FakeEngine()
        var mine = post("107", by: me, "<p>At the river</p>", minutesAgo: 1)
        mine.media = [MediaAttachment(id: "m8", kind: .image, url: "https://example.social/m8.png", description: "A heron")]
        engine.willBring([mine], to: "home")
        let h = try AppHarness(engine: engine)
        await h.open()
        await h.press(.home, .char("E"), .char("E"))
        for _ in 0..<6 { if h.texts.last?.hasPrefix("Description of m8.png") == true { break }; await h.press(.tab) }
        for character in " on one leg" { await h.press(.char(character)) }
        await h.press(.f(3), .enter)
        #expect(h.engine.sent.map(\.attachments) == [[
            NewAttachment(path: "m8.png", description: "A heron on one leg", mediaId: "m8", redescribe: true),
        ]])
    }

    @Test func othersPostsCannotBeEditedOrRedrafted() async throws {
        let h = try await harness()
        await h.press(.down, .char("e"))
        #expect(h.utterances.last == Utterance("Only your own posts can be edited; this one is by Ana García.", earcon: .error))
        await h.press(.char("E"))
        #expect(h.utterances.last == Utterance("Only your own posts can be deleted and written again; this one is by Ana García.", earcon: .error))
        #expect(!h.engine.calls.contains { $0.hasPrefix("source") || $0.hasPrefix("delete") })
    }
}
