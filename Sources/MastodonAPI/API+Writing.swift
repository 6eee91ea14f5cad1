import Foundation

extension API {
    /// `/api/v1/media` and `/api/v2/media`: uploads and their descriptions.
    public enum Media {}
    /// `/api/v1/scheduled_statuses`: posts the server publishes later.
    public enum ScheduledStatuses {}
}

extension API.Media {
    /// Uploads a file (multipart: `file`, `description`); 200 when it is ready, 202 while it is processed.
    public static let upload = Endpoint<MastodonEntities.Attachment>(.post, "/api/v2/media")
    /// The same, as servers before Mastodon 3.1.3 take it (always processed before answering).
    public static let uploadV1 = Endpoint<MastodonEntities.Attachment>(.post, "/api/v1/media")
    /// One of the user's uploads: 206 while it is being processed, 200 when ready.
    public static let attachment = Endpoint<MastodonEntities.Attachment>(.get, "/api/v1/media/{id}")
    /// Changes an upload's description (form `description`) before it is posted.
    public static let update = Endpoint<MastodonEntities.Attachment>(.put, "/api/v1/media/{id}")
}

extension API.ScheduledStatuses {
    /// `POST /api/v1/statuses` with `scheduled_at`: the same call as ``API/Statuses/publish``, answered with a
    /// `ScheduledStatus` (the local instance routes it as `publish`).
    public static let create = Endpoint<MastodonEntities.ScheduledStatus>(.post, "/api/v1/statuses")
    /// The user's scheduled posts, soonest first.
    public static let list = Endpoint<[Lenient<MastodonEntities.ScheduledStatus>]>(.get, "/api/v1/scheduled_statuses")
    /// One scheduled post.
    public static let one = Endpoint<MastodonEntities.ScheduledStatus>(.get, "/api/v1/scheduled_statuses/{id}")
    /// Moves a scheduled post to another time (form `scheduled_at`).
    public static let reschedule = Endpoint<MastodonEntities.ScheduledStatus>(.put, "/api/v1/scheduled_statuses/{id}")
    /// Cancels a scheduled post.
    public static let cancel = Endpoint<NoContent>(.delete, "/api/v1/scheduled_statuses/{id}")
}

extension MastodonEntities {
    /// A post the server will publish at `scheduledAt` (`POST /api/v1/statuses` with `scheduled_at`).
    public struct ScheduledStatus: Decodable {
        /// What the post will say.
        public struct Params: Decodable {
            public var text: String?
            public var spoilerText: String?
            public var poll: PollParams?
            public var mediaIds: [String]?

            private enum CodingKeys: String, CodingKey {
                case text
                case spoilerText = "spoiler_text"
                case poll
                case mediaIds = "media_ids"
            }
        }

        /// The poll of a scheduled post.
        public struct PollParams: Decodable {
            public var options: [String]?
        }

        public var id: String?
        public var scheduledAt: Date?
        public var params: Params?
        public var mediaAttachments: [Lenient<Attachment>]?

        private enum CodingKeys: String, CodingKey {
            case id
            case scheduledAt = "scheduled_at"
            case params
            case mediaAttachments = "media_attachments"
        }
    }

    /// The media part of an instance's `configuration` (Mastodon 4.0 and later, `description_limit` 4.4).
    public struct MediaConfiguration: Decodable {
        /// `configuration.media_attachments`.
        public struct Limits: Decodable {
            public var supportedMimeTypes: [String]?
            public var imageSizeLimit: Int?
            public var videoSizeLimit: Int?
            public var descriptionLimit: Int?

            private enum CodingKeys: String, CodingKey {
                case supportedMimeTypes = "supported_mime_types"
                case imageSizeLimit = "image_size_limit"
                case videoSizeLimit = "video_size_limit"
                case descriptionLimit = "description_limit"
            }
        }

        /// `configuration`.
        public struct Configuration: Decodable {
            public var mediaAttachments: Limits?

            private enum CodingKeys: String, CodingKey {
                case mediaAttachments = "media_attachments"
            }
        }

        public var configuration: Configuration?
    }
}
