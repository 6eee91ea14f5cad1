import CGIF
import CJPEG
import CPNG
import CWebP
import Foundation
import Pictures

/// Decodes pictures with Debian's libraries (libjpeg-turbo, libpng, libwebp, giflib), each loaded on the
/// first picture of its format. The limits are checked on the header before any of them is called.
public struct LibraryPictureDecoder: PictureDecoding {
    public let limits: PictureLimits

    public init(limits: PictureLimits = .standard) {
        self.limits = limits
    }

    public func decode(_ data: Data, atLeast: (width: Int, height: Int)?) throws -> GrayImage {
        let header = try Self.header(of: data, limits: limits)
        switch header.format {
        case .jpeg: return try decodeJPEG(data, atLeast: atLeast)
        case .gif: return try decodeGIF(data)
        case .png: return try decodePNG(data)
        case .webp: return try decodeWebP(data, header: header)
        }
    }

    /// Takes the grey pixels a C decoder allocated, or throws what its answer means.
    private func take(
        _ format: PictureFormat, package: String, _ decode: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int32>,
                                                          UnsafeMutablePointer<Int32>, UnsafeMutablePointer<CChar>) -> Int32
    ) throws -> GrayImage {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 200)
        let answer = decode(&pixels, &width, &height, &message)
        defer { free(pixels) }
        switch answer {
        case 0:
            guard let pixels else { throw PictureError.damaged(format: format, detail: "no pixels") }
            let count = Int(width) * Int(height)
            return GrayImage(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
        case 2: throw PictureError.tooManyPixels(width: Int(width), height: Int(height))
        case 3: throw PictureError.missingLibrary(package)
        default: throw PictureError.damaged(format: format, detail: String(cString: message))
        }
    }

    private func decodeJPEG(_ data: Data, atLeast: (width: Int, height: Int)?) throws -> GrayImage {
        try data.withUnsafeBytes { raw in
            try take(.jpeg, package: "libjpeg62-turbo") { pixels, width, height, message in
                CJPEG_decodeGray(
                    raw.bindMemory(to: UInt8.self).baseAddress, raw.count, UInt64(limits.maxPixels), Int32(atLeast?.width ?? 0),
                    Int32(atLeast?.height ?? 0), pixels, width, height, message, 200)
            }
        }
    }

    private func decodeGIF(_ data: Data) throws -> GrayImage {
        try data.withUnsafeBytes { raw in
            try take(.gif, package: "libgif7") { pixels, width, height, message in
                CGIF_decodeFirstFrameGray(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, UInt64(limits.maxPixels), pixels, width, height, message, 200)
            }
        }
    }

    private func decodePNG(_ data: Data) throws -> GrayImage {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        func failure(_ image: inout png_image) -> PictureError {
            let detail = withUnsafeBytes(of: &image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return detail.contains("not installed") ? .missingLibrary("libpng16-16") : .damaged(format: .png, detail: detail)
        }
        let begun = data.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw failure(&image) }
        let width = Int(image.width), height = Int(image.height)
        guard width * height <= limits.maxPixels else { throw PictureError.tooManyPixels(width: width, height: height) }
        image.format = UInt32(PNG_FORMAT_GRAY)
        var pixels = [UInt8](repeating: 255, count: width * height)
        // Transparent parts go on white, as a page would show them.
        var white = png_color(red: 255, green: 255, blue: 255)
        let finished = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, &white, $0.baseAddress, Int32(width), nil) }
        guard finished != 0 else { throw failure(&image) }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    private func decodeWebP(_ data: Data, header: PictureHeader) throws -> GrayImage {
        var width: Int32 = 0, height: Int32 = 0
        let known = data.withUnsafeBytes { WebPGetInfo($0.bindMemory(to: UInt8.self).baseAddress, $0.count, &width, &height) }
        guard known != 0 else {
            if dlopenable("libwebp.so.7") { throw PictureError.damaged(format: .webp, detail: "not a WebP picture libwebp can read") }
            throw PictureError.missingLibrary("libwebp7")
        }
        let columns = Int(width), rows = Int(height)
        guard columns * rows <= limits.maxPixels else { throw PictureError.tooManyPixels(width: columns, height: rows) }
        var rgba = [UInt8](repeating: 0, count: columns * rows * 4)
        let decoded = data.withUnsafeBytes { raw in
            rgba.withUnsafeMutableBufferPointer { out in
                WebPDecodeRGBAInto(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, out.baseAddress, out.count, Int32(columns * 4))
            }
        }
        guard decoded != nil else { throw PictureError.damaged(format: .webp, detail: "cut short or damaged") }
        var grey = [UInt8](repeating: 255, count: columns * rows)
        for index in 0..<(columns * rows) {
            let red = Int(rgba[index * 4]), green = Int(rgba[index * 4 + 1]), blue = Int(rgba[index * 4 + 2]), alpha = Int(rgba[index * 4 + 3])
            let level = (red * 30 + green * 59 + blue * 11) / 100
            // On white where transparent.
            grey[index] = UInt8((level * alpha + 255 * (255 - alpha)) / 255)
        }
        return GrayImage(width: columns, height: rows, pixels: grey)
    }

    private func dlopenable(_ name: String) -> Bool {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { return false }
        dlclose(handle)
        return true
    }
}
