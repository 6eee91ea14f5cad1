import Foundation
import MicroblogKit
import MicroblogKitTesting
import ParlaApp
import TerminalKit
import TestSupport
import Testing

/// Issue 29, other media: a video, an animation and a sound are said and shown with their description, how
/// long they play and their file's size (asked of the host when the attachments list opens, never fetched);
/// Enter hands them to the desktop's player in a graphical session, and shows the address elsewhere.
@Suite struct MediaDetailsScreenTests {
    static let videoURL = "https://files.parla.test/media/heron.mp4"
    static let soundURL = "https://files.parla.test/media/river.mp3"

    /// Home's first post carries a video (as Mastodon measured it) and a sound whose host does not tell its size.
    func harness(size: Size = Size(width: 80, height: 24)) throws -> AppHarness {
        let engine = FakeEngine()
        var mine = post("120", by: ana, "<p>By the river</p>", minutesAgo: 1)
        mine.media = [
            MediaAttachment(id: "v1", kind: .video, url: Self.videoURL, description: "A heron flying", duration: 88.654, width: 1280,
                            height: 720, frameRate: 6159375.0 / 249269.0),
            MediaAttachment(id: "s1", kind: .audio, url: Self.soundURL, duration: 402.86),
        ]
        engine.willBring([mine], to: "home")
        engine.media.withValue { $0.toldSizes[Self.videoURL] = 12_345_678 }
        return try AppHarness(size: size, engine: engine)
    }

    @Test func theAttachmentsListSaysAndShowsAVideosLengthPixelsRateAndTheSizeItsHostTold() async throws {
        let h = try harness()
        await h.open()
        await h.press(.home, .char("I"))
        #expect(h.engine.media.withValue { $0.sizesAsked } == [Self.videoURL, Self.soundURL])
        #expect(h.engine.media.withValue { $0.fetched }.isEmpty, "only their sizes are asked, the files are not fetched")
        // Shown as the hosts answered, each on its line (the focused one cut at the window's edge, said whole).
        #expect(Array(h.lines[3...4]) == [
            "   > Video 1, 1 minute 29 seconds, 1280 by 720, 25 frames a second, 12.3 MB:...",
            "     Sound 2, 6 minutes 43 seconds, size unknown: No description.",
        ])
        await h.press(.down)
        #expect(h.texts.last?.hasPrefix("Sound 2, 6 minutes 43 seconds, size unknown: No description.") == true, "\(h.texts.last ?? "")")
        await h.press(.up)
        #expect(h.texts.last?.hasPrefix("Video 1, 1 minute 29 seconds, 1280 by 720, 25 frames a second, 12.3 MB: A heron flying") == true,
                "\(h.texts.last ?? "")")
        // Asked once a session: the list opened again asks nothing.
        await h.press(.escape, .char("I"))
        #expect(h.engine.media.withValue { $0.sizesAsked }.count == 2)
    }

    @Test func aSaysAVideosAndASoundsLengthAndTheSizeKnown() async throws {
        let h = try harness()
        await h.open()
        await h.press(.home, .char("I"), .escape, .char("a"))
        #expect(h.texts.last == "Attachment 1, video, 1 minute 29 seconds, 1280 by 720, 25 frames a second, 12.3 MB: A heron flying. "
            + "Attachment 2, sound, 6 minutes 43 seconds: no description.")
    }

    @Test func theTimelineLineSaysAndShowsAVideosLengthWithoutAskingItsHost() async throws {
        let h = try harness()
        await h.open()
        await h.press(.home)
        #expect(h.texts.last == "Ana García: By the river. 2 attachments without description, 1 minute 29 seconds, 6 minutes 43 seconds. 1 minute ago.")
        #expect(Array(h.lines[5...6]) == ["   [Video: A heron flying, 1 minute 29 seconds]", "   [Audio without description, 6 minutes 43 seconds]"])
        #expect(h.engine.media.withValue { $0.sizesAsked }.isEmpty, "focus asks the network nothing")
    }

    @Test func theReaderSaysAndShowsAVideosAndASoundsLengthAndTheSizeTheirHostsTold() async throws {
        let h = try harness()
        await h.open()
        await h.press(.home, .char("x"))
        #expect(h.engine.media.withValue { $0.sizesAsked } == [Self.videoURL, Self.soundURL])
        #expect(h.engine.media.withValue { $0.fetched }.isEmpty)
        // Said as it opens, before the hosts answered: the lengths and what Mastodon measured.
        #expect(h.texts.last?.hasPrefix("Post, label. Ana García @ana 1 minute ago · English · public By the river "
            + "[Video: A heron flying, 1 minute 29 seconds] [Audio without description, 6 minutes 43 seconds] "
            + "Attachment 1, video: 1280 by 720, 25 frames a second. Right and Left") == true, "\(h.texts.suffix(1))")
        // Shown once the hosts answered: the video's size, the sound's unknown.
        #expect(Array(h.lines[7...10]) == [
            "   [Video: A heron flying, 1 minute 29 seconds]",
            "   [Audio without description, 6 minutes 43 seconds]",
            "   Attachment 1, video: 1280 by 720, 25 frames a second, 12.3 MB.",
            "   Attachment 2, sound: size unknown.",
        ])
    }

    @Test func enterOnAVideoOpensItWithTheDesktopsPlayer() async throws {
        let h = try harness()
        let opener = RecordingLinkOpener()
        h.app.linkOpener = opener
        await h.open()
        await h.press(.home, .char("I"), .enter)
        #expect(opener.opened == [URL(string: Self.videoURL)!])
        #expect(h.texts.last == "Opened with the desktop's player: Video 1, 1 minute 29 seconds, 1280 by 720, 25 frames a second, 12.3 MB: A heron flying")
    }

    @Test func withoutAGraphicalSessionEnterOnASoundShowsAndSaysItsAddress() async throws {
        let h = try harness(size: Size(width: 40, height: 12))
        h.app.linkOpener = SystemLinkOpener(environment: ["PATH": "/usr/bin:/bin"])
        await h.open()
        await h.press(.home, .char("I"), .down, .enter)
        #expect(h.texts.last == "No player to open it here. The address: \(Self.soundURL)")
        #expect(h.lines.joined().contains("files.parla.test"), "\(h.lines)")
    }

    @Test func theSystemOpenerIsXdgOpenInAGraphicalSessionOnly() throws {
        let folder = TestPaths.temporaryDirectory("parla-opener")
        let script = folder.appendingPathComponent("xdg-open")
        try Data("#!/bin/sh\nexit 0\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        #expect(SystemLinkOpener(environment: ["PATH": folder.path]).executable == nil)
        #expect(SystemLinkOpener(environment: ["PATH": folder.path, "DISPLAY": ":0"]).executable?.path == script.path)
        #expect(SystemLinkOpener(environment: ["PATH": folder.path, "WAYLAND_DISPLAY": "wayland-0"]).executable?.path == script.path)
    }
}
