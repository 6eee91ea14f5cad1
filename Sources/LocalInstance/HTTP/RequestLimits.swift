import Foundation
import HTTPTypes

/// What one request may ask the server to read, checked before it is parsed: bodies by size, forms, query
/// strings and JSON by their number of parameters and how deeply they nest, search text by its length.
///
/// A request over a limit is answered 413 (its body) or 422 (the rest) with Mastodon's `{"error": …}` body,
/// and costs no more than one pass over its bytes.
enum RequestLimits {
    /// The largest request body accepted (JSON or form).
    static let maxBodyBytes = 1_048_576
    /// The largest multipart body (a media upload): the image size limit and room for the form around it.
    static let maxUploadBytes = InstanceStore.maxMediaBytes + 65_536
    /// The most parameters (form pairs, multipart parts, JSON values) in a query string or a body.
    static let maxParameters = 1_000
    /// The deepest nesting of a parameter: `a[b][c]` is 3, as is `{"a": {"b": {"c": 1}}}`.
    static let maxNesting = 32
    /// The longest search text (`q` of the search endpoints), in characters.
    static let maxSearchCharacters = 1_000

    /// The answer to a body over ``maxBodyBytes`` (or ``maxUploadBytes``).
    static func bodyTooLarge() -> APIError {
        APIError(status: .contentTooLarge, message: "The request body is too large")
    }

    /// The answer to more than ``maxParameters`` parameters.
    static func tooManyParameters() -> APIError {
        APIError(status: .unprocessableContent, message: "Too many parameters (at most \(maxParameters))")
    }

    /// The answer to a parameter nested deeper than ``maxNesting``.
    static func nestedTooDeeply() -> APIError {
        APIError(status: .unprocessableContent, message: "Parameters are nested too deeply (at most \(maxNesting) levels)")
    }

    /// Checks the length of search text.
    ///
    /// - Throws: ``APIError`` 422 when it is longer than ``maxSearchCharacters``.
    static func checkSearch(_ query: String) throws {
        guard query.count <= maxSearchCharacters else {
            throw APIError.unprocessable("Search text is too long (maximum is \(maxSearchCharacters) characters)")
        }
    }
}
