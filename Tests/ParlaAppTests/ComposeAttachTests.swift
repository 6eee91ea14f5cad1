import Foundation
import Mastodon
import MicroblogKit
import ParlaApp
import ParlaBase
import SpeechKit
import TerminalKit
import TestSupport
import Testing

/// Compose: a file attached through the chooser (a typed path here), its description asked for, and sending
/// without one confirmed by a second Send.
@Suite struct ComposeAttachTests {
    static func image() throws -> String {
        let folder = TestPaths.temporaryDirectory("compose-attach")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("heron.png")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: url)
        return url.path
    }

    func type(_ text: String, into h: AppHarness) async {
        for character in text { await h.press(.char(character)) }
    }

    /// Opens compose, attaches `path` by typing it in the chooser; returns the harness.
    func attach(_ path: String) async throws -> AppHarness {
        let h = try AppHarness()
        await h.open()
        await h.press(.char("c"))
        await type("At the river", into: h)
        // Text, keypad, warning, then Attach.
        await h.press(.tab, .tab, .tab)
        await h.press(.enter)
        await h.press(.tab)
        await type(path, into: h)
        await h.press(.enter)
        return h
    }

    @Test func aFileIsAttachedWithItsDescriptionAndSent() async throws {
        let path = try Self.image()
        let h = try await attach(path)
        #expect(h.texts.suffix(2) == [
            "heron.png attached. Its description is the next field.", "Attach a file, 1 of 4, button",
        ])
        await h.press(.tab)
        #expect(h.texts.last?.hasPrefix("Description of heron.png") == true, "\(h.texts.last ?? "")")
        await type("A grey heron", into: h)
        await h.press(.f(3), .enter)
        #expect(h.engine.sent.map(\.attachments) == [[NewAttachment(path: path, description: "A grey heron")]])
    }

    @Test func sendingWithoutADescriptionAsksForASecondSend() async throws {
        let path = try Self.image()
        let h = try await attach(path)
        await h.press(.tab, .f(3), .enter)
        #expect(h.texts.last == "heron.png has no description. Press Send again to post without one.", "\(h.texts.suffix(3))")
        #expect(h.engine.sent.isEmpty)
        await h.press(.enter)
        #expect(h.engine.sent.map(\.attachments) == [[NewAttachment(path: path, description: "")]])
    }

    /// "Uploading photo.png, 1 of 1." stayed on a blank page until a key was pressed, although the post was sent
    /// (issue 26, item 12): the upload is shown over home, and once sent the status line says so, home in view.
    @Test func afterSendingWithAnImageHomeIsShownWithSentAndNoUploadingLeft() async throws {
        let path = try Self.image()
        let h = try await attach(path)
        await h.press(.tab, .f(3), .enter, .enter)
        #expect(h.engine.sent.count == 1)
        #expect(h.lines[0] == " Home · main")
        h.engine.emit(.uploading(outboxId: "outbox-1", fileName: "heron.png", number: 1, count: 1))
        await deliverEvents(h)
        h.app.host.render()
        #expect(h.lines[0] == " Home · main")
        #expect(h.lines.contains(" Uploading heron.png, 1 of 1."))
        #expect(h.lines.contains("   > Ana García: Good morning, everyone!"))
        var sent = homePosts[0]
        sent.content = RichText(html: "<p>At the river</p>")
        sent.media = [MediaAttachment(id: "m1", kind: .image)]
        h.engine.emit(.postSent(outboxId: "outbox-1", post: sent))
        await deliverEvents(h)
        h.app.host.render()
        #expect(h.utterances.last?.text == "Sent: At the river. With 1 image.")
        #expect(h.lines.contains(" Sent: At the river. With 1 image."))
        #expect(!h.lines.contains { $0.contains("Uploading") })
        #expect(h.lines.contains("   > Ana García: Good morning, everyone!"))
    }
}

/// At 40×12 the new controls scroll into view with the cursor on them, and F1 on the chooser is made from its keys.
@Suite struct ComposeAttachSmallTests {
    @Test func attachAndTheChooserWorkAt40By12() async throws {
        let h = try AppHarness(size: Size(width: 40, height: 12))
        await h.open()
        await h.press(.char("c"), .tab, .tab, .tab)
        let cursor = try #require(h.cursor)
        #expect(h.lines[cursor.y].contains("Attach a file, 0 of 4"), "\(h.lines)")
        await h.press(.enter)
        #expect(h.lines[0] == " Choose a file")
        await h.press(.f(1))
        #expect(h.texts.last?.contains("Choose a file to attach. Up and Down move through the folder") == true, "\(h.texts.last ?? "")")
        await h.press(.down)
        #expect(h.texts.last?.contains("go up a folder") == true, "\(h.texts.suffix(2))")
    }
}

/// The compose toolbar at 40 columns in Spanish: the counter is a label, and it gets the columns its
/// text needs, as the buttons do, so a magnifier user reads "quedan 500" rather than a cut word.
@Suite struct ComposeToolbarSmallTests {
    @Test func theSpanishCounterIsShownWholeAt40By12() async throws {
        let h = try AppHarness(size: Size(width: 40, height: 12), language: .spanish)
        await h.open()
        await h.press(.char("c"))
        // Cancel in its short form, not cut (issue 26 item 14).
        #expect(h.lines[11] == "  [Cerrar]  [Info]  quedan 500  [Enviar]", "\(h.lines)")
    }
}
