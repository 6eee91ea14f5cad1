import Foundation
import MicroblogKit

/// The profile, pins and notes: what the engine keeps (the user's account, relationships, cached posts)
/// follows the server's answer. (Lists, hashtags and trends only pass through: `AccountEngine+Serving`.)
extension Engine {
    public func updateProfile(_ edit: ProfileEdit) async throws -> Account {
        let account = try await reach { try await service.updateProfile(edit) }
        myAccount = account
        return account
    }

    public func setPinned(_ pinned: Bool, postId: String) async throws -> Post {
        let post = try await reach { try await service.setPinned(pinned, postId: postId) }
        updated(post)
        return post
    }

    public func setNote(_ note: String, accountId: String) async throws -> Relationship {
        let relationship = try await reach { try await service.setNote(note, accountId: accountId) }
        relationships[accountId] = relationship
        return relationship
    }
}
