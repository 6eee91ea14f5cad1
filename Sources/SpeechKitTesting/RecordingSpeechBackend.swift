import Foundation
import SpeechKit

/// A speech backend that only records, for tests: the test decides when speech starts,
/// reaches a word and finishes.
public final class RecordingSpeechBackend: SpeechBackend, @unchecked Sendable {
    /// One call the queue made.
    public enum Call: Hashable, Sendable {
        case speak(id: UInt64, text: String)
        case cancel
        case apply(VoiceSettings)
    }

    private let lock = NSLock()
    private var handler: (@Sendable (SpeechBackendEvent) -> Void)?
    private var recordedCalls: [Call] = []
    private var requests: [SpeechRequest] = []
    private var speaking: SpeechRequest?
    private let selfScheduling: Bool

    /// Creates a recorder; `schedulesItself` mimics speech-dispatcher.
    public init(schedulesItself: Bool = false) { selfScheduling = schedulesItself }

    public var schedulesItself: Bool { selfScheduling }

    public func setEventHandler(_ handler: @escaping @Sendable (SpeechBackendEvent) -> Void) {
        lock.withLock { self.handler = handler }
    }

    public func apply(_ settings: VoiceSettings) { lock.withLock { recordedCalls.append(.apply(settings)) } }

    public func speak(_ request: SpeechRequest) {
        lock.withLock {
            recordedCalls.append(.speak(id: request.id, text: request.text))
            requests.append(request)
            speaking = request
        }
    }

    public func cancel() {
        lock.withLock {
            recordedCalls.append(.cancel)
            speaking = nil
        }
    }

    public func shutdown() {}

    /// Every call, in order.
    public var calls: [Call] { lock.withLock { recordedCalls } }
    /// Every request handed over, in order.
    public var spoken: [SpeechRequest] { lock.withLock { requests } }
    /// The texts handed over, in order.
    public var texts: [String] { spoken.map(\.text) }
    /// The request being said now (handed over, not cancelled or finished).
    public var current: SpeechRequest? { lock.withLock { speaking } }

    /// Reports that the current request was said to the end.
    public func finishCurrent() {
        guard let request = current else { return }
        lock.withLock { speaking = nil }
        send(.finished(id: request.id))
    }

    /// Reports that the current request reached the word at `offset` of `length` characters.
    public func reachWord(offset: Int, length: Int) {
        guard let request = current else { return }
        send(.word(id: request.id, offset: offset, length: length))
    }

    /// Reports that the current request failed.
    public func failCurrent(_ error: SpeechError) {
        guard let request = current else { return }
        lock.withLock { speaking = nil }
        send(.failed(id: request.id, error))
    }

    private func send(_ event: SpeechBackendEvent) {
        let handler = lock.withLock { self.handler }
        handler?(event)
    }
}
