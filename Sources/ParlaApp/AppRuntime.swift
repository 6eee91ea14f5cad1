import BrailleKit
import Foundation
import MicroblogKit
import ParlaBase
import TerminalKit

/// What background work hands to the key loop.
public enum InboxMessage: Sendable {
    /// A piece of work finished; `id` names the handler waiting for it.
    case completed(id: Int, value: any Sendable)
    /// An engine event for the account named.
    case event(account: String, EngineEvent)
    /// The braille display connected, was lost, or one of its keys was pressed.
    case braille(BrailleEvent)
}

/// A thread-safe mailbox between tasks and the synchronous key loop.
///
/// Tasks post; the loop drains on each turn. Posting wakes the terminal's wait for a key, so
/// results show without a key press.
public final class AppInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [InboxMessage] = []
    private var closed = false
    private let waker: any TerminalWaker

    public init(waker: any TerminalWaker) { self.waker = waker }

    /// Adds a message and wakes the loop (unless the inbox was closed).
    public func post(_ message: InboxMessage) {
        let taken = lock.withLock { () -> Bool in
            guard !closed else { return false }
            messages.append(message)
            return true
        }
        if taken { waker.wake() }
    }

    /// Takes no more messages (the app is stopping).
    public func close() {
        lock.withLock { closed = true }
    }

    /// Takes every message waiting, oldest first.
    public func drain() -> [InboxMessage] {
        lock.withLock {
            defer { messages.removeAll() }
            return messages
        }
    }

    /// How many messages wait.
    public var count: Int { lock.withLock { messages.count } }
}

/// Runs engine calls on its executor and brings their results back to the key loop, in order.
///
/// Used only from the loop's thread: ``run(_:then:)`` starts work and remembers what to do with
/// its result; ``drain()`` (called on every turn) does it. The executor decides where the work runs:
/// concurrently in production, one piece at a time in start order under a test's `ManualExecutor`.
public final class AppRuntime {
    public let inbox: AppInbox
    private let executor: any WorkExecutor
    private var handlers: [Int: (any Sendable) -> Void] = [:]
    private var nextId = 0
    private var tasks: [Int: Task<Void, Never>] = [:]
    /// The accounts whose engines' events come to the inbox.
    private var listening: Set<String> = []
    /// Work whose end changes nothing on screen (``fire(_:)``).
    private var quiet: Set<Int> = []
    /// Called for each engine event as it is drained.
    public var onEvent: ((String, EngineEvent) -> Void)?
    /// Called on the loop's thread with each braille event.
    public var onBraille: ((BrailleEvent) -> Void)?

    public init(inbox: AppInbox, executor: any WorkExecutor = ConcurrentExecutor()) {
        self.inbox = inbox
        self.executor = executor
    }

    /// Starts `work`; `then` runs on the loop's thread with its result when it is drained.
    /// - Returns: an id that ``cancel(_:)`` takes.
    @discardableResult
    public func run<T: Sendable>(_ work: @escaping @Sendable () async throws -> T, then: @escaping (Result<T, MicroblogError>) -> Void) -> Int {
        nextId += 1
        let id = nextId
        handlers[id] = { value in
            if let result = value as? Result<T, MicroblogError> { then(result) }
        }
        let inbox = self.inbox
        tasks[id] = executor.start {
            let result: Result<T, MicroblogError>
            do {
                result = .success(try await work())
            } catch let error as MicroblogError {
                result = .failure(error)
            } catch is CancellationError {
                result = .failure(.cancelled)
            } catch {
                result = .failure(.malformedResponse(detail: String(describing: error)))
            }
            inbox.post(.completed(id: id, value: result))
        }
        return id
    }

    /// Starts work whose result nobody waits for (saving a draft).
    public func fire(_ work: @escaping @Sendable () async -> Void) {
        let id = run({ await work() }, then: { _ in })
        quiet.insert(id)
    }

    /// Cancels work: its result is dropped.
    public func cancel(_ id: Int) {
        tasks[id]?.cancel()
        handlers[id] = nil
        quiet.remove(id)
    }

    private func forget(_ id: Int) {
        tasks[id] = nil
        handlers[id] = nil
        quiet.remove(id)
    }

    /// Posts an account engine's events to the inbox as the engine emits them: an event a call caused
    /// is in the inbox before that call's result, so they are handled in the order they happened.
    public func listen(to engine: any AccountEngine, account: String) {
        guard listening.insert(account).inserted else { return }
        let inbox = self.inbox
        engine.observe { event in inbox.post(.event(account: account, event)) }
    }

    /// Stops every listener and task.
    public func stopAll() {
        inbox.close()
        for task in tasks.values { task.cancel() }
    }

    /// Work started and not yet drained.
    public var pendingCount: Int { handlers.count }

    /// Runs the handlers of everything that has come in; returns whether anything that may change
    /// the screen did (a result someone waited for, an engine event).
    @discardableResult
    public func drain() -> Bool {
        let messages = inbox.drain()
        var changed = false
        for message in messages {
            switch message {
            case .completed(let id, let value):
                tasks[id] = nil
                if quiet.remove(id) == nil { changed = true }
                guard let handler = handlers.removeValue(forKey: id) else { continue }
                handler(value)
            case .event(let account, let event):
                changed = true
                onEvent?(account, event)
            case .braille(let event):
                // A key of the display is a turn; the connection's news is braille's alone.
                if case .key = event { changed = true }
                onBraille?(event)
            }
        }
        return changed
    }

    /// Waits (without sleeping or polling) until every started piece of work has ended and its result
    /// was handled, oldest first; a test's executor runs the work meanwhile.
    ///
    /// - Returns: whether anything that may change the screen was handled meanwhile.
    @discardableResult
    public func settle() async -> Bool {
        var changed = drain()
        while !handlers.isEmpty || inbox.count > 0 {
            if let oldest = tasks.keys.min(), let task = tasks[oldest] {
                await executor.wait(for: task)
                if drain() { changed = true }
                // Its result was not taken (the inbox closed on stopping): nothing will come for it.
                if tasks[oldest] != nil { forget(oldest) }
            } else if drain() {
                changed = true
            }
        }
        return changed
    }
}
