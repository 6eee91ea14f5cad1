import Foundation
import MastodonAPI
import MicroblogKit

extension MastodonClient {
    /// Creates a list.
    public func createList(title: String) async throws -> UserList {
        try Self.model(try await call(API.Lists.create(form: [("title", title)])))
    }

    /// Renames a list.
    public func renameList(id: String, title: String) async throws -> UserList {
        try Self.model(try await call(API.Lists.update(id: id, form: [("title", title)])))
    }

    /// Deletes a list.
    public func deleteList(id: String) async throws {
        try await perform(API.Lists.delete(id: id))
    }

    /// The accounts on a list.
    public func listAccounts(id: String) async throws -> [Account] {
        let (items, _) = try await get(API.Lists.accounts(id: id, query: [("limit", "0")]))
        return items.decoded().compactMap { $0.toModel() }
    }

    /// Adds accounts to a list (they must be followed) or removes them.
    public func setListMembership(_ member: Bool, listId: String, accountIds: [String]) async throws {
        try await perform((member ? API.Lists.addAccounts : API.Lists.removeAccounts)(id: listId, form: accountIds.map { ("account_ids[]", $0) }))
    }

    /// The user's lists that hold an account.
    public func lists(containing accountId: String) async throws -> [UserList] {
        let (items, _) = try await get(API.Accounts.lists(id: accountId))
        return items.decoded().compactMap { try? Self.model($0) }
    }

    static func model(_ list: MastodonEntities.List) throws -> UserList {
        guard let id = list.id else { throw MicroblogError.malformedResponse(detail: "list without id") }
        return UserList(id: id, title: list.title ?? "")
    }
}
