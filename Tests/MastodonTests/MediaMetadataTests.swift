import Foundation
@testable import Mastodon
import MicroblogKit
import ServiceHTTP
import Testing

/// Issue 29, other media: what Mastodon measured of a video, an animation and a sound (`meta.original`, as its
/// entity documents it) reaches the attachment; a field of the wrong shape is left out, never failing the post;
/// the file's size, which the entity lacks, is asked of its host with `HEAD`.
@Suite("Attachments' lengths, pixels, frame rates and file sizes")
struct MediaMetadataTests {
    /// Mastodon's documented examples of a video, a gifv and an audio attachment, as a server sends them.
    static let media = """
    [
      {"id":"22345792","type":"video","url":"https://files.mastodon.social/media_attachments/files/022/345/792/original/4102ed7a2e97ec63.mp4",
       "preview_url":"https://files.mastodon.social/media_attachments/files/022/345/792/small/4102ed7a2e97ec63.png","remote_url":null,
       "text_url":"https://mastodon.social/media/XSQ2LQPfTRt9exBJb0Y",
       "meta":{"length":"0:01:28.65","duration":88.65,"fps":24,"size":"1280x720","width":1280,"height":720,"aspect":1.7777777777777777,
               "audio_encode":"aac (LC) (mp4a / 0x6134706D)","audio_bitrate":"44100 Hz","audio_channels":"stereo",
               "original":{"width":1280,"height":720,"frame_rate":"6159375/249269","duration":88.654,"bitrate":862056},
               "small":{"width":400,"height":225,"size":"400x225","aspect":1.7777777777777777}},
       "description":"A heron flying","blurhash":"U58E0g8_0M.94T?bIr00?bD%NGoM?bD%oLt7"},
      {"id":"21130559","type":"gifv","url":"https://files.mastodon.social/media_attachments/files/021/130/559/original/bc84838f77991326.mp4",
       "preview_url":"https://files.mastodon.social/media_attachments/files/021/130/559/small/bc84838f77991326.png","remote_url":null,
       "meta":{"length":"0:00:01.11","duration":1.11,"fps":33,"size":"600x332","width":600,"height":332,"aspect":1.8072289156626506,
               "original":{"width":600,"height":332,"frame_rate":"100/3","duration":1.11,"bitrate":1627639},
               "small":{"width":400,"height":221,"size":"400x221","aspect":1.8099547511312217}},
       "description":null,"blurhash":"URHT%Jm,2a1d%MRO%LozkrNH$*n*oMn$Rjt7"},
      {"id":"21165404","type":"audio","url":"https://files.mastodon.social/media_attachments/files/021/165/404/original/a8a02dd8eb97da4e.mp3",
       "preview_url":"https://files.mastodon.social/media_attachments/files/021/165/404/small/a8a02dd8eb97da4e.mp3","remote_url":null,
       "meta":{"length":"0:06:42.86","duration":402.86,"audio_encode":"mp3","audio_bitrate":"44100 Hz","audio_channels":"stereo",
               "original":{"duration":402.860408,"bitrate":166290}},
       "description":null,"blurhash":null},
      {"id":"666","type":"video","url":"https://evil.example/v.mp4",
       "meta":{"original":{"width":"wide","height":-720,"frame_rate":"0/0","duration":-5}},"description":null},
      {"id":"667","type":"video","url":"https://evil.example/w.mp4","meta":"not an object","description":null}
    ]
    """

    func post() async throws -> Post {
        let page = #"[{"id":"9","created_at":"2024-05-01T10:20:30Z","account":\#(accountJSON),"content":"<p>clips</p>","media_attachments":\#(Self.media)}]"#
        let transport = FixtureTransport { _ in .json(page) }
        return try #require(try await transport.client().timeline(.home, page: .newest).items.first)
    }

    @Test func aVideosLengthPixelsAndFrameRateComeFromMetaOriginal() async throws {
        let video = try await post().media[0]
        #expect(video.kind == .video)
        #expect(video.description == "A heron flying")
        #expect(video.duration == 88.654)
        #expect(video.width == 1280 && video.height == 720)
        #expect(video.frameRate.map { ($0 * 100).rounded() / 100 } == 24.71)
    }

    @Test func anAnimationAndASoundKeepWhatMastodonMeasuredOfThem() async throws {
        let media = try await post().media
        #expect(media[1].kind == .gifv)
        #expect(media[1].duration == 1.11)
        #expect(media[1].width == 600 && media[1].height == 332)
        #expect(media[1].frameRate.map { ($0 * 100).rounded() / 100 } == 33.33)
        #expect(media[2] == MediaAttachment(id: "21165404", kind: .audio,
                                           url: "https://files.mastodon.social/media_attachments/files/021/165/404/original/a8a02dd8eb97da4e.mp3",
                                           duration: 402.860408))
    }

    @Test func metadataOfTheWrongShapeIsLeftOutAndTheAttachmentKept() async throws {
        let media = try await post().media
        #expect(media.count == 5)
        #expect(media[3] == MediaAttachment(id: "666", kind: .video, url: "https://evil.example/v.mp4"))
        #expect(media[4] == MediaAttachment(id: "667", kind: .video, url: "https://evil.example/w.mp4"))
    }

    @Test func aFilesSizeIsAskedOfItsHostWithHeadWithoutTheToken() async throws {
        let transport = FixtureTransport { request in
            request.url.host == "files.mastodon.social" ? HTTPResponse(status: 200, headers: [("Content-Length", "12345678")]) : HTTPResponse(status: 200)
        }
        let client = transport.client()
        let video = MediaAttachment(id: "22345792", kind: .video, url: "https://files.mastodon.social/media_attachments/files/022/345/792/original/4102ed7a2e97ec63.mp4")
        #expect(try await client.fileSize(video) == 12_345_678)
        #expect(transport.requests.map(\.method) == ["HEAD"])
        #expect(!transport.requests[0].headers.contains { $0.name == "Authorization" })
        #expect(try await client.fileSize(MediaAttachment(id: "1", kind: .audio, url: "https://example.social/system/a.mp3")) == nil)
        #expect(transport.requests[1].headers.contains { $0.name == "Authorization" && $0.value == "Bearer secret-token" })
    }
}
