import Foundation
import MicroblogKit

/// Sending from the outbox while the caller waits for the answer (line mode), rather than in the
/// background (the screens' ``send(_:)``): the same outbox, so a post is sent exactly once and never lost.
extension Engine {
    /// Queues a post and sends it now, after the older queued posts (a reply must not overtake the post it
    /// answers), and answers what became of it: sent, refused (kept in the outbox), not confirmed, or
    /// still queued (Parla sends it later) with the reason. When an older post stays queued the new one
    /// waits behind it: queued, with that reason.
    ///
    /// - Throws: ``MicroblogError/storage(detail:)`` when the outbox cannot keep the post (nothing is sent).
    public func sendNow(_ post: NewPost) async throws -> Outbox.Attempt {
        let item = try await outboxStore.enqueue(post)
        while let attempt = await outboxStore.sendNext() {
            switch attempt {
            case .sent(let id, _) where id == item.id, .failed(let id, _) where id == item.id, .unconfirmed(let id, _) where id == item.id:
                return attempt
            case .queued(_, let transient):
                return .queued(outboxId: item.id, reason: transient)
            default:
                continue
            }
        }
        // Another `parla` sharing the account may have sent the post, or be sending it, meanwhile.
        return await outboxStore.settle(item) ?? .queued(outboxId: item.id, reason: .cancelled)
    }

    /// Makes the named refused or unconfirmed posts due, then sends every due post now, oldest first,
    /// until one stays queued; answers each attempt in order.
    ///
    /// - Throws: ``MicroblogError/notFound`` when a named post is not in the outbox (nothing is sent).
    public func sendDue(retrying ids: [String]) async throws -> [Outbox.Attempt] {
        for id in ids where try await outboxStore.item(id: id) == nil { throw MicroblogError.notFound }
        for id in ids { try await outboxStore.retryNow(id: id) }
        var attempts: [Outbox.Attempt] = []
        while let attempt = await outboxStore.sendNext() {
            attempts.append(attempt)
            if case .queued = attempt { break }
        }
        return attempts
    }

    /// Everything waiting or refused in the outbox, oldest first.
    ///
    /// - Throws: ``MicroblogError/storage(detail:)`` when the outbox cannot be read.
    public func queuedPosts() async throws -> [OutboxItem] {
        try await outboxStore.items()
    }

    /// Removes a post from the outbox (unless it is being sent this moment); false when there is none with that id.
    public func discardQueued(id: String) async throws -> Bool {
        guard try await outboxStore.item(id: id) != nil else { return false }
        _ = try await outboxStore.discard(id: id)
        return true
    }
}
