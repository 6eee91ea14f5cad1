import Foundation

extension SpeechQueue {
    var isIdleLocked: Bool {
        current == nil && pendingFocus == nil && answers.isEmpty && alerts.isEmpty && notifications.isEmpty
    }

    var nowMs: Int64 { clock.now().milliseconds }

    func sayLocked(_ utterance: Utterance) {
        let settings = settingsStorage
        if utterance.priority == .interruptAll {
            cutLocked()
            clearWaitingLocked(keepAlerts: false)
            earcons?.stopEarcons()
        }
        if settings.earconsOnly || utterance.text.isEmpty {
            playEarconsLocked(of: utterance)
            if !utterance.text.isEmpty, utterance.priority != .notification { lastRepeatable = utterance }
            return
        }
        if backend.schedulesItself {
            if utterance.priority != .notification {
                lastRepeatable = utterance
            }
            if utterance.priority.endsWhenFocusMoves {
                alertHandedOver = true
            } else if utterance.priority == .answer {
                alertHandedOver = false
            }
            startLocked(utterance)
            return
        }
        let waiting = Waiting(utterance: utterance, since: clock.now())
        switch utterance.priority {
        case .focus, .interruptAll:
            lastRepeatable = utterance
            pendingFocus = waiting
            if let active = current, !active.utterance.priority.holdsAgainstFocus { cutLocked() }
        case .alert:
            lastRepeatable = utterance
            alerts.append(waiting)
        case .answer:
            lastRepeatable = utterance
            answers.append(waiting)
            if let active = current, !active.utterance.priority.holdsAgainstFocus { cutLocked() }
        case .urgent:
            lastRepeatable = utterance
            alerts.insert(waiting, at: alerts.firstIndex { $0.utterance.priority != .urgent } ?? alerts.count)
            if let active = current, !active.utterance.priority.holdsAgainstFocus {
                cutLocked()
                // The focus cut was not heard whole: it is said again after, unless a newer one waits.
                if active.utterance.priority == .focus, pendingFocus == nil {
                    var again = active.utterance
                    again.earcon = nil
                    again.leadingEarcon = nil
                    pendingFocus = Waiting(utterance: again, since: clock.now())
                }
            }
        case .notification:
            if let key = utterance.coalesceKey,
                let index = notifications.firstIndex(where: { $0.utterance.coalesceKey == key })
            {
                notifications[index] = waiting
            } else {
                notifications.append(waiting)
            }
        }
        startNextLocked()
    }

    /// Starts the most urgent waiting utterance if nothing is being said.
    func startNextLocked() {
        guard current == nil, !backend.schedulesItself else { return }
        if !answers.isEmpty {
            startLocked(answers.removeFirst().utterance)
            return
        }
        if !alerts.isEmpty {
            startLocked(alerts.removeFirst().utterance)
            return
        }
        if let focus = pendingFocus {
            pendingFocus = nil
            startLocked(focus.utterance)
            return
        }
        let now = clock.now()
        while !notifications.isEmpty {
            let next = notifications.removeFirst()
            let lifetime = next.utterance.coalesceKey == nil ? policy.notificationLifetime : policy.notificationLifetime * 4
            if now - next.since <= lifetime {
                startLocked(next.utterance)
                return
            }
        }
    }

    func startLocked(_ utterance: Utterance) {
        let interface = settingsStorage.voice.language
        let segments = utterance.spelled ? [] : utterance.resolvedSegments(interface: interface)
        let mixed = segments.count > 1
        let language = mixed ? (utterance.language ?? interface) : (segments.first?.language ?? utterance.language ?? interface)
        let id = nextID
        nextID += 1
        playEarconsLocked(of: utterance)
        transcript?.record(
            TranscriptEntry(
                tMs: nowMs, kind: .speech, text: utterance.text, priority: utterance.priority, lang: language, id: id,
                segments: mixed ? segments.map { TranscriptEntry.Segment(lang: $0.language ?? interface, text: $0.text) } : nil))
        word = nil
        if !backend.schedulesItself { current = Active(id: id, utterance: utterance, language: language) }
        if mixed {
            backend.speak(SpeechRequest(id: id, segments: segments, language: language, priority: utterance.priority))
        } else {
            backend.speak(
                SpeechRequest(
                    id: id, text: utterance.text, language: language, priority: utterance.priority,
                    spelled: utterance.spelled))
        }
    }

    /// Cuts what is being said now (if anything) and writes the interrupt line.
    func cutLocked() {
        if backend.schedulesItself {
            backend.cancel()
            transcript?.record(TranscriptEntry(tMs: nowMs, kind: .interrupt))
            return
        }
        guard let active = current else { return }
        current = nil
        word = nil
        backend.cancel()
        transcript?.record(
            TranscriptEntry(
                tMs: nowMs, kind: .interrupt, text: active.utterance.text, priority: active.utterance.priority,
                lang: active.language, id: active.id))
    }

    /// Drops `utterance` wherever it waits and cuts it if it is being said, then goes on with the rest.
    /// A backend that schedules itself cannot cut one utterance alone: there it is left to finish.
    func withdrawLocked(_ utterance: Utterance) {
        alerts.removeAll { $0.utterance == utterance }
        answers.removeAll { $0.utterance == utterance }
        notifications.removeAll { $0.utterance == utterance }
        if pendingFocus?.utterance == utterance { pendingFocus = nil }
        guard !backend.schedulesItself, current?.utterance == utterance else { return }
        cutLocked()
        startNextLocked()
    }

    func clearWaitingLocked(keepAlerts: Bool) {
        pendingFocus = nil
        notifications.removeAll()
        if !keepAlerts {
            alerts.removeAll()
            answers.removeAll()
        }
    }

    func playEarconLocked(_ earcon: Earcon, for utterance: Utterance?) {
        guard settingsStorage.sounds, let earcons else { return }
        earcons.play(earcon)
        transcript?.record(
            TranscriptEntry(
                tMs: nowMs, kind: .earcon, sound: earcon.rawValue, priority: utterance?.priority,
                lang: utterance.map { $0.language ?? settingsStorage.voice.language }))
    }

    /// An utterance's earcons: its ``Utterance/leadingEarcon`` and then its ``Utterance/earcon``, one
    /// after the other (one line each in the transcript, in that order), or the earcon alone.
    func playEarconsLocked(of utterance: Utterance) {
        guard let earcon = utterance.earcon ?? utterance.leadingEarcon else { return }
        guard let leading = utterance.leadingEarcon, utterance.earcon != nil else {
            playEarconLocked(earcon, for: utterance)
            return
        }
        guard settingsStorage.sounds, let earcons else { return }
        earcons.play(sequence: [leading, earcon])
        for sound in [leading, earcon] {
            transcript?.record(
                TranscriptEntry(
                    tMs: nowMs, kind: .earcon, sound: sound.rawValue, priority: utterance.priority,
                    lang: utterance.language ?? settingsStorage.voice.language))
        }
    }

    func takeIdleWaitersLocked() -> [@Sendable () -> Void] {
        guard isIdleLocked, !idleWaiters.isEmpty else { return [] }
        defer { idleWaiters.removeAll() }
        return idleWaiters
    }

    /// A backend event: a word reached, or the current utterance done.
    func handle(_ event: SpeechBackendEvent) {
        let waiters: [@Sendable () -> Void] = lock.withLock {
            switch event {
            case .word(let id, let offset, let length):
                if let active = current, active.id == id {
                    word = SpokenWord(utterance: active.utterance.text, offset: offset, length: length)
                }
            case .finished(let id):
                if let active = current, active.id == id {
                    current = nil
                    word = nil
                    startNextLocked()
                }
            case .failed(let id, let error):
                if !failures.contains(error) { failures.append(error) }
                if let active = current, active.id == id {
                    current = nil
                    startNextLocked()
                }
            }
            return takeIdleWaitersLocked()
        }
        waiters.forEach { $0() }
    }
}
