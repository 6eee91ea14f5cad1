import ParlaBase

/// Why a picture could not be shown or read, each said in the user's language.
public enum PictureError: Error, Sendable, Equatable {
    /// The file is larger than the limit.
    case tooManyBytes(bytes: Int, limit: Int)
    /// The header claims more pixels than the limit.
    case tooManyPixels(width: Int, height: Int)
    /// Not a JPEG, PNG, GIF or WebP picture.
    case unknownFormat
    /// The decoder could not read it (cut short or damaged); `detail` is the library's own words, in English.
    case damaged(format: PictureFormat, detail: String)
    /// The library that decodes, draws or reads it is not installed (`library` is its Debian package).
    case missingLibrary(String)
    /// The attachment is not a picture (a video, a sound).
    case notAPicture

    /// The sentence to show and say.
    public func message(_ localizer: Localizer) -> String {
        switch self {
        case .tooManyBytes(let bytes, let limit):
            localizer.string("pictures.error.too-many-bytes", ["size": ByteCountText.megabytes(bytes), "limit": ByteCountText.megabytes(limit)])
        case .tooManyPixels(let width, let height):
            localizer.string("pictures.error.too-many-pixels", ["width": String(width), "height": String(height)])
        case .unknownFormat: localizer.string("pictures.error.unknown-format")
        case .damaged(let format, let detail):
            localizer.string("pictures.error.damaged", ["format": format.rawValue.uppercased(), "detail": TextSafety.stripped(detail)])
        case .missingLibrary(let package): localizer.string("pictures.error.missing-library", ["package": package])
        case .notAPicture: localizer.string("pictures.error.not-a-picture")
        }
    }
}

/// Sizes as people say them: "3.2 MB".
public enum ByteCountText {
    /// `bytes` in megabytes with one decimal ("50.0 MB"), or kilobytes under one megabyte ("12 kB").
    public static func megabytes(_ bytes: Int) -> String {
        if bytes < 1_000_000 { return "\(max(1, (bytes + 500) / 1000)) kB" }
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
