import Foundation
import MicroblogKit
import MicroblogKitTesting
import ParlaBase
import ParlaBaseTesting
@testable import ParlaEngine
import Testing

/// Pins change the cached post and tell the screens; a changed profile is the user's account from then on;
/// a note is remembered with the relationship; lists and hashtags go through to the server.
@Suite struct EngineAccountToolsTests {
    @Test func aPinChangesTheCachedPostAndIsTold() async throws {
        let harness = try await EngineHarness()
        let mine = Fixtures.post("2", author: "1")
        harness.service.add([mine, Fixtures.post("1")])
        _ = try await harness.engine.refresh(.home)
        let updated = LockedEvents()
        harness.engine.observe { if case .postUpdated(let post) = $0 { updated.append(post.id + ":" + String(post.pinned ?? false)) } }

        let pinned = try await harness.engine.setPinned(true, postId: "2")

        #expect(pinned.pinned == true)
        #expect(updated.ids == ["2:true"])
        #expect(await harness.engine.cached(.home).first?.pinned == true)
        #expect(try await harness.engine.pinnedPosts(accountId: "1").map(\.id) == ["2"])
        _ = try await harness.engine.setPinned(false, postId: "2")
        #expect(await harness.engine.cached(.home).first?.pinned == false)
        #expect(try await harness.engine.pinnedPosts(accountId: "1").isEmpty)
    }

    @Test func aSavedProfileIsTheUsersAccountAndANoteIsRemembered() async throws {
        let harness = try await EngineHarness()
        _ = try await harness.engine.me()
        let edit = ProfileEdit(displayName: "Ana R.", note: "Poems", fields: [ProfileField(name: "Town", value: "Vic")], locked: true)
        _ = try await harness.engine.updateProfile(edit)
        #expect(try await harness.engine.me().displayName == "Ana R.")
        #expect(try await harness.engine.profileEdit() == edit)
        let tooMany = ProfileEdit(displayName: "A", note: "", fields: (1...5).map { ProfileField(name: "\($0)", value: "") })
        await #expect(throws: MicroblogError.self) { try await harness.engine.updateProfile(tooMany) }

        _ = try await harness.engine.setNote("Met at the reading", accountId: "3")
        #expect(try await harness.engine.relationship(accountId: "3").note == "Met at the reading")
    }

    @Test func listsAndHashtagsGoThroughToTheServer() async throws {
        let harness = try await EngineHarness()
        harness.service.add(accounts: [Fixtures.account("3")])
        let list = try await harness.engine.createList(title: "Poets")
        try await harness.engine.setListMembership(true, listId: list.id, accountIds: ["3"])
        #expect(try await harness.engine.listAccounts(id: list.id).map(\.id) == ["3"])
        #expect(try await harness.engine.lists(containing: "3") == [list])
        #expect(try await harness.engine.renameList(id: list.id, title: "Bards").title == "Bards")
        try await harness.engine.deleteList(id: list.id)
        #expect(try await harness.engine.lists().isEmpty)

        #expect(try await harness.engine.setHashtagFollowed(true, name: "poetry").following)
        #expect(try await harness.engine.followedHashtags().map(\.name) == ["poetry"])
        #expect(try await harness.engine.hashtag(name: "Poetry").following)
        #expect(try await !harness.engine.setHashtagFollowed(false, name: "poetry").following)
    }
}
