import Foundation
import LVControls
import MicroblogKit
@testable import ParlaApp
import ParlaBase
import SpeechKit
import TestSupport
import Testing

/// The session's update function, tested as a pure function: a message in, effects out, no threads.
@Suite struct SessionStateTests {
    let localizer = TestLocalization.localizer()
    let unreachable = MicroblogError.unreachable(host: "example.social")
    let offline = "Offline: showing saved posts. Cannot reach example.social. Check the network; Parla will try again."

    func said(_ effects: [SessionEffect]) -> [String] {
        effects.compactMap { if case .say(.say(let utterance)) = $0 { utterance.text } else { nil } }
    }

    @Test func goingOfflineIsSaidOnceWhoeverNoticesFirst() {
        var state = SessionState(accountName: "main", settings: AppSettings())
        #expect(said(state.update(.engine(.offline(unreachable)), localizer: localizer)) == [offline])
        #expect(state.update(.openingRefreshFailed(unreachable), localizer: localizer) == [.checkConnection(unreachable)])
        #expect(state.offline)

        var other = SessionState(accountName: "main", settings: AppSettings())
        #expect(said(other.update(.openingRefreshFailed(unreachable), localizer: localizer)) == [offline])
        #expect(other.update(.engine(.offline(unreachable)), localizer: localizer) == [])
        #expect(other.update(.refreshed, localizer: localizer) == [
            .say(.say(Utterance("Back online", priority: .notification))),
        ])
        #expect(!other.offline)
        #expect(other.update(.refreshed, localizer: localizer) == [])
    }

    @Test func aRefusedTokenAsksToLogInAgainAndComingBackOnlineAsksWhoTheUserIs() {
        var state = SessionState(accountName: "main", settings: AppSettings())
        let effects = state.update(.callFailed(.unauthorized), localizer: localizer)
        #expect(state.needsLogin)
        let text = "This account is no longer logged in. Log in again. Run parla login for the account main."
        #expect(effects == [.show(text), .say(.say(Utterance(text, priority: .alert, earcon: .error)))])
        #expect(state.update(.engine(.online), localizer: localizer) == [.loadAccountDetails])
        _ = state.update(.me(Account(id: "9", acct: "me", username: "me", displayName: "Me"), account: "other"), localizer: localizer)
        #expect(state.me == nil)
        _ = state.update(.me(Account(id: "9", acct: "me", username: "me", displayName: "Me"), account: "main"), localizer: localizer)
        #expect(state.me?.id == "9")
        #expect(state.update(.engine(.online), localizer: localizer) == [])
    }

    @Test func unseenPostsAreCountedUntilTheTopIsReachedAndAnotherAccountStartsAfresh() {
        var settings = AppSettings()
        settings.language = .catalan
        var state = SessionState(accountName: "main", settings: settings)
        _ = state.update(.newPosts(timeline: "home", count: 2), localizer: localizer)
        _ = state.update(.newPosts(timeline: "home", count: 3), localizer: localizer)
        _ = state.update(.maxCharacters(1000, account: "main"), localizer: localizer)
        #expect(state.unseen == ["home": 5])
        #expect(state.maxCharacters == 1000)
        _ = state.update(.reachedTop(timeline: "home"), localizer: localizer)
        #expect(state.unseen == [:])
        _ = state.update(.newPosts(timeline: "home", count: 1), localizer: localizer)
        #expect(state.update(.switchedAccount("second"), localizer: localizer) == [.loadAccountDetails])
        #expect(state.accountName == "second")
        #expect(state.unseen == [:])
        #expect(state.maxCharacters == 500)
        #expect(state.settings.language == .catalan)
    }

    @Test func aChangedSettingIsAppliedAndSaved() {
        var state = SessionState(accountName: "main", settings: AppSettings())
        var next = state.settings
        next.rate = 250
        #expect(state.update(.settingsChanged(next), localizer: localizer) == [.applySpeechSettings, .saveSettings])
        #expect(state.settings.rate == 250)
    }
}
