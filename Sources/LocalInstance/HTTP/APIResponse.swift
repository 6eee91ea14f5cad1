import Foundation
import HTTPTypes
import Hummingbird
import ParlaBase

/// What an API handler answers: a status, a JSON (or text) body and extra headers such as `Link`.
struct APIResponse: Sendable {
    var status: HTTPResponse.Status = .ok
    var body: Data
    var contentType: String = "application/json; charset=utf-8"
    var headers: [(HTTPField.Name, String)] = []

    /// An entity as JSON.
    static func json<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok) throws -> APIResponse {
        APIResponse(status: status, body: try EntityJSON.encode(value))
    }

    /// Plain text.
    static func text(_ text: String) -> APIResponse {
        APIResponse(body: Data(text.utf8), contentType: "text/plain; charset=utf-8")
    }

    /// A page of entities with Mastodon's `Link` header (`next` = older with `max_id`, `prev` = newer with `min_id`).
    static func page<T: Encodable & Sendable>(_ page: Page<T>, request: APIRequest) throws -> APIResponse {
        try linked(json(page.items), newest: page.newest, oldest: page.oldest, request: request)
    }

    /// One document that stands for a page (grouped notifications), with the page's `Link` header.
    static func document<T: Encodable & Sendable>(_ page: Page<T>, request: APIRequest) throws -> APIResponse {
        guard let document = page.items.first else { return try json(JSONValue.object([])) }
        return try linked(json(document), newest: page.newest, oldest: page.oldest, request: request)
    }

    private static func linked(_ response: APIResponse, newest: Int64?, oldest: Int64?, request: APIRequest) -> APIResponse {
        var response = response
        if let oldest, let newest {
            let next = request.link(replacing: ["max_id": String(oldest)])
            let prev = request.link(replacing: ["min_id": String(newest)])
            response.headers.append((HTTPField.Name("Link")!, "<\(next)>; rel=\"next\", <\(prev)>; rel=\"prev\""))
        }
        return response
    }

    /// An empty JSON object (Mastodon's answer to many deletions).
    static var empty: APIResponse { APIResponse(body: Data("{}".utf8)) }

    /// Mastodon's error body for an ``APIError``.
    static func error(_ error: APIError) -> APIResponse {
        let body = (try? EntityJSON.encode(JSONValue.object([("error", .string(error.message))]))) ?? Data()
        var response = APIResponse(status: error.status, body: body)
        if let wait = error.retryAfter {
            let seconds = (wait.milliseconds + 999) / 1000
            response.headers.append((HTTPField.Name("Retry-After")!, String(max(1, seconds))))
        }
        return response
    }

    /// The Hummingbird response.
    var response: Response {
        var fields = HTTPFields()
        if !contentType.isEmpty { fields[.contentType] = contentType }
        for (name, value) in headers { fields.append(HTTPField(name: name, value: value)) }
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
