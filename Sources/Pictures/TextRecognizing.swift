/// Reads the text in a picture, on this computer (nothing is sent anywhere).
public protocol TextRecognizing: Sendable {
    /// The text recognised in `image`, lines joined by newlines, trimmed; empty when none was found.
    ///
    /// - Parameter languages: the recognition languages, in order (``RecognitionLanguages``).
    /// - Throws: ``PictureError/missingLibrary(_:)`` when the recogniser or its language data is not installed.
    func recognize(_ image: GrayImage, languages: [String]) throws -> String
}

/// Which of Tesseract's languages to read a picture with: the post's language when Parla has its data;
/// all three (English first) when the post names none or another.
public enum RecognitionLanguages {
    /// Tesseract's names of the languages installed with Parla (English, Spanish, Catalan).
    public static let all = ["eng", "spa", "cat"]

    /// The languages for a post written in `postLanguage` (an ISO 639-1 code such as "es", or nil). One
    /// language reads faster than three (a 1,000 × 600 screenshot: 0.8 s against 1.3 s here).
    public static func `for`(postLanguage: String?) -> [String] {
        let codes = ["en": "eng", "es": "spa", "ca": "cat"]
        guard let primary = postLanguage.flatMap({ codes[String($0.lowercased().prefix(2))] }) else { return all }
        return [primary]
    }
}
