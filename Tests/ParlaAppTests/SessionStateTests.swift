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
    let offline = "Offline: showing saved posts. Cannot reach example.social. Check the network. Parla will try again."

    func said(_ effects: [SessionEffect]) -> [String] {
        effects.compactMap { if case .say(.say(let utterance)) = $0 { utterance.text } else { nil } }
    }

    @Test func offlineMirrorsTheEngineAndIsSaidOnceWhoeverNoticesFirst() {
        var state = SessionState(accountName: "main", settings: AppSettings())
        #expect(said(state.update(.engine(.offline(unreachable)), localizer: localizer)) == [offline])
        #expect(state.offline)
        #expect(state.update(.engine(.offline(unreachable)), localizer: localizer) == [])
        #expect(state.update(.engine(.online), localizer: localizer) == [
            .say(.say(Utterance("Back online", priority: .notification))), .loadAccountDetails,
        ])
        #expect(!state.offline)
    }

    @Test func aCallTheUserWaitsOnSaysWhyTheServerIsAwayAndTheEnginesNoticeWaitsForIt() {
        let cannotReach = "Cannot reach example.social. Check the network. Parla will try again."
        // The call failed with it: its failure is what is said, once.
        var state = SessionState(accountName: "main", settings: AppSettings())
        #expect(state.update(.callStarted, localizer: localizer) == [])
        #expect(state.update(.engine(.offline(unreachable)), localizer: localizer) == [])
        #expect(state.offline)
        #expect(said(state.update(.callFailed(unreachable, retrying: true), localizer: localizer)) == [cannotReach])
        #expect(state.update(.callEnded, localizer: localizer) == [])
        #expect(said(state.update(.engine(.online), localizer: localizer)) == ["Back online"])

        // The calls said nothing of it (the refresh on opening): the notice comes when the last ends.
        var quiet = SessionState(accountName: "main", settings: AppSettings())
        _ = quiet.update(.callStarted, localizer: localizer)
        _ = quiet.update(.callStarted, localizer: localizer)
        #expect(quiet.update(.engine(.offline(unreachable)), localizer: localizer) == [])
        #expect(quiet.update(.callEnded, localizer: localizer) == [])
        #expect(said(quiet.update(.callEnded, localizer: localizer)) == [offline])
        #expect(quiet.update(.callEnded, localizer: localizer) == [])

        // The server answered the call after all: going offline was never said, nor is coming back.
        var blip = SessionState(accountName: "main", settings: AppSettings())
        _ = blip.update(.callStarted, localizer: localizer)
        _ = blip.update(.engine(.offline(unreachable)), localizer: localizer)
        #expect(said(blip.update(.engine(.online), localizer: localizer)) == [])
        #expect(blip.update(.callEnded, localizer: localizer) == [])
        #expect(!blip.offline)
    }

    @Test func aFailedVoteOrFollowThatNothingTriesAgainDoesNotPromiseARetry() {
        // A vote, a follow, a list's change: the user's own call, not tried again by anything.
        var state = SessionState(accountName: "main", settings: AppSettings())
        #expect(said(state.update(.callFailed(unreachable), localizer: localizer))
            == ["Cannot reach example.social. Check the network."])
        #expect(said(state.update(.callFailed(.server(status: 503)), localizer: localizer))
            == ["The server had a problem (error 503)."])
        // The timeline's refresh is polled again by the engine while the server is away: that one says so.
        #expect(said(state.update(.callFailed(.server(status: 503), retrying: true), localizer: localizer))
            == ["The server had a problem (error 503). Parla will try again."])
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
