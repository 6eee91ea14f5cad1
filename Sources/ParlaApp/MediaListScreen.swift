import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation
import Pictures
import SpeechKit

/// A post's attachments in a list (issue 29): each said with its kind and description, a video or a sound with
/// how long it plays and its file's size (asked of its host when the list opens, off the key loop); Enter on a picture
/// opens it in the picture view, on a video or a sound hands its address to the desktop's player
/// (`xdg-open`, in a graphical session only), else shows and says the whole address, as links are.
final class MediaListScreen: AppScreen {
    unowned let app: AppContext
    let post: Post
    let wheel = Wheel("", items: ArrayWheelItems([]))
    let toolbar: Toolbar

    var title: String { app.string("pictures.list.title") }
    var helpIntro: String { app.string("pictures.list.help") }
    var controls: [any Control] { [wheel] }

    init(app: AppContext, post: Post) {
        self.app = app
        self.post = post
        toolbar = Toolbar(localizer: app.localizer)
        wheel.quietChoice = true
        relocalize()
    }

    /// Opens the attachments of `post` (the shown post: a boost's original).
    static func open(app: AppContext, post: Post) -> ScreenResponse {
        guard !post.media.isEmpty else { return ScreenResponse([app.say(app.string("screens.post.no-media"))]) }
        let screen = MediaListScreen(app: app, post: post)
        app.askMediaSizes(of: post) { [weak screen] in screen?.relocalize() }
        return ScreenResponse(navigation: .push(screen))
    }

    /// "Picture 1: a heron.", "Video 2: No description." or, for a video or a sound with what is known of it,
    /// "Video 2, 1 minute 28 seconds, 1280 by 720, 12.3 MB: a heron flying."
    func line(_ attachment: MediaAttachment, number: Int) -> String {
        let described = attachment.hasDescription
            ? TextSafety.stripped(attachment.description ?? "").split(whereSeparator: \.isNewline).joined(separator: " ")
            : app.string("pictures.no-description")
        let kind = AttachmentSentences.kind(attachment, localizer: app.localizer)
        let account = app.state.accountName
        var arguments = ["kind": kind.prefix(1).uppercased() + kind.dropFirst(), "n": String(number), "description": described]
        if AttachmentDetails.plays(attachment),
           let details = AttachmentDetails.text(attachment, size: app.mediaMemory.size(attachment, account: account),
                                                sizeAnswered: app.mediaMemory.sizeAnswered(attachment, account: account),
                                                localizer: app.localizer) {
            arguments["details"] = details
            return app.string("media.list.item-details", arguments)
        }
        return app.string("pictures.list.item", arguments)
    }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        wheel.title = app.string("pictures.list.wheel")
        let items = post.media.enumerated().map { index, attachment in
            let text = line(attachment, number: index + 1)
            return Presented(display: text, line: text, spoken: text, language: post.language)
        }
        wheel.setPresented(items, index: wheel.index)
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        guard case .selected(let index) = event.kind, post.media.indices.contains(index) else { return .none }
        let attachment = post.media[index]
        if PictureReader.isPicture(attachment) {
            let pictures = post.media.filter(PictureReader.isPicture)
            let position = pictures.firstIndex { $0.id == attachment.id } ?? 0
            return PictureScreen.open(app: app, post: post, at: position)
        }
        if let url = URL.webAddress(attachment.url), let opener = app.services.linkOpener, opener.open(url) {
            return ScreenResponse([app.say(app.string("pictures.list.opened", ["item": line(attachment, number: index + 1)]), earcon: .activate)])
        }
        let text = app.string("pictures.list.address", ["url": TextSafety.stripped(attachment.url)])
        app.request(.show(text))
        return ScreenResponse([app.say(text)])
    }
}
