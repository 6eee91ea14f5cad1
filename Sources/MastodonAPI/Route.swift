import Foundation

/// An endpoint's method and path template, whatever it answers: what a router, a fault rule or a test
/// recorder matches requests against.
public struct Route: Sendable, Hashable, CustomStringConvertible {
    public let method: RequestMethod
    public let template: PathTemplate

    public init(method: RequestMethod, template: PathTemplate) {
        self.method = method
        self.template = template
    }

    /// Whether a request is a call of this route.
    public func matches(method requestMethod: String, path: String) -> Bool {
        method.rawValue == requestMethod.uppercased() && template.matches(path)
    }

    /// `POST /api/v1/statuses/{id}/favourite`.
    public var description: String { method.rawValue + " " + template.description }
}
