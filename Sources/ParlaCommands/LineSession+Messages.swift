import Foundation
import MicroblogKit
import ParlaBase

/// `parla dm`: writing to one person privately, as the account's network does it.
extension LineSession {
    /// Writes to someone privately: a post of direct visibility where the network's direct messages are posts
    /// (Mastodon's, through the outbox like any post), else a message of the network's chat (Bluesky's), sent
    /// at once.
    ///
    /// - Parameters:
    ///   - acct: who to write to (`@handle`).
    ///   - text: the message, without the handle.
    ///   - language: the language of a direct post.
    public func directMessage(to acct: String, text: String, language: String?) async throws -> LineOutput {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw LineCommandError.emptyPost }
        if account.capabilities.offers(.direct) {
            return try await publish(NewPost(text: "@" + Self.handle(acct) + " " + text, visibility: .direct, language: language))
        }
        try account.capabilities.require(.directMessages)
        let engine = try await openEngine()
        let user = try await lookup(acct)
        let message = try await engine.sendDirectMessage(text, toAccountId: user.id)
        let json = DirectMessageJSON(
            id: message.id, conversationId: message.conversationId, acct: user.acct, text: message.text, sentAt: LineFormatter.date(message.sentAt))
        return .done(localizer.string("bluesky-line.message-sent", ["handle": "@" + TextSafety.stripped(user.acct)]), json: LineFormatter.encode(json))
    }
}

/// A chat message as `--json` prints it: its id and conversation, to whom (`acct`), the text and when.
struct DirectMessageJSON: Encodable {
    var id: String
    var conversationId: String
    var acct: String
    var text: String
    var sentAt: String
}
