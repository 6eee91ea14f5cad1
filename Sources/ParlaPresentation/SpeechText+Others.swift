import Foundation
import MicroblogKit
import ParlaBase

extension SpeechText {
    /// A notification: "Ana favourited your post: …", "Ana follows you", "A poll you voted in has ended: …".
    ///
    /// The post is given by its content warning when it has one (and the body is not asked for), else
    /// by its text; a poll notification reads the results.
    public func present(_ notification: MicroblogNotification, now: Date) -> Output {
        let who = plain(notification.account.name)
        let kind = NotificationKind.known.contains(notification.kind) ? notification.kind.rawValue : "other"
        let what = Text(display: string("post.notification.\(kind)", ["name": who.display]),
                        spoken: string("post.notification.\(kind)", ["name": who.spoken]))
        let when = relativeTime(notification.createdAt, now: now)
        var about = Text.empty
        if let post = notification.post?.shown {
            let values = variables(of: post, now: now)
            let parts = ["cw", "text", "media"].compactMap { values[$0] }.filter { !$0.spoken.isEmpty || !$0.display.isEmpty }
            about = Text(display: parts.map(\.display).joined(separator: "\n\n"), spoken: parts.map(\.spoken).joined(separator: " "))
            if notification.kind == .poll, let poll = values["poll"] {
                about = Text(display: [about.display, poll.display].filter { !$0.isEmpty }.joined(separator: "\n\n"),
                             spoken: [about.spoken, poll.spoken].filter { !$0.isEmpty }.joined(separator: " "))
            }
        }
        let line = about.display.isEmpty ? what.display : what.display + ": " + about.display.replacingNewlines
        let display = about.display.isEmpty ? what.display : what.display + ":\n\n" + about.display
        let spoken = about.spoken.isEmpty
            ? Self.sentence(what.spoken) + " " + when.spoken
            : what.spoken + ": " + Self.sentence(about.spoken) + " " + when.spoken
        return Output(display: display, line: line, spoken: spoken,
                      language: about.spoken.isEmpty ? nil : Self.voiceLanguage(notification.post?.shown.language))
    }

    /// An account: the bio on screen; name and handle in a row; name, handle and (in full) bio and counts said.
    public func present(_ account: Account, level: PostTemplate.Level) -> Output {
        let name = plain(account.name)
        let handle = handle(account.acct)
        let bio = body(account.note)
        var spoken = string("post.account.spoken", ["name": name.spoken, "handle": handle.spoken])
        if level == .full {
            spoken = Self.sentence(spoken)
            if !bio.spoken.isEmpty { spoken += " " + Self.sentence(bio.spoken) }
            spoken += " " + Self.sentence(account.counts(localizer))
        }
        return Output(display: bio.display, line: name.display + " " + handle.display, spoken: spoken, language: nil)
    }

    /// The links of a post that are not mentions or hashtags: what is said (the domain, or the link's
    /// words) and the address.
    public func links(in post: Post) -> [(label: String, url: String)] {
        HTMLText.pieces(post.shown.content).compactMap { piece in
            guard case .link(let url, let text, _) = piece else { return nil }
            let address = TextSafety.cleaned(url)
            let words = plain(text).display
            let label = text.contains("://") || text.hasPrefix("www.") ? (Self.domain(of: address) ?? words) : words
            return (label: label, url: address)
        }
    }
}
