import Foundation

/// A parameter list that keeps order and repeats (`id[]=1&id[]=2`), for a query or a form body.
public typealias Parameters = [(name: String, value: String)]

/// One call of the Mastodon API: its method, its path template, the values of the path's parameters,
/// the query and form parameters, and (as the type parameter) what the server answers.
///
/// The endpoints are declared once, in ``API`` (`API.Statuses.favourite`); a declaration has no values
/// yet, and the local instance routes it as it is. The client fills it in by calling it:
/// `API.Statuses.favourite(id: postId)` is an `Endpoint<MastodonEntities.Status>` for that post, and
/// the client decodes the answer as `Response`.
public struct Endpoint<Response>: Sendable {
    /// The HTTP method.
    public let method: RequestMethod
    /// The path with its parameters.
    public let template: PathTemplate
    /// The values of the path's parameters, by name.
    public var values: [String: String]
    /// The query parameters.
    public var query: Parameters
    /// The form (`application/x-www-form-urlencoded`) body; empty for none.
    public var form: Parameters

    /// Declares an endpoint: `Endpoint(.post, "/api/v1/statuses/{id}/favourite")`.
    public init(_ method: RequestMethod, _ template: PathTemplate) {
        self.method = method
        self.template = template
        values = [:]
        query = []
        form = []
    }

    /// The path to request, with the parameters filled in: `/api/v1/statuses/109/favourite`.
    public var path: String { template.path(values) }

    /// The path and the query, as an HTTP request line names them: `/api/v1/accounts/lookup?acct=ana`.
    public var target: String { query.isEmpty ? path : path + "?" + FormEncoding.encode(query) }

    /// The method and template without the response type, for tables of endpoints.
    public var route: Route { Route(method: method, template: template) }

    /// This endpoint with query and form parameters (for a template without path parameters).
    public func callAsFunction(query: Parameters = [], form: Parameters = []) -> Endpoint {
        with([:], query: query, form: form)
    }

    /// This endpoint for one id (`{id}` in the template).
    public func callAsFunction(id: String, query: Parameters = [], form: Parameters = []) -> Endpoint {
        with(["id": id], query: query, form: form)
    }

    /// This endpoint for one hashtag (`{hashtag}` in the template).
    public func callAsFunction(hashtag: String, query: Parameters = [], form: Parameters = []) -> Endpoint {
        with(["hashtag": hashtag], query: query, form: form)
    }

    private func with(_ values: [String: String], query: Parameters, form: Parameters) -> Endpoint {
        var copy = self
        copy.values = values
        copy.query = query
        copy.form = form
        return copy
    }
}
