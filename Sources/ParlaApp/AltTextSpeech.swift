import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import Pictures
import SpeechKit

/// What `a` says of a post's attachments: each one's description (with a video's or a sound's length and size);
/// for a picture without one, the text recognised in it on this computer ("No description. Text in the
/// picture: …"), read off the key loop and kept, so the second `a` answers at once, as does the first when
/// the setting read it as the post got focus (``AppContext/readPictureTexts(of:)``).
final class AltTextSpeech: MessageReceiver {
    /// What was said and the texts read on the way, by attachment id.
    struct Reading: Sendable {
        var sentences: [String]
        var texts: [String: String]
    }

    enum Message {
        case read(Result<Reading, MicroblogError>)
    }

    unowned let app: AppContext
    let post: Post

    private init(app: AppContext, post: Post) {
        self.app = app
        self.post = post
    }

    /// Says the descriptions of `post`'s attachments (the shown post: a boost's original), reading the text
    /// of undescribed pictures first when the picture libraries are there and it was not read before.
    static func respond(app: AppContext, post: Post) -> ScreenResponse {
        guard !post.media.isEmpty else { return ScreenResponse([app.say(app.string("screens.post.no-media"))]) }
        let localizer = app.localizer
        let sizes = post.media.map { app.mediaMemory.size($0, account: app.state.accountName) }
        let unread = !AppContext.undescribedPictures(of: post).isEmpty
        guard unread, let reader = app.pictureReader else {
            return ScreenResponse([utterance(described(post, sizes: sizes, localizer: localizer), post: post)])
        }
        if let known = app.knownPictureTexts(of: post) {
            let sentences = post.media.enumerated().map { index, attachment in
                known[attachment.id].map { recognizedSentence(AttachmentSentences.recognized($0, localizer: localizer), number: index + 1,
                                                              count: post.media.count, localizer: localizer) }
                    ?? describedSentence(attachment, number: index + 1, size: sizes[index], localizer: localizer)
            }
            return ScreenResponse([utterance(sentences.joined(separator: " "), post: post)])
        }
        let speech = AltTextSpeech(app: app, post: post)
        let media = post.media, language = post.language, postId = post.id
        app.call({ () async throws -> Reading in
            var reading = Reading(sentences: [], texts: [:])
            for (index, attachment) in media.enumerated() {
                guard !attachment.hasDescription, PictureReader.isPicture(attachment) else {
                    reading.sentences.append(describedSentence(attachment, number: index + 1, size: sizes[index], localizer: localizer))
                    continue
                }
                let said: String
                do {
                    let text = try await reader.text(attachment, of: postId, postLanguage: language)
                    reading.texts[attachment.id] = text
                    said = AttachmentSentences.recognized(text, localizer: localizer)
                } catch let error as PictureError {
                    said = localizer.string("pictures.no-description") + " " + error.message(localizer)
                }
                reading.sentences.append(recognizedSentence(said, number: index + 1, count: media.count, localizer: localizer))
            }
            return reading
        }, for: speech, evenIfClosed: true, as: Message.read)
        return ScreenResponse([app.say(app.string("pictures.reading"))])
    }

    func receive(_ message: Message) -> ScreenResponse {
        switch message {
        case .read(.success(let reading)):
            for (id, text) in reading.texts {
                guard let attachment = post.media.first(where: { $0.id == id }) else { continue }
                app.mediaMemory.read(attachment, account: app.state.accountName, text: text)
            }
            var said = Self.utterance(reading.sentences.joined(separator: " "), post: post)
            if case .say(var utterance) = said {
                utterance.priority = .alert
                said = .say(utterance)
            }
            return ScreenResponse([said])
        case .read(.failure(let error)):
            return app.report(error)
        }
    }

    /// What is said of an undescribed picture's text: alone, or "Attachment 2: …" among others.
    private static func recognizedSentence(_ said: String, number: Int, count: Int, localizer: Localizer) -> String {
        count == 1 ? said : localizer.string("pictures.attachment", ["n": String(number), "sentence": said])
    }

    /// "Attachment 1: a cat.", "Attachment 1 has no description.", or for a video or a sound with what is known
    /// of it, "Attachment 1, video, 1 minute 28 seconds, 12.3 MB: a heron flying." or "…: no description."
    private static func describedSentence(_ attachment: MediaAttachment, number: Int, size: Int?, localizer: Localizer) -> String {
        if AttachmentDetails.plays(attachment), let details = AttachmentDetails.text(attachment, size: size, localizer: localizer) {
            return localizer.string(attachment.hasDescription ? "media.attachment-details" : "media.attachment-details-missing", [
                "n": String(number), "kind": AttachmentSentences.kind(attachment, localizer: localizer), "details": details,
                "description": TextSafety.stripped(attachment.description ?? ""),
            ])
        }
        return attachment.hasDescription
            ? localizer.string("screens.post.alt", ["n": String(number), "alt": TextSafety.stripped(attachment.description ?? "")])
            : localizer.string("screens.post.alt-missing", ["n": String(number)])
    }

    private static func described(_ post: Post, sizes: [Int?], localizer: Localizer) -> String {
        post.media.enumerated().map { describedSentence($1, number: $0 + 1, size: sizes[$0], localizer: localizer) }.joined(separator: " ")
    }

    private static func utterance(_ text: String, post: Post) -> Announcement {
        .say(Utterance(text, language: post.language, earcon: post.media.allSatisfy(\.hasDescription) ? .cueMediaAlt : .cueMediaNoAlt))
    }
}
