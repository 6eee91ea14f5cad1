import MicroblogKit
import ParlaBase

extension SpeechText {
    /// The default line's short flags for what it does not read whole (``PostTemplate`` `$flags`): who is
    /// quoted, how many attachments and whether they are described, a poll. One sentence: "Quoting Bea
    /// Ruiz, 2 images, poll."; empty when there is nothing to flag. The reader and the `all` level read
    /// them whole.
    func flags(of post: Post, sensitive: Bool) -> Text {
        var parts: [String] = []
        if let quote = post.quote {
            if quote.state == .accepted, let quoted = quote.post?.value, !quoted.isHiddenByFilter {
                let author = plain(quoted.account.name, emojis: quoted.account.emojis ?? [])
                parts.append(string("post.flag.quote.by", ["name": author.spoken]))
            } else {
                parts.append(string("post.flag.quote"))
            }
        }
        if !post.media.isEmpty {
            parts.append(mediaFlag(post.media, sensitive: sensitive))
        }
        if post.poll != nil { parts.append(string("post.flag.poll")) }
        guard !parts.isEmpty else { return .empty }
        let joined = parts.joined(separator: string("lv.separator"))
        let said = Self.sentence(joined.prefix(1).uppercased() + joined.dropFirst())
        return Text(display: said, spoken: said)
    }

    /// "2 images", "1 video without description, 1 minute 29 seconds", "3 attachments", "2 sensitive attachments":
    /// a video's or a sound's length follows when the post carries it (as Mastodon measured it; nothing is asked).
    private func mediaFlag(_ media: [MediaAttachment], sensitive: Bool) -> String {
        if sensitive && !options.opened { return plural("post.flag.media.sensitive", media.count) }
        let kinds = Set(media.map(\.kind))
        let kind = kinds.count == 1 && MediaKind.known.contains(media[0].kind) ? media[0].kind.rawValue : "other"
        let described = media.allSatisfy(\.hasDescription)
        let flag = plural("post.flag.media.\(kind)" + (described ? "" : ".none"), media.count)
        let lengths = media.filter(\.kind.plays).compactMap(\.duration)
            .map { PlayingTimeText.words($0, localizer: localizer) }
        return ([flag] + lengths).joined(separator: string("lv.separator"))
    }
}
