/// Mastodon's `MediaAttachment` (the local instance stores descriptions and a tiny image only).
public struct MediaAttachmentEntity: Encodable, Sendable {
    /// Size information under `meta.original` and `meta.small`.
    public struct Meta: Encodable, Sendable {
        public struct Size: Encodable, Sendable {
            public var width: Int
            public var height: Int
            public var size: String
            public var aspect: Double
            /// How long a sound plays, in seconds (`meta.original` only; WAV only here).
            public var duration: Double?
        }
        public var original: Size
        public var small: Size
    }

    public var id: String
    public var type: String
    public var url: String
    public var previewUrl: String
    @NullEncoded public var remoteUrl: String?
    public var meta: Meta
    @NullEncoded public var description: String?
    @NullEncoded public var blurhash: String?
}
