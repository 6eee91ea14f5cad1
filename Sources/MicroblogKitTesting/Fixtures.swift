import Foundation
import MicroblogKit

/// Posts, accounts and notifications for tests.
public enum Fixtures {
    public static func account(_ id: String) -> Account {
        Account(id: id, acct: "user\(id)", username: "user\(id)", displayName: "User \(id)")
    }

    public static func post(_ id: String, text: String? = nil, visibility: Visibility = .public, author: String = "2") -> Post {
        Post(id: id, createdAt: Date(timeIntervalSince1970: 1_700_000_000 + (Double(id) ?? 0)), account: account(author),
             content: .plain(text ?? "post \(id)"), visibility: visibility)
    }

    /// Posts with ids `range` (numeric).
    public static func posts(_ range: ClosedRange<Int>) -> [Post] { range.map { post(String($0)) } }

    public static func notification(_ id: String, kind: NotificationKind, post: Post? = nil, from author: String = "3") -> MicroblogNotification {
        MicroblogNotification(id: id, kind: kind, createdAt: Date(timeIntervalSince1970: 1_700_000_000), account: account(author), post: post)
    }
}
