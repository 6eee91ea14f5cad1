import Foundation

extension Lexicon {
    /// One image of a post (`app.bsky.embed.images#viewImage`).
    struct ImageView: Decodable, Hashable, Sendable {
        var thumb: String?
        var fullsize: String
        var alt: String?
        var aspectRatio: AspectRatio?
    }

    /// A picture's or video's proportions (`app.bsky.embed.defs#aspectRatio`): not its pixels, but in the same
    /// ratio. Fields of the wrong shape are left out, never failing the embed.
    struct AspectRatio: Decodable, Hashable, Sendable {
        var width: Int?
        var height: Int?

        private enum CodingKeys: String, CodingKey { case width, height }

        init(from decoder: any Decoder) throws {
            let container = try? decoder.container(keyedBy: CodingKeys.self)
            width = (try? container?.decodeIfPresent(Int.self, forKey: .width)).flatMap { $0.flatMap { $0 > 0 ? $0 : nil } }
            height = (try? container?.decodeIfPresent(Int.self, forKey: .height)).flatMap { $0.flatMap { $0 > 0 ? $0 : nil } }
        }
    }

    /// A link card (`app.bsky.embed.external#viewExternal`).
    struct ExternalView: Decodable, Hashable, Sendable {
        var uri: String
        var title: String?
        var description: String?
    }

    /// A video (`app.bsky.embed.video#view`).
    struct VideoView: Decodable, Hashable, Sendable {
        var cid: String
        var playlist: String
        var alt: String?
        var aspectRatio: AspectRatio?
    }

    /// A post quoted inside another (`app.bsky.embed.record#viewRecord`).
    struct QuotedPost: Decodable, Hashable, Sendable {
        var uri: String
        var cid: String
        var author: Profile
        var value: PostRecord
        var labels: [Label]?
        var replyCount: Int?
        var repostCount: Int?
        var likeCount: Int?
        var quoteCount: Int?
        var indexedAt: String?
        var embeds: [EmbedView]?
    }

    /// The record an `embed.record` shows: a post, or why the post cannot be shown.
    indirect enum EmbeddedRecord: Decodable, Hashable, Sendable {
        case post(QuotedPost)
        case notFound(uri: String)
        case blocked(uri: String)
        case detached(uri: String)
        /// A custom feed, a list, a starter pack or a labeler: its kind.
        case other(type: String)

        private struct Missing: Decodable { var uri: String? }

        init(from decoder: any Decoder) throws {
            let tag = try TypeTag(from: decoder).type ?? ""
            let uri = (try? Missing(from: decoder))?.uri ?? ""
            switch tag {
            case "app.bsky.embed.record#viewRecord": self = .post(try QuotedPost(from: decoder))
            case "app.bsky.embed.record#viewNotFound": self = .notFound(uri: uri)
            case "app.bsky.embed.record#viewBlocked": self = .blocked(uri: uri)
            case "app.bsky.embed.record#viewDetached": self = .detached(uri: uri)
            default: self = .other(type: tag)
            }
        }
    }

    /// What a post shows beside its text (the `embed` of `app.bsky.feed.defs#postView`).
    indirect enum EmbedView: Decodable, Hashable, Sendable {
        case images([ImageView])
        case external(ExternalView)
        case video(VideoView)
        case record(EmbeddedRecord)
        case recordWithMedia(EmbeddedRecord, media: EmbedView)
        case unknown

        private enum Keys: String, CodingKey { case images, external, record, media }
        private struct Inner: Decodable { var record: EmbeddedRecord }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            switch try TypeTag(from: decoder).type {
            case "app.bsky.embed.images#view": self = .images(try container.decode([ImageView].self, forKey: .images))
            case "app.bsky.embed.external#view": self = .external(try container.decode(ExternalView.self, forKey: .external))
            case "app.bsky.embed.video#view": self = .video(try VideoView(from: decoder))
            case "app.bsky.embed.record#view": self = .record(try container.decode(EmbeddedRecord.self, forKey: .record))
            case "app.bsky.embed.recordWithMedia#view":
                let inner = try container.decode(Inner.self, forKey: .record)
                self = .recordWithMedia(inner.record, media: try container.decode(EmbedView.self, forKey: .media))
            default: self = .unknown
            }
        }
    }
}
