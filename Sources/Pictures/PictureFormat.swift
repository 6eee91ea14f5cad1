import Foundation

/// The picture formats Parla decodes.
public enum PictureFormat: String, Sendable, CaseIterable {
    case jpeg, png, gif, webp
}

/// What a picture's first bytes say it is: its format and the size its header claims, read before any pixel
/// is decoded (so a picture that claims too many pixels is refused without spending memory on it).
public struct PictureHeader: Sendable, Equatable {
    public var format: PictureFormat
    public var width: Int
    public var height: Int

    public init(format: PictureFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// The pixels the header claims.
    public var pixelCount: Int { width.multipliedReportingOverflow(by: height).overflow ? Int.max : width * height }

    /// Reads the format and size from the start of `data`; nil when it is none of the four formats or its
    /// header is cut short.
    public static func read(_ data: Data) -> PictureHeader? {
        let bytes = [UInt8](data.prefix(64 * 1024))
        func u16be(_ at: Int) -> Int? { at + 1 < bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil }
        func u16le(_ at: Int) -> Int? { at + 1 < bytes.count ? Int(bytes[at + 1]) << 8 | Int(bytes[at]) : nil }
        func u24le(_ at: Int) -> Int? { at + 2 < bytes.count ? Int(bytes[at + 2]) << 16 | Int(bytes[at + 1]) << 8 | Int(bytes[at]) : nil }
        func u32be(_ at: Int) -> Int? { guard let high = u16be(at), let low = u16be(at + 2) else { return nil }; return high << 16 | low }
        func starts(_ prefix: [UInt8], at: Int = 0) -> Bool {
            bytes.count >= at + prefix.count && Array(bytes[at..<(at + prefix.count)]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), starts(Array("IHDR".utf8), at: 12),
            let width = u32be(16), let height = u32be(20) {
            return PictureHeader(format: .png, width: width, height: height)
        }
        if starts(Array("GIF8".utf8)), let width = u16le(6), let height = u16le(8) {
            return PictureHeader(format: .gif, width: width, height: height)
        }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) {
            if starts(Array("VP8 ".utf8), at: 12), let width = u16le(26), let height = u16le(28) {
                return PictureHeader(format: .webp, width: width & 0x3FFF, height: height & 0x3FFF)
            }
            if starts(Array("VP8L".utf8), at: 12), bytes.count > 24 {
                let bits = Int(bytes[21]) | Int(bytes[22]) << 8 | Int(bytes[23]) << 16 | Int(bytes[24]) << 24
                return PictureHeader(format: .webp, width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
            }
            if starts(Array("VP8X".utf8), at: 12), let width = u24le(24), let height = u24le(27) {
                return PictureHeader(format: .webp, width: width + 1, height: height + 1)
            }
            return nil
        }
        if starts([0xFF, 0xD8]) {
            // The frame header (SOF0…SOF15 but DHT, JPG and DAC) names the size; the segments before it are skipped.
            var at = 2
            while at + 3 < bytes.count {
                guard bytes[at] == 0xFF else { return nil }
                let marker = bytes[at + 1]
                if marker == 0xFF { at += 1; continue }
                if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { at += 2; continue }
                guard let length = u16be(at + 2), length >= 2 else { return nil }
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    guard let height = u16be(at + 5), let width = u16be(at + 7) else { return nil }
                    return PictureHeader(format: .jpeg, width: width, height: height)
                }
                at += 2 + length
            }
            return nil
        }
        return nil
    }
}
