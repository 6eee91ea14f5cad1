import Foundation

/// A file's bytes on their way to the server, with its type and description.
public struct MediaFile: Sendable, Hashable {
    public var data: Data
    public var fileName: String
    /// `image/jpeg`, `audio/ogg`…
    public var mimeType: String
    /// The alt text; nil or empty for none.
    public var description: String?

    public init(data: Data, fileName: String, mimeType: String, description: String?) {
        self.data = data
        self.fileName = fileName
        self.mimeType = mimeType
        self.description = description
    }

    /// The type a file's extension names (what servers expect for it); nil for an unknown one.
    public static func mimeType(forFileName name: String) -> String? {
        let types: [String: String] = [
            "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif", "webp": "image/webp",
            "heic": "image/heic", "avif": "image/avif", "mp3": "audio/mpeg", "ogg": "audio/ogg", "oga": "audio/ogg",
            "opus": "audio/ogg", "wav": "audio/wav", "flac": "audio/flac", "m4a": "audio/mp4", "mp4": "video/mp4",
            "m4v": "video/mp4", "mov": "video/quicktime", "webm": "video/webm",
        ]
        return types[(name as NSString).pathExtension.lowercased()]
    }
}
