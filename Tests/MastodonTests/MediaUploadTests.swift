import Foundation
import LocalInstance
@testable import Mastodon
import MastodonAPI
import MicroblogKit
import ParlaBase
import ParlaBaseTesting
import ParlaEngine
import Testing
import TestSupport

@Suite("Media with descriptions through the client, the engine and its outbox")
struct MediaUploadTests {
    static func file(_ name: String, in folder: URL) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 9, 9, 9]).write(to: url)
        return url.path
    }

    @Test("a post with an image and its description is sent through the outbox and read back; a failed publish uploads nothing twice")
    func postWithImageSentAndReadBack() async throws {
        let plan = FaultPlan(rules: [FaultPlan.Rule(API.Statuses.publish, status: 503, times: MastodonClient.maxAttempts)])
        try await withMastodon(faults: plan) { harness in
            let path = try Self.file("heron.png", in: harness.folder)
            let engine = try await Engine.open(
                accountFolder: harness.folder.appendingPathComponent("account"), service: harness.client, clock: harness.clock,
                sleeper: harness.sleeper, executor: ManualExecutor())
            var post = NewPost(text: "At the river")
            post.attachments = [NewAttachment(path: path, description: "A grey heron on one leg")]
            _ = try await engine.outboxStore.enqueue(post)
            let first = await engine.outboxStore.sendNext()
            guard case .queued? = first else {
                Issue.record("expected the first publish to fail and stay queued, got \(String(describing: first))")
                return
            }
            // The upload is kept: the stored item already has the server's id.
            let kept = try await engine.outboxStore.items()
            #expect(kept.first?.post.attachments.first?.mediaId != nil)
            harness.clock.advance(by: .seconds(600))
            let second = await engine.outboxStore.sendNext()
            guard case .sent(_, let sent)? = second else {
                Issue.record("expected the post to be sent, got \(String(describing: second))")
                return
            }
            #expect(sent.media.map(\.description) == ["A grey heron on one leg"])
            let read = try await harness.client.post(id: sent.id)
            #expect(read.media.map(\.description) == ["A grey heron on one leg"])
            #expect(read.media.map(\.kind) == [.image])
            let uploads = harness.transport.entries.filter { $0.method == "POST" && $0.path == "/api/v2/media" }
            #expect(uploads.count == 1)
        }
    }

    @Test("the instance's media limits reach InstanceInfo; audio waits for processing; a scheduled post is listed and cancelled")
    func limitsProcessingAndScheduling() async throws {
        try await withMastodon { harness in
            let info = try await harness.client.instance()
            #expect(info.imageSizeLimit == 8_388_608)
            #expect(info.descriptionLimit == 1_500)
            #expect(info.supportedMimeTypes.contains("audio/ogg"))
            let audio = try await harness.client.uploadMedia(
                MediaFile(data: Data([1, 2, 3]), fileName: "song.ogg", mimeType: "audio/ogg", description: "Birdsong at dawn"))
            #expect(audio.kind == .audio)
            let looks = harness.transport.entries.filter { $0.method == "GET" && $0.path == "/api/v1/media/\(audio.id)" }
            #expect(looks.map(\.status) == [206, 200])
            var post = NewPost(text: "Later, with birdsong")
            post.attachments = [NewAttachment(path: "/song.ogg", description: "Birdsong at dawn", mediaId: audio.id)]
            post.scheduledAt = testEpoch.addingTimeInterval(3_600)
            let scheduled = try await harness.client.schedule(post)
            #expect(scheduled.scheduledAt == testEpoch.addingTimeInterval(3_600))
            #expect(scheduled.mediaCount == 1)
            #expect(try await harness.client.scheduledPosts().map(\.text) == ["Later, with birdsong"])
            try await harness.client.cancelScheduled(id: scheduled.id)
            #expect(try await harness.client.scheduledPosts().isEmpty)
        }
    }
}
