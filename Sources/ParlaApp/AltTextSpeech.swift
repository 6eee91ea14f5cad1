import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import Pictures
import SpeechKit

/// What `a` says of a post's attachments: each one's description; for a picture without one, the text
/// recognised in it on this computer ("No description. Text in the picture: …"), read off the key loop
/// and kept, so the second `a` answers at once.
final class AltTextSpeech: MessageReceiver {
    enum Message {
        case read(Result<[String], MicroblogError>)
    }

    unowned let app: AppContext
    let post: Post

    private init(app: AppContext, post: Post) {
        self.app = app
        self.post = post
    }

    /// Says the descriptions of `post`'s attachments (the shown post: a boost's original), reading the text
    /// of undescribed pictures first when the picture libraries are there.
    static func respond(app: AppContext, post: Post) -> ScreenResponse {
        guard !post.media.isEmpty else { return ScreenResponse([app.say(app.string("screens.post.no-media"))]) }
        let unread = post.media.contains { !$0.hasDescription && PictureReader.isPicture($0) }
        guard unread, let reader = app.pictureReader else {
            return ScreenResponse([utterance(described(post, app: app), post: post)])
        }
        let speech = AltTextSpeech(app: app, post: post)
        let localizer = app.localizer
        let media = post.media, language = post.language, postId = post.id
        app.call({ () async throws -> [String] in
            var sentences: [String] = []
            for (index, attachment) in media.enumerated() {
                sentences.append(try await sentence(attachment, number: index + 1, count: media.count, reader: reader,
                                                    postId: postId, language: language, localizer: localizer))
            }
            return sentences
        }, for: speech, evenIfClosed: true, as: Message.read)
        return ScreenResponse([app.say(app.string("pictures.reading"))])
    }

    func receive(_ message: Message) -> ScreenResponse {
        switch message {
        case .read(.success(let sentences)):
            var said = Self.utterance(sentences.joined(separator: " "), post: post)
            if case .say(var utterance) = said {
                utterance.priority = .alert
                said = .say(utterance)
            }
            return ScreenResponse([said])
        case .read(.failure(let error)):
            return app.report(error)
        }
    }

    /// What is said of one attachment, its text read when it is an undescribed picture.
    private static func sentence(
        _ attachment: MediaAttachment, number: Int, count: Int, reader: PictureReader, postId: String, language: String?,
        localizer: Localizer
    ) async throws -> String {
        guard !attachment.hasDescription, PictureReader.isPicture(attachment) else {
            return describedSentence(attachment, number: number, localizer: localizer)
        }
        let said: String
        do {
            said = AttachmentSentences.recognized(try await reader.text(attachment, of: postId, postLanguage: language), localizer: localizer)
        } catch let error as PictureError {
            said = localizer.string("pictures.no-description") + " " + error.message(localizer)
        }
        return count == 1 ? said : localizer.string("pictures.attachment", ["n": String(number), "sentence": said])
    }

    /// "Attachment 1: a cat." or "Attachment 1 has no description."
    private static func describedSentence(_ attachment: MediaAttachment, number: Int, localizer: Localizer) -> String {
        attachment.hasDescription
            ? localizer.string("screens.post.alt", ["n": String(number), "alt": TextSafety.stripped(attachment.description ?? "")])
            : localizer.string("screens.post.alt-missing", ["n": String(number)])
    }

    private static func described(_ post: Post, app: AppContext) -> String {
        post.media.enumerated().map { describedSentence($1, number: $0 + 1, localizer: app.localizer) }.joined(separator: " ")
    }

    private static func utterance(_ text: String, post: Post) -> Announcement {
        .say(Utterance(text, language: post.language, earcon: post.media.allSatisfy(\.hasDescription) ? .cueMediaAlt : .cueMediaNoAlt))
    }
}
