/// What the notifications that are not about a post carry: a report (`admin.report`), severed
/// relationships, a moderation warning, or the year of an annual report.
public struct NotificationDetails: Codable, Hashable, Sendable {
    /// A report to the server's moderators.
    public struct Report: Codable, Hashable, Sendable {
        /// `spam`, `legal`, `violation` or `other`.
        public var category: String
        /// Who was reported; nil when not given.
        public var target: Account?

        public init(category: String, target: Account? = nil) {
            self.category = category
            self.target = target
        }
    }

    /// Follow relationships a moderation or block ended (Mastodon's `RelationshipSeveranceEvent`).
    public struct Severance: Codable, Hashable, Sendable {
        /// `domain_block`, `user_domain_block` or `account_suspension`.
        public var type: String
        /// The domain or account that was blocked or suspended.
        public var targetName: String
        public var followersCount: Int
        public var followingCount: Int

        public init(type: String, targetName: String, followersCount: Int = 0, followingCount: Int = 0) {
            self.type = type
            self.targetName = targetName
            self.followersCount = followersCount
            self.followingCount = followingCount
        }
    }

    /// A moderator's action on the user's account (Mastodon's `AccountWarning`).
    public struct Warning: Codable, Hashable, Sendable {
        /// `none`, `disable`, `mark_statuses_as_sensitive`, `delete_statuses`, `sensitive`, `silence` or `suspend`.
        public var action: String
        /// The moderator's message; may be empty.
        public var text: String

        public init(action: String, text: String = "") {
            self.action = action
            self.text = text
        }
    }

    public var report: Report?
    public var severance: Severance?
    public var warning: Warning?
    /// The year of an annual report.
    public var annualReportYear: Int?

    public init(report: Report? = nil, severance: Severance? = nil, warning: Warning? = nil, annualReportYear: Int? = nil) {
        self.report = report
        self.severance = severance
        self.warning = warning
        self.annualReportYear = annualReportYear
    }
}
