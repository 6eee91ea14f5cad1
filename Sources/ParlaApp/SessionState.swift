import LVControls
import MicroblogKit
import ParlaBase
import SpeechKit

/// The app's shared state: one value, changed only by ``update(_:localizer:)`` with a message.
///
/// Screens read it; none writes it. What an update wants done (say something, ask the engine to
/// check the connection, fetch who the user is) comes back as ``SessionEffect``s for the app to run.
struct SessionState: Equatable {
    /// The account in use.
    var accountName: String
    /// The logged-in user's account, once known (to offer deleting own posts).
    var me: Account?
    /// Whether the server cannot be reached, as the engine and failed calls said.
    var offline = false
    /// Whether the server refused the account's token.
    var needsLogin = false
    /// New posts not yet reached, per timeline key.
    var unseen: [String: Int] = [:]
    /// The server's limit on post length, once known.
    var maxCharacters = 500
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
    /// A call the user asked for failed: said and shown, and the login or the connection noted.
    case callFailed(MicroblogError)
    /// The opening refresh failed: going offline is said here, once, whoever noticed first.
    case openingRefreshFailed(MicroblogError)
    /// A refresh answered: the server is reachable.
    case refreshed
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
    /// Have the engine try the server until it answers (it says `online` then).
    case checkConnection(MicroblogError)
    /// Ask the server who the user is and its limits.
    case loadAccountDetails
    /// Give the speech output the settings' voice, rate and sounds.
    case applySpeechSettings
    /// Write the settings file.
    case saveSettings
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
        case .callFailed(let error):
            var effects: [SessionEffect] = []
            var text = error.message(localizer)
            if error == .unauthorized {
                needsLogin = true
                text += " " + localizer.string("screens.error.login-again", ["account": TextSafety.stripped(accountName)])
            }
            if error.isTransient {
                offline = true
                effects.append(.checkConnection(error))
            }
            return [.show(text), .say(.say(Utterance(text, priority: .alert, earcon: .error)))] + effects
        case .openingRefreshFailed(let error):
            guard error.isTransient else { return update(.callFailed(error), localizer: localizer) }
            let wasOnline = !offline
            offline = true
            let said: [SessionEffect] = wasOnline
                ? [.say(.say(Utterance(localizer.string("screens.offline", ["reason": error.message(localizer)]), priority: .alert, earcon: .error)))]
                : []
            return said + [.checkConnection(error)]
        case .refreshed:
            guard offline else { return [] }
            offline = false
            return [.say(.say(Utterance(localizer.string("screens.online"), priority: .notification)))]
        case .newPosts(let timeline, let count):
            unseen[timeline, default: 0] += count
            return []
        case .reachedTop(let timeline):
            unseen[timeline] = nil
            return []
        case .switchedAccount(let name):
            self = SessionState(accountName: name, settings: settings)
            return [.loadAccountDetails]
        case .settingsChanged(let next):
            settings = next
            return [.applySpeechSettings, .saveSettings]
        }
    }

    private mutating func apply(_ event: EngineEvent, localizer: Localizer) -> [SessionEffect] {
        switch event {
        case .postSent:
            return [.say(.say(Utterance(localizer.string("screens.sent"), priority: .notification, earcon: .sent)))]
        case .postQueued(_, let reason):
            let text = localizer.string("screens.queued", ["reason": reason.message(localizer)])
            return [.say(.say(Utterance(text, priority: .alert, earcon: .error)))]
        case .postFailed(_, let reason):
            var text = localizer.string("screens.failed", ["reason": reason.message(localizer)])
            if reason == .unauthorized {
                needsLogin = true
                text += " " + localizer.string("screens.error.login-again", ["account": TextSafety.stripped(accountName)])
            }
            return [.say(.say(Utterance(text, priority: .alert, earcon: .error))), .show(text)]
        case .offline(let error):
            guard !offline else { return [] }
            offline = true
            let text = localizer.string("screens.offline", ["reason": error.message(localizer)])
            return [.say(.say(Utterance(text, priority: .alert, earcon: .error)))]
        case .online:
            var effects: [SessionEffect] = []
            if offline {
                offline = false
                effects.append(.say(.say(Utterance(localizer.string("screens.online"), priority: .notification))))
            }
            if me == nil { effects.append(.loadAccountDetails) }
            return effects
        default:
            return []
        }
    }
}
