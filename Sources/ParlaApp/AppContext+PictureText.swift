import MicroblogKit
import Pictures

extension AppContext {
    /// The undescribed pictures of a post, the ones whose text is read.
    static func undescribedPictures(of post: Post) -> [MediaAttachment] {
        post.media.filter { !$0.hasDescription && PictureReader.isPicture($0) }
    }

    /// With "Recognise text in undescribed pictures" on, starts reading the text of `post`'s undescribed
    /// pictures (the shown post: a boost's original) as it gets focus: off the key loop, at background priority,
    /// once per picture (kept with the account's files and in ``mediaMemory``). Nothing is said when it is
    /// read: `a` and the reader then answer with it at once.
    func readPictureTexts(of post: Post?) {
        guard settings.recognizeUndescribedPictures, let post, let reader = pictureReader else { return }
        let account = state.accountName
        let memory = mediaMemory
        for attachment in Self.undescribedPictures(of: post) where !memory.isReadOrReading(attachment, account: account) {
            let postId = post.id, language = post.language
            let task = services.runtime.run({ try await reader.text(attachment, of: postId, postLanguage: language) }) { result in
                memory.read(attachment, account: account, text: try? result.get())
            }
            memory.started(attachment, account: account, task: task)
        }
    }

    /// Stops the recognitions running (the setting was turned off): their pictures are read again only when asked.
    func stopReadingPictureTexts() {
        for task in mediaMemory.stopReading() { services.runtime.cancel(task) }
    }

    /// The text already read in each of `post`'s undescribed pictures, by attachment id; nil when one is not known yet.
    func knownPictureTexts(of post: Post) -> [String: String]? {
        var known: [String: String] = [:]
        for attachment in Self.undescribedPictures(of: post) {
            guard let text = mediaMemory.text(attachment, account: state.accountName) else { return nil }
            known[attachment.id] = text
        }
        return known
    }
}
