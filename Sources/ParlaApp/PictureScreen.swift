import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import Pictures
import SpeechKit
import TerminalKit

/// A post's pictures, one at a time as large as the window allows (issue 29): Tab goes to the next one
/// (each picture is a control), Esc back to the post, which is still under the marker.
///
/// Each picture is fetched once (the account keeps it) and decoded off the key loop; until it arrives its
/// view says it is loading, and a picture that cannot be shown says why.
final class PictureScreen: AppScreen, MessageReceiver {
    enum Message {
        case loaded(index: Int, Result<PictureLoad, MicroblogError>)
    }

    /// What loading one picture came to.
    enum PictureLoad: Sendable {
        case image(GrayImage)
        case failed(String)
    }

    unowned let app: AppContext
    let views: [PictureView]
    let toolbar: Toolbar
    /// The picture shown while the toolbar has the focus (the last one focused).
    private var shown = 0

    var title: String { app.string("pictures.view.title") }
    var helpIntro: String { app.string("pictures.view.help") }
    var controls: [any Control] { views }
    var initialFocus: Int { shown }

    init(app: AppContext, attachments: [MediaAttachment], drawer: any PictureDrawing) {
        self.app = app
        views = attachments.enumerated().map { [unowned app] index, attachment in
            PictureView(number: index + 1, count: attachments.count, description: attachment.description, drawer: drawer,
                        symbols: app.services.ascii ? .ascii : .blocks, pixelMode: { Self.pixelMode(app) })
        }
        toolbar = Toolbar(localizer: app.localizer)
        relocalize()
    }

    /// How pictures are drawn in pixels now: where the user turned it on, the terminal said it has pixel graphics
    /// and a pixel drawer is there; nil otherwise (characters).
    static func pixelMode(_ app: AppContext) -> PictureView.PixelMode? {
        guard app.settings.pictureGraphics, !app.services.pixelSupport.graphics.isEmpty, let drawer = app.services.pictures?.pixelDrawer else {
            return nil
        }
        return PictureView.PixelMode(drawer: drawer, support: app.services.pixelSupport)
    }

    /// Opens the pictures of `post` (its other media are not pictures: they are said with `a`), on the
    /// `at`th picture.
    static func open(app: AppContext, post: Post, at first: Int = 0) -> ScreenResponse {
        let pictures = post.media.filter(PictureReader.isPicture)
        guard !pictures.isEmpty else { return ScreenResponse([app.say(app.string("pictures.none"))]) }
        guard let reader = app.pictureReader, let drawer = app.services.pictures?.drawer else {
            return ScreenResponse([app.say(app.string("pictures.unavailable"), earcon: .error)])
        }
        let screen = PictureScreen(app: app, attachments: pictures, drawer: drawer)
        screen.shown = min(max(0, first), pictures.count - 1)
        let localizer = app.localizer, postId = post.id
        for (index, attachment) in pictures.enumerated() {
            app.call({ () async throws -> PictureLoad in
                do {
                    return .image(try await reader.picture(attachment, of: postId, atLeast: PictureReader.viewDecodeSize))
                } catch let error as PictureError {
                    return .failed(error.message(localizer))
                }
            }, for: screen, as: { .loaded(index: index, $0) })
        }
        return ScreenResponse(navigation: .push(screen))
    }

    func receive(_ message: Message) -> ScreenResponse {
        switch message {
        case .loaded(let index, .success(.image(let image))):
            views[index].content = .image(image)
            return .none
        case .loaded(let index, .success(.failed(let sentence))):
            views[index].content = .failed(sentence)
            return index == shown ? ScreenResponse([.say(Utterance(sentence, priority: .alert, earcon: .error))]) : .none
        case .loaded(let index, .failure(let error)):
            let sentence = error.message(app.localizer)
            views[index].content = .failed(sentence)
            return index == shown ? ScreenResponse([.say(Utterance(sentence, priority: .alert, earcon: .error))]) : .none
        }
    }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse { .none }

    /// The focused picture takes the whole body; the others are not drawn.
    func layout(in area: Rect, focus: Int, context: ControlContext) -> [Rect] {
        if focus < views.count { shown = focus }
        return views.indices.map { $0 == shown ? area : Rect(x: area.x, y: area.y, width: 0, height: 0) }
    }
}
