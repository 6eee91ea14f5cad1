import Foundation
import MastodonAPI
import ParlaBase

/// Faults to inject into responses; only ever active when `--faults FILE` (or the in-process API) sets it.
///
/// The file is JSON: `{"rules": [{"path": "/api/v1/timelines/home", "method": "GET", "latency_ms": 300,
/// "status": 503, "drop": true, "malformed": true, "times": 2}]}`. A rule's `path` matches exactly, or as a
/// prefix when it ends in `*`; a segment in braces (`/api/v1/statuses/{id}/favourite`) matches any one
/// segment, so a rule made from an endpoint (``Rule/init(_:latencyMs:status:drop:malformed:times:)``)
/// matches every call of it; `method` is optional; `times` limits how often the rule fires (absent: always).
/// A rule may combine latency with one of: a status, a dropped connection mid-body, a malformed body.
public struct FaultPlan: Sendable, Equatable, Codable {
    /// One fault and where it applies.
    public struct Rule: Sendable, Equatable, Codable {
        /// The request path, a path template with `{parameters}`, or a prefix ending in `*`.
        public var path: String
        /// The HTTP method (`GET`, `POST` …); any when absent.
        public var method: String?
        /// Extra delay before answering, in milliseconds.
        public var latencyMs: Int?
        /// Answer with this status and a Mastodon error body instead of the real response.
        public var status: Int?
        /// Send the head and part of the body, then close the connection.
        public var drop: Bool?
        /// Answer 200 with a body that is not valid JSON.
        public var malformed: Bool?
        /// How many times the rule fires; unlimited when absent.
        public var times: Int?

        /// Creates a rule.
        public init(
            path: String, method: String? = nil, latencyMs: Int? = nil, status: Int? = nil,
            drop: Bool? = nil, malformed: Bool? = nil, times: Int? = nil
        ) {
            self.path = path
            self.method = method
            self.latencyMs = latencyMs
            self.status = status
            self.drop = drop
            self.malformed = malformed
            self.times = times
        }

        /// A rule for every call of an endpoint: its method and its path template.
        public init<Response>(
            _ endpoint: Endpoint<Response>, latencyMs: Int? = nil, status: Int? = nil, drop: Bool? = nil, malformed: Bool? = nil,
            times: Int? = nil
        ) {
            self.init(
                path: endpoint.template.description, method: endpoint.method.rawValue, latencyMs: latencyMs, status: status,
                drop: drop, malformed: malformed, times: times)
        }

        enum CodingKeys: String, CodingKey {
            case path, method, status, drop, malformed, times
            case latencyMs = "latency_ms"
        }

        /// Whether the rule applies to a request.
        func matches(method requestMethod: String, path requestPath: String) -> Bool {
            if let method, method.uppercased() != requestMethod.uppercased() { return false }
            if path.hasSuffix("*") { return requestPath.hasPrefix(String(path.dropLast())) }
            if path.contains("{") { return PathTemplate(path).matches(requestPath) }
            return path == requestPath
        }
    }

    /// The rules, tried in order; the first that matches fires.
    public var rules: [Rule]

    /// Creates a plan.
    public init(rules: [Rule]) { self.rules = rules }

    /// Reads a plan from a JSON file.
    ///
    /// - Throws: ``LocalInstanceError/invalidFaults(path:reason:)`` when it cannot be read or parsed.
    public static func load(from url: URL) throws -> FaultPlan {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LocalInstanceError.invalidFaults(path: url.path, reason: error.localizedDescription)
        }
        do {
            return try JSONDecoder().decode(FaultPlan.self, from: data)
        } catch {
            throw LocalInstanceError.invalidFaults(path: url.path, reason: "\(error)")
        }
    }
}

/// Something that waits; the real one (`TaskSleeper`) sleeps, the test one (`ManualSleeper`) waits for
/// its clock. The same protocol as ParlaBase's `Sleeper`.
public typealias InstanceSleeper = Sleeper

/// The live fault state: the plan plus how often each rule has fired.
final class FaultInjector: Sendable {
    private let state: LockedBox<(plan: FaultPlan, fired: [Int])>

    init(plan: FaultPlan) {
        state = LockedBox((plan, Array(repeating: 0, count: plan.rules.count)))
    }

    /// The plan in force.
    var plan: FaultPlan { state.withValue { $0.plan } }

    /// Replaces the plan and forgets the counts.
    func replace(with plan: FaultPlan) {
        state.withValue { $0 = (plan, Array(repeating: 0, count: plan.rules.count)) }
    }

    /// The rule that fires for this request, if any (counting it).
    func fire(method: String, path: String) -> FaultPlan.Rule? {
        state.withValue { state in
            for (index, rule) in state.plan.rules.enumerated() where rule.matches(method: method, path: path) {
                if let times = rule.times, state.fired[index] >= times { continue }
                state.fired[index] += 1
                return rule
            }
            return nil
        }
    }
}
