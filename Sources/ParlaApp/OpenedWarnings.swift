import LVControls
import MicroblogKit
import ParlaPresentation
import SpeechKit

/// The warnings the user opened in a list of posts (a timeline, search results, trends): an author's content
/// warning or one of the user's filters ("Filtered: Politics"). The warning key (`w`) opens and closes them, and
/// Right on a post whose warning is closed says how to open it rather than "Nothing more".
final class OpenedWarnings {
    private var opened: Set<String> = []

    /// Whether the user opened the warning of the post `id`.
    func contains(_ id: String) -> Bool { opened.contains(id) }

    /// A post as the list presents it: opened, it was just read whole, and Right has nothing more to say again.
    func present(_ post: Post, app: AppContext) -> Presented {
        let open = opened.contains(post.id)
        return app.present(post, revealed: open, whole: open)
    }

    /// What Right says of a post whose text a closed warning hides ("A filter of yours hides this post: w opens it",
    /// with the key the keymap gives); nil when nothing hides it.
    func hiddenText(of post: Post, app: AppContext) -> WheelItemSpeech? {
        guard !opened.contains(post.id), let key = app.bindings(for: [.contentWarning]).first?.keys.first else { return nil }
        let named = ["key": KeyNaming.spoken(key, localizer: app.localizer)]
        if !post.warningFilters.isEmpty { return WheelItemSpeech(app.string("post.more.filtered", named)) }
        guard !post.shown.spoilerText.isBlank, !app.settings.readWarningBody else { return nil }
        return WheelItemSpeech(app.string("post.more.hidden", named))
    }

    /// The warning key on `post`: opens its warning and reads the text, or closes it; `changed` says whether the
    /// list must present its posts again.
    func toggle(_ post: Post, app: AppContext) -> (response: ScreenResponse, changed: Bool) {
        let shown = post.shown
        // A filter's warning ("Filtered: Politics") opens and closes as an author's does.
        guard !shown.spoilerText.isEmpty || !post.warningFilters.isEmpty else {
            return (ScreenResponse([app.say(app.string("screens.post.no-warning"))]), false)
        }
        if opened.remove(post.id) != nil {
            let closed = shown.spoilerText.isEmpty ? "screens.post.filter-warning-closed" : "screens.post.warning-closed"
            return (ScreenResponse([app.say(app.string(closed), earcon: .toggleOff)]), true)
        }
        opened.insert(post.id)
        let voice = SpeechText.voiceLanguage(shown.language)
        return (ScreenResponse([.say(Utterance(app.text(shown.content, voice: voice).spoken, language: voice, earcon: .cueContentWarning))]), true)
    }
}
