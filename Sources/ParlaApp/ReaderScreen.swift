import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation
import Pictures
import SpeechKit
import TerminalKit

extension ScreenCommand {
    /// Opens the post under the marker whole, in the reader.
    public static let read = ScreenCommand("read")
}

/// The reader (issue 16, item 3): one post whole, wrapped to the terminal, reviewed word by word,
/// sentence by sentence and line by line with the hardware cursor on the piece being read.
///
/// What it shows and says comes from the presenter (``PostPresenting/reading(_:localizer:now:settings:)``):
/// who and when, the content warning (what it hides only once opened, as on the timeline), the
/// body, quote and link preview, the attachments, the poll, the links and the counts. The post's
/// commands (reply, boost, the warning, links, vote …) are the timeline's, done on the same post;
/// Esc goes back to the timeline, which still has the post under its marker.
final class ReaderScreen: AppScreen {
    unowned let app: AppContext
    private(set) var post: Post
    /// The timeline the reader was opened from: its commands act on the post, and it keeps whether the warning is open.
    private weak var timeline: TimelineScreen?
    let view = TextView("", text: ReviewText(""))
    let toolbar: Toolbar
    /// How many pictures' texts and files' sizes the session had learnt when the post was last shown (``MediaMemory/learnt``).
    private var learntShown = 0

    /// The commands the reader passes to its timeline.
    static let postCommands: [ScreenCommand] = [.reply, .boost, .favourite, .bookmark, .thread, .author, .contentWarning, .altText, .links, .vote,
                                                .editPost, .history, .showPictures, .mediaList]

    var title: String { app.string("reader.title", ["name": authorName]) }
    /// Said as "Post" only: the text it opens on begins with the author (nothing twice).
    var spokenTitle: String? { view.name }
    var helpIntro: String { app.string("reader.help") }
    var controls: [any Control] { [view] }
    var bindings: [Binding] { app.bindings(for: Self.postCommands + [.whereAmI]) }

    /// - Parameters:
    ///   - post: the post to read (a boost shows the boosted post, saying who boosted it).
    ///   - timeline: where the post's commands go; nil: the reader only reads.
    init(app: AppContext, post: Post, timeline: TimelineScreen?) {
        self.app = app
        self.post = post
        self.timeline = timeline
        toolbar = Toolbar(localizer: app.localizer)
        // A switch user hears the post sentence by sentence, one a step, from the start.
        view.entersScanAtOnce = true
        relocalize()
        app.askMediaSizes(of: post.shown)
    }

    /// "Ana García @ana", with emoji as words and nothing invisible (as the timeline's author button).
    private var authorName: String {
        app.services.presenter.present(post.shown.account, localizer: app.localizer, settings: app.presentation).line
    }

    /// Whether the warning is open (on the timeline, so both show the same).
    private var revealed: Bool { timeline?.isRevealed(post.id) ?? false }

    /// The post as the presenter gives it whole, in segments by language.
    func document() -> ReviewText {
        app.voicedText(of: post, revealed: revealed, after: pictureTexts() + playingDetails())
    }

    /// The text already read in the post's undescribed pictures, a paragraph each after the post (in the
    /// interface's voice): "Attachment 1: No description. Text in the picture: …".
    private func pictureTexts() -> [Utterance.Segment] {
        let shown = post.shown
        return shown.media.enumerated().compactMap { index, attachment in
            guard !attachment.hasDescription, let text = app.mediaMemory.text(attachment, account: app.state.accountName) else { return nil }
            let sentence = AttachmentSentences.recognized(text, localizer: app.localizer)
            return Utterance.Segment("\n" + app.string("pictures.attachment", ["n": String(index + 1), "sentence": sentence]))
        }
    }

    /// What is known of each video's or sound's file beyond the length its line above says, a paragraph each after the
    /// post (in the interface's voice): "Attachment 1, video: 1280 by 720, 25 frames a second, 12.3 MB."; the size once
    /// its host told it (asked when the reader opens).
    private func playingDetails() -> [Utterance.Segment] {
        let account = app.state.accountName
        return post.shown.media.enumerated().compactMap { index, attachment in
            guard AttachmentDetails.plays(attachment),
                  let details = AttachmentDetails.text(attachment, size: app.mediaMemory.size(attachment, account: account),
                                                       sizeAnswered: app.mediaMemory.sizeAnswered(attachment, account: account),
                                                       length: false, localizer: app.localizer) else { return nil }
            let kind = AttachmentSentences.kind(attachment, localizer: app.localizer)
            return Utterance.Segment("\n" + app.string("media.reader.details", ["n": String(index + 1), "kind": kind, "details": details]))
        }
    }

    /// A picture's text read meanwhile (the setting reads it as the post gets focus), or a file's size its host
    /// told, is shown at once.
    func turnEnded() {
        guard app.mediaMemory.learnt != learntShown else { return }
        showAgain(keepingReview: true)
    }

    /// The post read (a boost's original).
    var focusedPost: Post? { post.shown }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        view.name = app.string("reader.text")
        showAgain()
    }

    /// Shows the post again after it changed: review stays on its word when the post only changed
    /// (its counts), and starts from the top when the warning opened or closed.
    private func showAgain(keepingReview: Bool = false) {
        learntShown = app.mediaMemory.learnt
        let fresh = document()
        if fresh != view.text { view.setText(fresh, keepingReview: keepingReview) }
    }

    func perform(_ command: ScreenCommand, context: ControlContext) -> ScreenResponse {
        if command == .whereAmI {
            let position = view.position
            return ScreenResponse([app.say(app.string("reader.where", [
                "name": authorName, "word": String(position.word), "words": String(position.words),
                "line": String(position.line), "lines": String(position.lines),
            ]))])
        }
        guard let timeline else { return ScreenResponse([app.say(app.string("reader.no-timeline"), earcon: .edge)]) }
        let wasRevealed = revealed
        let response = timeline.perform(command)
        // The warning opened or closed: the reader shows what it now holds back, from the top.
        if revealed != wasRevealed { showAgain() }
        return response
    }

    func engineEvent(_ event: EngineEvent, isTop: Bool) -> ScreenResponse {
        switch event {
        case .postUpdated(let changed) where changed.id == post.id:
            post = changed
            showAgain(keepingReview: true)
        case .postUpdated(let changed) where changed.id == post.reblog?.value.id:
            post.reblog = Box(changed)
            showAgain(keepingReview: true)
        default:
            break
        }
        return .none
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse { .none }

    /// The text takes the whole body.
    func layout(in area: Rect, focus: Int, context: ControlContext) -> [Rect] { [area] }
}
