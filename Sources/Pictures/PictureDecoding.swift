import Foundation

/// Turns a picture file's bytes into grey pixels, within ``PictureLimits``.
public protocol PictureDecoding: Sendable {
    /// Decodes `data` (JPEG, PNG, WebP, or a GIF's first frame).
    ///
    /// - Parameter atLeast: the smallest size the caller needs (a JPEG may then be decoded at a fraction
    ///   of its size, which is much faster); nil: full size (for reading the text in it).
    /// - Throws: ``PictureError`` for a file too large, a header claiming too many pixels (both checked
    ///   before decoding), an unknown format, a damaged file or a missing library.
    func decode(_ data: Data, atLeast: (width: Int, height: Int)?) throws -> GrayImage
}

extension PictureDecoding {
    /// The limits and format checks every decoder makes first: nothing is decoded when they fail.
    public static func header(of data: Data, limits: PictureLimits) throws -> PictureHeader {
        guard data.count <= limits.maxBytes else { throw PictureError.tooManyBytes(bytes: data.count, limit: limits.maxBytes) }
        guard let header = PictureHeader.read(data) else { throw PictureError.unknownFormat }
        guard header.width > 0, header.height > 0 else { throw PictureError.damaged(format: header.format, detail: "no pixels") }
        guard header.pixelCount <= limits.maxPixels else { throw PictureError.tooManyPixels(width: header.width, height: header.height) }
        return header
    }

    /// Reads and decodes a file, refusing one larger than `limits` before reading it.
    public func decodeFile(at url: URL, limits: PictureLimits, atLeast: (width: Int, height: Int)?) throws -> GrayImage {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= limits.maxBytes else { throw PictureError.tooManyBytes(bytes: size, limit: limits.maxBytes) }
        guard let data = FileManager.default.contents(atPath: url.path) else { throw PictureError.unknownFormat }
        return try decode(data, atLeast: atLeast)
    }
}
