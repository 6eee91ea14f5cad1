/// Mastodon 4.4+'s `Quote` (with the quoted status) or `ShallowQuote` (only its id, inside a quoted status).
public enum QuoteEntity: Encodable, Sendable {
    /// `{"state": …, "quoted_status": {…} | null}`.
    case full(state: String, status: StatusBox?)
    /// `{"state": …, "quoted_status_id": "…" | null}`.
    case shallow(state: String, statusID: String?)

    private enum Keys: String, CodingKey {
        case state
        case quotedStatus = "quoted_status"
        case quotedStatusID = "quoted_status_id"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .full(let state, let status):
            try container.encode(state, forKey: .state)
            if let status { try container.encode(status, forKey: .quotedStatus) } else { try container.encodeNil(forKey: .quotedStatus) }
        case .shallow(let state, let id):
            try container.encode(state, forKey: .state)
            if let id { try container.encode(id, forKey: .quotedStatusID) } else { try container.encodeNil(forKey: .quotedStatusID) }
        }
    }
}

/// Mastodon 4.5's `QuoteApproval`: who may quote a status, and whether the viewer may.
public struct QuoteApprovalEntity: Encodable, Sendable {
    public var automatic: [String]
    public var manual: [String]
    public var currentUser: String
}
