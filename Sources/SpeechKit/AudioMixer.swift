/// Mixes speech and earcons into one stream, a chunk at a time. Not thread-safe: the
/// ``AudioEngine`` holds it under its lock.
struct AudioMixer {
    /// An end-of-utterance marker: `completion` runs once the speech before `position` was written.
    struct Marker {
        var position: Int
        var completion: @Sendable () -> Void
    }

    struct Voice {
        var samples: [Int16]
        var position = 0
        var remaining: Int { samples.count - position }
    }

    private(set) var speech: [Int16] = []
    private var readIndex = 0
    /// Total speech samples ever taken out (positions for markers).
    private var consumed = 0
    /// The utterance whose speech is accepted now (0: none).
    private(set) var acceptedID: UInt64 = 0
    private var markers: [Marker] = []
    /// Where the accepted utterance's first sample is (in taken-out positions).
    private var utteranceStart = 0
    private var voices: [Voice] = []

    var speechAvailable: Int { speech.count - readIndex }
    var hasAudio: Bool { speechAvailable > 0 || !voices.isEmpty }

    /// Accepts speech of utterance `id` from now on.
    mutating func begin(_ id: UInt64) {
        acceptedID = id
        utteranceStart = consumed + speechAvailable
    }

    /// Appends speech; false (and nothing kept) when `id` is not the accepted utterance.
    mutating func append(_ samples: UnsafeBufferPointer<Int16>, id: UInt64) -> Bool {
        guard id == acceptedID, id != 0 else { return false }
        speech.append(contentsOf: samples)
        return true
    }

    /// Marks the end of utterance `id`; returns false when it is not accepted (nothing marked).
    mutating func end(_ id: UInt64, completion: @escaping @Sendable () -> Void) -> Bool {
        guard id == acceptedID, id != 0 else { return false }
        let end = consumed + speechAvailable
        for index in markers.indices { markers[index].position = min(markers[index].position, end) }
        markers.append(Marker(position: end, completion: completion))
        return true
    }

    /// Runs `completion` once the first `offset` samples of utterance `id` have been taken; false
    /// when `id` is not accepted. A mark past the utterance's end fires at its end.
    mutating func mark(_ id: UInt64, offset: Int, completion: @escaping @Sendable () -> Void) -> Bool {
        guard id == acceptedID, id != 0 else { return false }
        markers.append(Marker(position: utteranceStart + max(offset, 0), completion: completion))
        return true
    }

    /// Drops all buffered speech and markers; accepts no speech until the next ``begin(_:)``.
    mutating func dropSpeech() {
        consumed += speechAvailable
        speech.removeAll(keepingCapacity: true)
        readIndex = 0
        markers.removeAll()
        acceptedID = 0
    }

    /// Starts an earcon over whatever is playing.
    mutating func add(earcon samples: [Int16]) {
        guard !samples.isEmpty else { return }
        voices.append(Voice(samples: samples))
    }

    /// Stops every earcon.
    mutating func dropEarcons() { voices.removeAll() }

    /// Removes and returns the completions of the utterances whose speech has all been taken.
    mutating func takeReachedMarkers() -> [@Sendable () -> Void] {
        var done: [@Sendable () -> Void] = []
        markers.removeAll { marker in
            guard marker.position <= consumed else { return false }
            done.append(marker.completion)
            return true
        }
        return done
    }

    /// Takes up to `maxFrames` mixed frames.
    mutating func pull(maxFrames: Int) -> AudioChunk? {
        let speechFrames = min(speechAvailable, maxFrames)
        let earconFrames = min(voices.map(\.remaining).max() ?? 0, maxFrames)
        let frames = max(speechFrames, earconFrames)
        guard frames > 0 else { return nil }
        var mix = [Int32](repeating: 0, count: frames)
        for index in 0..<speechFrames { mix[index] = Int32(speech[readIndex + index]) }
        for voiceIndex in voices.indices {
            let take = min(voices[voiceIndex].remaining, frames)
            let start = voices[voiceIndex].position
            for index in 0..<take { mix[index] += Int32(voices[voiceIndex].samples[start + index]) }
            voices[voiceIndex].position += take
        }
        voices.removeAll { $0.remaining == 0 }
        readIndex += speechFrames
        consumed += speechFrames
        if readIndex >= 1 << 16 || readIndex == speech.count {
            speech.removeFirst(readIndex)
            readIndex = 0
        }
        let samples = mix.map { Int16(clamping: $0) }
        return AudioChunk(samples: samples, speechID: speechFrames > 0 ? acceptedID : nil)
    }
}
