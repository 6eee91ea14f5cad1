/// A decoded picture as 8-bit grey, rows top first (what the drawing and the text recognition both take).
public struct GrayImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width × height` levels, 0 black to 255 white.
    public let pixels: [UInt8]

    /// - Precondition: `pixels.count == width * height`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height, "a grey image needs width × height pixels")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The level at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> UInt8 { pixels[y * width + x] }

    /// The picture made smaller (each new pixel the mean of the ones it covers), so that it fits in
    /// `maxWidth` × `maxHeight` keeping its proportions; unchanged when it already fits.
    public func fitted(maxWidth: Int, maxHeight: Int) -> GrayImage {
        guard width > maxWidth || height > maxHeight, maxWidth > 0, maxHeight > 0 else { return self }
        let scale = min(Double(maxWidth) / Double(width), Double(maxHeight) / Double(height))
        let newWidth = max(1, Int(Double(width) * scale))
        let newHeight = max(1, Int(Double(height) * scale))
        var out = [UInt8](repeating: 0, count: newWidth * newHeight)
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<newHeight {
                let top = y * height / newHeight
                let bottom = max(top + 1, (y + 1) * height / newHeight)
                for x in 0..<newWidth {
                    let left = x * width / newWidth
                    let right = max(left + 1, (x + 1) * width / newWidth)
                    var sum = 0
                    for row in top..<bottom {
                        let base = row * width
                        for column in left..<right { sum += Int(source[base + column]) }
                    }
                    out[y * newWidth + x] = UInt8(sum / ((bottom - top) * (right - left)))
                }
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: out)
    }

    /// The part of the picture from column `x`, row `y`, `width` × `height` (clamped to the picture).
    public func cropped(x: Int, y: Int, width cropWidth: Int, height cropHeight: Int) -> GrayImage {
        let left = min(max(0, x), width - 1), top = min(max(0, y), height - 1)
        let columns = max(1, min(cropWidth, width - left)), rows = max(1, min(cropHeight, height - top))
        var out = [UInt8]()
        out.reserveCapacity(columns * rows)
        for row in top..<(top + rows) {
            let start = row * width + left
            out.append(contentsOf: pixels[start..<(start + columns)])
        }
        return GrayImage(width: columns, height: rows, pixels: out)
    }

    /// The picture with each level turned over (black becomes white).
    public var inverted: GrayImage { GrayImage(width: width, height: height, pixels: pixels.map { 255 - $0 }) }

    /// The picture as RGBA (grey in each channel, opaque), as chafa takes it.
    public var rgba: [UInt8] {
        var out = [UInt8](repeating: 255, count: pixels.count * 4)
        for (index, level) in pixels.enumerated() {
            out[index * 4] = level
            out[index * 4 + 1] = level
            out[index * 4 + 2] = level
        }
        return out
    }
}
