import LVControls
import MicroblogKit
import ParlaBase
import SpeechKit

/// The app's shared state: one value, changed only by ``update(_:localizer:)`` with a message.
///
/// Screens read it; none writes it. What an update wants done (say something, fetch who the user is,
/// save the settings) comes back as ``SessionEffect``s for the app to run. Whether the server can be
/// reached is the engine's word only (its `offline` and `online` events).
struct SessionState: Equatable {
    /// The account in use.
    var accountName: String
    /// The logged-in user's account, once known (to offer deleting own posts).
    var me: Account?
    /// Whether the server cannot be reached, as the engine said (its `offline` and `online` events only).
    var offline = false
    /// Calls started by screens and not yet answered: what becomes of them is said, so the engine's
    /// `offline` waits for them (a failed call says why itself, once).
    var awaitedCalls = 0
    /// The engine went offline while calls were awaited and none of them has said why yet.
    var untoldOffline: MicroblogError?
    /// Whether the server refused the account's token.
    var needsLogin = false
    /// The outbox's posts that wait to be sent (queued, neither sent nor refused yet): when
    /// the server comes back they go at once, and "Back online" is said before "Sent".
    var waitingToSend: Set<String> = []
    /// New posts not yet reached, per timeline key.
    var unseen: [String: Int] = [:]
    /// The server's limit on post length, once known.
    var maxCharacters = 500
    /// The timelines the user keeps on the server (lists, saved feeds), once read: Go to offers them, and
    /// counts them, at once from then on.
    var saved: SavedTimelines?
    /// The user's settings (language, speech, theme, templates), as saved.
    var settings: AppSettings

    init(accountName: String, settings: AppSettings) {
        self.accountName = accountName
        self.settings = settings
    }
}

/// What changes the session: an engine event, a call's result, something the reader did.
enum SessionMessage {
    /// An event of the engine of the account in use.
    case engine(EngineEvent)
    /// Who the user of `account` is (a call's result).
    case me(Account, account: String)
    /// The post length limit of `account`'s server (a call's result).
    case maxCharacters(Int, account: String)
    /// The timelines `account` keeps on the server (a call's result).
    case savedTimelines(SavedTimelines, account: String)
    /// The lists of `account` as the user just changed them.
    case lists([UserList], account: String)
    /// The posts waiting in `account`'s outbox as the session began (written in an earlier one).
    case waitingInOutbox(Set<String>, account: String)
    /// A screen started a call; its outcome is said when it comes back.
    case callStarted
    /// A call a screen started came back (and its failure, if any, was said).
    case callEnded
    /// A call the user asked for failed: said and shown (the engine says whether the server is offline);
    /// a refused token is noted. `lead` goes before the error ("Not favourited, nothing changed.");
    /// `shown`: laid over the screen until the next key (not where the screen shows it itself).
    case callFailed(MicroblogError, lead: String? = nil, shown: Bool = true, retrying: Bool = false)
    /// `count` new posts came above the reader of `timeline`.
    case newPosts(timeline: String, count: Int)
    /// The reader reached the top of `timeline`: its new posts are seen.
    case reachedTop(timeline: String)
    /// Another account is in use from now on.
    case switchedAccount(String)
    /// The user changed a setting: it takes effect at once and is saved.
    case settingsChanged(AppSettings)
}

/// What an update asks the app to do.
enum SessionEffect: Equatable {
    /// Say this.
    case say(Announcement)
    /// Show this over the screen until the next key.
    case show(String)
    /// Ask the server who the user is and its limits.
    case loadAccountDetails
    /// Give the speech output the settings' voice, rate and sounds.
    case applySpeechSettings
    /// Write the settings file.
    case saveSettings
    /// Say what became of a post in the outbox (sent, queued, refused), naming it.
    case tellOutbox(EngineEvent)
}

extension SessionState {
    /// Applies `message`; returns what the app must do about it.
    mutating func update(_ message: SessionMessage, localizer: Localizer) -> [SessionEffect] {
        switch message {
        case .engine(let event):
            return apply(event, localizer: localizer)
        case .me(let account, let name):
            if name == accountName { me = account }
            return []
        case .maxCharacters(let limit, let name):
            if name == accountName { maxCharacters = limit }
            return []
        case .savedTimelines(let saved, let name):
            if name == accountName { self.saved = saved }
            return []
        case .lists(let lists, let name):
            if name == accountName { saved?.lists = lists }
            return []
        case .waitingInOutbox(let ids, let name):
            if name == accountName { waitingToSend.formUnion(ids) }
            return []
        case .callFailed(let error, let lead, let shown, let retrying):
            // An action the user asked for ("Not favourited, nothing changed.", a vote, a follow) is not tried
            // again; the engine, offline, keeps polling the timelines, and only their refresh says so.
            var text = error.message(localizer, retrying: retrying)
            if let lead { text = lead + " " + text }
            if error == .unauthorized {
                needsLogin = true
                text += " " + localizer.string("screens.error.login-again", ["account": TextSafety.stripped(accountName)])
            }
            // The engine went offline with this very error: the user has just heard why.
            if error == untoldOffline { untoldOffline = nil }
            let said = SessionEffect.say(.say(Utterance(text, priority: .alert, earcon: .error)))
            return shown ? [.show(text), said] : [said]
        case .callStarted:
            awaitedCalls += 1
            return []
        case .callEnded:
            awaitedCalls = max(0, awaitedCalls - 1)
            guard awaitedCalls == 0, let reason = untoldOffline else { return [] }
            untoldOffline = nil
            return offline ? [offlineNotice(reason, localizer: localizer)] : []
        case .newPosts(let timeline, let count):
            unseen[timeline, default: 0] += count
            return []
        case .reachedTop(let timeline):
            unseen[timeline] = nil
            return []
        case .switchedAccount(let name):
            let awaited = awaitedCalls
            self = SessionState(accountName: name, settings: settings)
            awaitedCalls = awaited
            return [.loadAccountDetails]
        case .settingsChanged(let next):
            settings = next
            return [.applySpeechSettings, .saveSettings]
        }
    }

    private mutating func apply(_ event: EngineEvent, localizer: Localizer) -> [SessionEffect] {
        switch event {
        case .postSent(let id, _):
            waitingToSend.remove(id)
            return [.tellOutbox(event)]
        case .postQueued(let id, _):
            waitingToSend.insert(id)
            return [.tellOutbox(event)]
        case .postFailed(let id, let reason):
            waitingToSend.remove(id)
            if reason == .unauthorized { needsLogin = true }
            return [.tellOutbox(event)]
        case .gapFilled(let timeline, let count, let complete) where count > 0:
            let list = timeline == TimelineSource.notifications.key ? "engine.gap.notifications." : "engine.gap."
            let text = localizer.plural(list + (complete ? "filled" : "partial"), count: count)
            return [.say(.say(Utterance(text, priority: .notification))), .show(text)]
        case .draftNotSaved(let reason):
            let text = localizer.string("engine.draft.not-saved", ["reason": reason.message(localizer)])
            return [.say(.say(Utterance(text, priority: .alert, earcon: .error))), .show(text)]
        case .offline(let error):
            guard !offline else { return [] }
            offline = true
            // A call the user waits on may have failed with it: that call says why, once.
            guard awaitedCalls == 0 else {
                untoldOffline = error
                return []
            }
            return [offlineNotice(error, localizer: localizer)]
        case .online:
            var effects: [SessionEffect] = []
            if offline {
                offline = false
                // Going offline was never said (the awaited call succeeded): nor is coming back.
                if untoldOffline == nil {
                    // Posts waiting in the outbox go now, and their "Sent" answers the user's own sending: coming
                    // back is then said at the same priority, first, so that "Sent" neither goes before it nor cuts it.
                    let priority: SpeechPriority = waitingToSend.isEmpty ? .notification : .answer
                    effects.append(.say(.say(Utterance(localizer.string("screens.online"), priority: priority))))
                }
                untoldOffline = nil
            }
            if me == nil { effects.append(.loadAccountDetails) }
            return effects
        case .uploading(_, let name, let number, let count):
            let text = localizer.string("writing.uploading", ["name": TextSafety.stripped(name), "number": String(number), "count": String(count)])
            // One file goes up at once: shown only, so that the result ("Sent") is not kept waiting behind it.
            guard count > 1 else { return [.show(text)] }
            return [.say(.say(Utterance(text, priority: .notification, earcon: .loading))), .show(text)]
        default:
            return []
        }
    }

    private func offlineNotice(_ reason: MicroblogError, localizer: Localizer) -> SessionEffect {
        // The engine tries again while offline: the one place the error says so. Heard as soon as it is known
        // (the post being read is read again after it): it tells what the screen now shows, saved posts.
        let text = localizer.string("screens.offline", ["reason": reason.message(localizer, retrying: true)])
        return .say(.say(Utterance(text, priority: .urgent, earcon: .error)))
    }
}
