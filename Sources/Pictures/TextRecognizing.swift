/// Reads the text in a picture, on this computer (nothing is sent anywhere).
public protocol TextRecognizing: Sendable {
    /// The text recognised in `image`, lines joined by newlines, trimmed; empty when none was found.
    ///
    /// - Parameter languages: the recognition languages, in order (``RecognitionLanguages``).
    /// - Throws: ``PictureError/missingLibrary(_:)`` when the recogniser or its language data is not installed.
    func recognize(_ image: GrayImage, languages: [String]) throws -> String
}

/// Which of Tesseract's languages to read a picture with: the post's language first when Parla has its
/// data, then the others; all three when the post names none.
public enum RecognitionLanguages {
    /// Tesseract's names of the languages installed with Parla (English, Spanish, Catalan).
    public static let all = ["eng", "spa", "cat"]

    /// The languages for a post written in `postLanguage` (an ISO 639-1 code such as "es", or nil).
    public static func `for`(postLanguage: String?) -> [String] {
        let codes = ["en": "eng", "es": "spa", "ca": "cat"]
        let primary = postLanguage.flatMap { codes[String($0.lowercased().prefix(2))] }
        guard let primary else { return all }
        return [primary] + all.filter { $0 != primary }
    }
}
