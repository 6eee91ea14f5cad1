import Foundation
import SystemTestSupport
import TestSupport

/// Pictures the tests make: with ImageMagick's `convert` (installed by `make deps`), or byte by byte for
/// the hostile ones no encoder would write.
enum TestPictures {
    /// A folder for one test's pictures.
    static func folder(_ name: String) -> URL { TestPaths.temporaryDirectory("pictures-\(name)") }

    /// Runs `convert` with `arguments`, writing `file` in `folder`; returns the file's bytes.
    @discardableResult
    static func convert(_ arguments: [String], to file: String, in folder: URL) throws -> Data {
        let path = folder.appendingPathComponent(file).path
        let result = try Command.run(["convert"] + arguments + [path], environment: ProcessInfo.processInfo.environment)
        guard result.status == 0, let data = FileManager.default.contents(atPath: path) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "convert failed: \(result.errors)"])
        }
        return data
    }

    /// A large dark disc on a light background, `width` × `height`.
    static func disc(width: Int, height: Int) -> [String] {
        let radius = min(width, height) * 2 / 5
        return ["-size", "\(width)x\(height)", "xc:#f0f0f0", "-fill", "#101010",
                "-draw", "circle \(width / 2),\(height / 2) \(width / 2 + radius),\(height / 2)"]
    }

    /// Dark text on a light background, as a screenshot of a post would have it.
    static func text(_ words: String, width: Int = 800, height: Int = 200, pointSize: Int = 64) -> [String] {
        ["-size", "\(width)x\(height)", "xc:white", "-fill", "#202020", "-pointsize", String(pointSize), "-gravity", "center",
         "-annotate", "0", words]
    }

    /// A PNG whose header claims `width` × `height` pixels, with no pixels after it.
    static func pngClaiming(width: UInt32, height: UInt32) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        data.append(contentsOf: Array("IHDR".utf8))
        for value in [width, height] { withUnsafeBytes(of: value.bigEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: [8, 0, 0, 0, 0, 0, 0, 0, 0])
        return data
    }

    /// A 100 × 100 GIF of `frames` one-pixel frames (the first one black on the white screen).
    static func gif(frames: Int) -> Data {
        var data = Data(Array("GIF89a".utf8))
        data.append(contentsOf: [100, 0, 100, 0, 0x80, 0, 0])
        data.append(contentsOf: [0, 0, 0, 255, 255, 255])
        for _ in 0..<frames {
            data.append(contentsOf: [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0])
            data.append(contentsOf: [0x02, 0x02, 0x44, 0x01, 0x00])
        }
        data.append(0x3B)
        return data
    }

    /// The most memory the process has held (VmHWM), in megabytes.
    static func peakResidentMegabytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        return kilobytes / 1024
    }
}
