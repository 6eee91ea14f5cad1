import LVControls
import MicroblogKit
import ParlaBase
import SpeechKit

extension AppContext {
    /// The longest a post is named in an outbox notice, in characters.
    static let postNameLength = 40

    /// "Sending", said as a post leaves the compose screen; what became of it takes its place (``tellOutbox(_:)``).
    var sendingNotice: Utterance { Utterance(string("screens.compose.sending"), priority: .alert, earcon: .activate) }

    /// Says what became of a post in the outbox, short and naming it ("Sent: Good morning,
    /// everyone!"): at once when the event carries the post, else once the outbox was read. "Sending", if it still
    /// waits to be said behind it, is no longer said: the last word heard is what became of the post.
    func tellOutbox(_ event: EngineEvent) -> [Announcement] {
        switch event {
        case .postSent(_, let post):
            return [.withdraw(sendingNotice), outboxNotice(event, name: sentName(post))]
        case .postQueued(let id, _), .postFailed(let id, _):
            let engine = self.engine
            services.runtime.run({ () async -> OutboxItem? in await engine.outbox().first { $0.id == id } }) { [weak self] result in
                guard let self else { return }
                let item = (try? result.get()) ?? nil
                let name = item.map { Self.postName($0.post.text) }.flatMap { $0.isEmpty ? nil : $0 } ?? self.string("feedback.outbox.unnamed")
                let notice = self.outboxNotice(event, name: name, unconfirmed: item?.state == .unconfirmed)
                if case .postFailed = event, case .say(let utterance) = notice { self.request(.show(utterance.text)) }
                self.respond(ScreenResponse([.withdraw(self.sendingNotice), notice]))
            }
            return []
        default:
            return []
        }
    }

    /// - Parameter unconfirmed: the server's answer to the post could not be read, so it may be published.
    private func outboxNotice(_ event: EngineEvent, name: String, unconfirmed: Bool = false) -> Announcement {
        switch event {
        case .postQueued:
            return .say(Utterance(string("feedback.outbox.queued", ["post": name]), priority: .answer, earcon: .error))
        case .postFailed(_, let reason):
            let key = unconfirmed ? "feedback.outbox.unconfirmed" : "feedback.outbox.failed"
            var text = string(key, ["post": name, "reason": reason.message(localizer)])
            if reason == .unauthorized {
                text += " " + string("screens.error.login-again", ["account": TextSafety.stripped(state.accountName)])
            }
            return .say(Utterance(text, priority: .answer, earcon: .error))
        default:
            // An answer: the user's own post going out is said at once, never dropped behind a long reading.
            return .say(Utterance(string("feedback.outbox.sent", ["post": name]), priority: .answer, earcon: .sent))
        }
    }

    /// A post sent, named by its first words and what came with it: "Good morning. With 1 image,
    /// behind the content warning Spoilers."
    func sentName(_ post: Post) -> String {
        var with: [String] = []
        if !post.media.isEmpty {
            let images = post.media.allSatisfy { $0.kind == .image }
            with.append(localizer.plural(images ? "result.sent.images" : "result.sent.files", count: post.media.count, placeholder: "n"))
        }
        if post.poll != nil { with.append(string("result.sent.poll")) }
        let warning = TextSafety.stripped(post.spoilerText).trimmingCharacters(in: .whitespaces)
        if !warning.isEmpty { with.append(string("result.sent.warning", ["warning": warning])) }
        let name = Self.postName(text(Self.withoutLeadingMentions(post.content)).spoken)
        guard !with.isEmpty else { return name }
        let details = with.joined(separator: string("post.separator"))
        let sentence = details.prefix(1).uppercased() + details.dropFirst()
        return [name, sentence + "."].filter { !$0.isEmpty && $0 != "." }.joined(separator: " ")
    }

    /// The text without the mentions it opens with (a reply's "@tom"): a post is named by its own first words.
    /// A text of nothing but mentions is kept whole.
    static func withoutLeadingMentions(_ rich: RichText) -> RichText {
        var runs = rich.runs[...]
        while let first = runs.first {
            switch first {
            case .mention: runs.removeFirst()
            case .text(let words) where words.allSatisfy(\.isWhitespace): runs.removeFirst()
            default: return runs.isEmpty ? rich : RichText(Array(runs))
            }
        }
        return rich
    }

    /// The first words of a post, at most ``postNameLength`` characters, cut at a word ("…" after),
    /// ending a sentence.
    static func postName(_ text: String) -> String {
        let words = TextSafety.stripped(text).split(whereSeparator: \.isWhitespace)
        var name = ""
        for word in words {
            let next = name.isEmpty ? String(word) : name + " " + word
            guard next.count <= postNameLength else { return (name.isEmpty ? String(word.prefix(postNameLength)) : name) + "…" }
            name = next
        }
        if let last = name.last, !".!?…".contains(last) { name += "." }
        return name
    }
}
