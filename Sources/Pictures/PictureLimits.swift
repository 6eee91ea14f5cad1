/// How large a picture Parla decodes: a file larger, or a header claiming more pixels, is refused before
/// any pixel is decoded, so a hostile picture cannot make Parla's memory run away.
public struct PictureLimits: Sendable, Equatable {
    /// The most bytes a picture file may have.
    public var maxBytes: Int
    /// The most pixels (width × height) a picture may claim.
    public var maxPixels: Int

    public init(maxBytes: Int = 20 * 1024 * 1024, maxPixels: Int = 32_000_000) {
        self.maxBytes = maxBytes
        self.maxPixels = maxPixels
    }

    /// Parla's limits: 20 MiB and 32 megapixels (a 12-megapixel photo with room to spare; the largest
    /// decode, a WebP's RGBA, then stays near 130 MB).
    public static let standard = PictureLimits()
}
