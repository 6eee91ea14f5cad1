import Foundation

/// How long a WAV file plays, read from its header, as Mastodon's `meta.original.duration` (Mastodon measures
/// every sound and video with ffprobe; the embedded instance measures only WAV, which needs no decoder).
enum WAVLength {
    /// The seconds of sound in `data` (its `data` chunk's bytes over the `fmt ` chunk's bytes per second); nil
    /// when it is not a WAV file or its header does not say.
    static func seconds(_ data: Data) -> Double? {
        let bytes = [UInt8](data.prefix(4096))
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WAVE".utf8) else { return nil }
        func number(_ offset: Int, _ width: Int) -> Int? {
            guard offset >= 0, offset + width <= bytes.count else { return nil }
            return (0..<width).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        var offset = 12
        var byteRate: Int?
        while offset + 8 <= bytes.count, let size = number(offset + 4, 4) {
            let name = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            if name == "fmt " { byteRate = number(offset + 16, 4) }
            if name == "data" {
                // A header written before its length was known says 0 or more than the file holds: the file's rest counts.
                let rest = data.count - (offset + 8)
                let length = size == 0 || size > rest ? rest : size
                guard let byteRate, byteRate > 0, length > 0 else { return nil }
                return Double(length) / Double(byteRate)
            }
            offset += 8 + size + size % 2
        }
        return nil
    }
}
