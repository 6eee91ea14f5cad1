import LVControls
import MicroblogKit
import SpeechKit

extension TimelineScreen {
    /// Starts a call the user waits on (a refresh, a boost…) whose answer comes back as `message`
    /// with its token, and asks at once whether the server's limit will hold it back: then the wait
    /// is said with until when, shown on the where-line, and Escape cancels it; never a silent stall.
    func watchLimit<T: Sendable>(_ work: @escaping @Sendable () async throws -> T,
                                 as message: @escaping (Result<T, MicroblogError>, Int) -> Message) {
        let token = limitWait.nextToken()
        let id = app.call(work, for: self, as: { message($0, token) })
        limitWait.started(token, id: id)
        guard limitWait.until == nil, !limitWait.checking else { return }
        limitWait.checking = true
        let engine = app.engine
        app.call({ await engine.digest() }, for: self, as: { .budget($0) })
    }

    /// The budget as the calls started: when it is spent until later and a call still waits, that is said.
    func receiveBudget(_ result: Result<SinceYouLeft, MicroblogError>) -> ScreenResponse {
        limitWait.checking = false
        guard limitWait.isWaiting, case .success(let digest) = result, digest.budgetRemaining == 0,
              let reset = digest.budgetResetAt, reset > app.services.wallClock() else { return .none }
        limitWait.until = reset
        updateWhere()
        let text = MicroblogError.rateLimited(resetAt: reset).message(app.localizer, now: app.services.wallClock(), longWaitKey: "error.rate-limited-long.screen")
            + " " + app.string("feedback.limit.cancel")
        return ScreenResponse([.say(Utterance(text, priority: .alert, earcon: .loading))])
    }

    /// Escape while the server's limit holds the user's calls back cancels them (nothing changes);
    /// nil when no such wait was said.
    func cancelLimitWait() -> ScreenResponse? {
        guard limitWait.until != nil, limitWait.isWaiting else { return nil }
        var said = [app.say(app.string("feedback.limit.cancelled"), earcon: .cancel)]
        for id in limitWait.cancelAll() { said += app.cancel(id) }
        refreshing = false
        if entries.isEmpty { showCurrent() }
        updateWhere()
        return ScreenResponse(said)
    }
}
