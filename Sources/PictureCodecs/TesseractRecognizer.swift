import CTesseract
import Foundation
import Pictures

/// Reads the text in pictures with Tesseract (Debian's libtesseract5, loaded on first use, with the
/// English, Spanish and Catalan data), on this computer only. One recogniser is kept per language list,
/// as initialising one reads its language models; calls are one at a time.
public final class TesseractRecognizer: TextRecognizing, @unchecked Sendable {
    private let lock = NSLock()
    private var handles: [String: OpaquePointer] = [:]

    /// - Note: Tesseract's OpenMP threads are limited to one (unless `OMP_THREAD_LIMIT` is set): on a busy
    ///   machine its threads wait on each other, and one thread read a screenshot seven times faster than two
    ///   on the machine Parla is built on. The limit is set before the library is first loaded, which is
    ///   when OpenMP reads it.
    public init() {
        setenv("OMP_THREAD_LIMIT", "1", 0)
    }

    deinit {
        for handle in handles.values { TessBaseAPIDelete(handle) }
    }

    public func recognize(_ image: GrayImage, languages: [String]) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        let handle = try recogniser(languages.joined(separator: "+"))
        image.pixels.withUnsafeBufferPointer {
            TessBaseAPISetImage(handle, $0.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.width))
        }
        // Screenshots and photos carry no useful resolution: 96 dots an inch is what a screen has.
        TessBaseAPISetSourceResolution(handle, 96)
        guard let text = TessBaseAPIGetUTF8Text(handle) else { return "" }
        defer { TessDeleteText(text) }
        return Self.tidy(String(cString: text))
    }

    /// Lines as Tesseract found them, without the blank ones and the spaces around them.
    static func tidy(_ text: String) -> String {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    private func recogniser(_ languages: String) throws -> OpaquePointer {
        if let handle = handles[languages] { return handle }
        guard let handle = TessBaseAPICreate() else { throw PictureError.missingLibrary("libtesseract5") }
        // Tesseract's own notes go nowhere, not onto the screen.
        _ = TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        guard TessBaseAPIInit3(handle, nil, languages) == 0 else {
            TessBaseAPIDelete(handle)
            throw PictureError.missingLibrary("tesseract-ocr-eng tesseract-ocr-spa tesseract-ocr-cat")
        }
        TessBaseAPISetPageSegMode(handle, PSM_AUTO)
        handles[languages] = handle
        return handle
    }
}
