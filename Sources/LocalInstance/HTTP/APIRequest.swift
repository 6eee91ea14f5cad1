import Foundation
import Hummingbird

/// One API call as handlers see it: parameters from query and body, path parameters and the viewer.
struct APIRequest: Sendable {
    let method: String
    let path: String
    let query: String
    let params: Params
    let pathParameters: [String: String]
    let viewer: Viewer?
    let headers: HTTPFields
    let baseURL: String

    /// The viewer, or 401 when the call is anonymous.
    func requireViewer() throws -> Viewer {
        guard let viewer else { throw APIError.unauthorized() }
        return viewer
    }

    /// A path parameter that is an id.
    ///
    /// - Throws: ``APIError`` 404 when it is not a number (no record can have that id).
    func id(_ name: String = "id") throws -> Int64 {
        guard let text = pathParameters[name], let value = Int64(text) else { throw APIError.notFound() }
        return value
    }

    /// This request's URL with some query parameters replaced and the other cursors removed.
    func link(replacing replacements: [String: String]) -> String {
        var pairs: [(String, String)] = []
        for pair in query.split(separator: "&") {
            let name = String(pair.split(separator: "=", maxSplits: 1).first ?? "")
            let decoded = name.removingPercentEncoding ?? name
            if ["max_id", "min_id", "since_id"].contains(decoded) || replacements[decoded] != nil { continue }
            let value = pair.split(separator: "=", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
            pairs.append((name, value))
        }
        for key in replacements.keys.sorted() { pairs.append((key, replacements[key]!)) }
        return baseURL + path + "?" + pairs.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    }
}
