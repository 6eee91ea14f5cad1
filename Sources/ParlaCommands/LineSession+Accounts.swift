import Foundation
import MicroblogKit
import ParlaBase
import ParlaEngine

extension LineSession {
    /// What waits in the outbox (queued or refused), each with its id, state and last error.
    public func outbox() async throws -> LineOutput {
        let items = try await openEngine().queuedPosts()
        let paragraphs = items.map { item -> Paragraph in
            var lines = [localizer.string("line.outbox.\(item.state.rawValue)", [
                "text": TextSafety.stripped(item.post.text), "attempts": String(item.attempts),
            ])]
            if let error = item.lastError {
                lines.append(localizer.string("line.outbox.reason", ["reason": error.message(localizer, now: formatter.now)]))
            }
            lines.append(localizer.string("line.id", ["id": item.id]))
            return Paragraph(text: lines.joined(separator: "\n"), spoken: lines.dropLast().joined(separator: " "), language: nil)
        }
        let json = items.map {
            OutboxJSON(id: $0.id, state: $0.state.rawValue, text: TextSafety.stripped($0.post.text), attempts: $0.attempts,
                       lastError: $0.lastError.map { $0.message(localizer, now: formatter.now) }, createdAt: LineFormatter.date($0.createdAt))
        }
        return LineOutput(paragraphs: paragraphs, json: LineFormatter.encode(json), empty: localizer.string("line.empty.outbox"))
    }

    /// Sends every queued post now (and refused ones named by `ids`), reporting each result.
    public func retryOutbox(ids: [String]) async throws -> LineOutput {
        let engine = try await openEngine()
        let queued = try await engine.queuedPosts()
        if let missing = ids.first(where: { id in !queued.contains { $0.id == id } }) { throw LineCommandError.noOutboxItem(id: missing) }
        var paragraphs: [Paragraph] = []
        var sent: [Post] = []
        for attempt in try await engine.sendDue(retrying: ids) {
            let text: String
            switch attempt {
            case .sent(_, let post):
                sent.append(post)
                text = localizer.string("line.posted", ["id": TextSafety.stripped(post.id)])
            case .queued(_, let reason):
                text = LineCommandError.queued(reason).message(localizer, now: formatter.now)
            case .failed(_, let reason):
                text = LineCommandError.refused(reason).message(localizer, now: formatter.now)
            case .unconfirmed(let id, let reason):
                text = LineCommandError.unconfirmed(reason, outboxId: id).message(localizer, now: formatter.now)
            }
            paragraphs.append(Paragraph(text: text, spoken: text, language: nil))
        }
        let done = sent
        // Nothing was due, yet the outbox keeps posts (refused, or not confirmed): say so, and how to send one again.
        let kept = try await engine.queuedPosts().count
        let empty = kept == 0 ? localizer.string("line.empty.outbox") : localizer.plural("line.outbox.nothing-due", count: kept)
        return LineOutput(paragraphs: paragraphs, json: formatter.json(done), empty: empty)
    }

    /// Removes an item from the outbox.
    public func discardOutbox(id: String) async throws -> LineOutput {
        guard try await openEngine().discardQueued(id: id) else { throw LineCommandError.noOutboxItem(id: id) }
        return .done(localizer.string("line.outbox.discarded"))
    }

    /// The rate-limit budget: calls left, when the window resets, what waits.
    public func budget(timeZone: TimeZone = .current) async throws -> LineOutput {
        var snapshot = await account.budget.snapshot()
        if snapshot.remaining == nil {
            // Nothing known yet: one cheap call reads the server's headers.
            _ = try await openEngine().instance()
            snapshot = await account.budget.snapshot()
        }
        let text = snapshot.message(localizer, timeZone: timeZone, now: formatter.now)
        let json = BudgetJSON(
            remaining: snapshot.remaining, limit: snapshot.limit, resetAt: snapshot.resetAt.map(LineFormatter.date), queued: snapshot.queuedTotal)
        return .done(text, json: LineFormatter.encode(json))
    }
}

struct OutboxJSON: Encodable {
    var id: String
    var state: String
    var text: String
    var attempts: Int
    var lastError: String?
    var createdAt: String
}

struct BudgetJSON: Encodable {
    var remaining: Int?
    var limit: Int?
    var resetAt: String?
    var queued: Int
}
