import Foundation
import LVControls
import MicroblogKit
import SpeechKit

extension AppContext {
    /// Starts an action the user waits on (follow, vote) as ``call(_:for:evenIfClosed:as:)`` does, and asks at
    /// once whether the server's limit will hold it back: then that is said with until when, and Escape (on
    /// any screen) cancels it, nothing changed; never a silent stall.
    @discardableResult
    func callWatchingLimit<T: Sendable, S: MessageReceiver>(
        _ work: @escaping @Sendable () async throws -> T, for screen: S, evenIfClosed: Bool = false,
        as message: @escaping (Result<T, MicroblogError>) -> S.Message
    ) -> Int {
        let box = CallId()
        let id = call(work, for: screen, evenIfClosed: evenIfClosed, as: { [weak self] result in
            self?.watchedCalls.remove(box.id)
            self?.heldByLimit.remove(box.id)
            return message(result)
        })
        box.id = id
        watchedCalls.insert(id)
        let engine = self.engine
        services.runtime.run({ await engine.budget() }) { [weak self] result in
            guard let self, case .success(let snapshot?) = result, snapshot.remaining == 0, let reset = snapshot.resetAt,
                  reset > self.services.wallClock(), self.watchedCalls.contains(id) else { return }
            let first = self.heldByLimit.isEmpty
            self.heldByLimit.insert(id)
            guard first else { return }
            let text = MicroblogError.rateLimited(resetAt: reset).message(
                self.localizer, now: self.services.wallClock(), longWaitKey: "error.rate-limited-long.screen")
                + " " + self.string("feedback.limit.cancel")
            self.respond(ScreenResponse([.say(Utterance(text, priority: .alert, earcon: .loading))]))
        }
        return id
    }

    /// Escape while the server's limit holds actions back: they are cancelled and that is said; nil when
    /// none is held (the key goes on as usual).
    func cancelHeldByLimit() -> ScreenResponse? {
        guard !heldByLimit.isEmpty else { return nil }
        var said = [say(string("feedback.limit.cancelled"), earcon: .cancel)]
        for id in heldByLimit.sorted() {
            said += cancel(id)
            watchedCalls.remove(id)
        }
        heldByLimit = []
        return ScreenResponse(said)
    }
}

/// The id of a call, known once the call has started (its answer's closure is made before).
private final class CallId {
    var id = 0
}
