import CPCAudio
import Foundation
import SpeechKit

/// The sound device through pcaudiolib (PulseAudio, ALSA or OSS, whichever works).
///
/// Nothing the audio libraries print may reach the screen: while the device is opened (and
/// while it is written to, when `logFile` is given), stderr goes to the log.
public final class PCAudioSink: AudioSink, @unchecked Sendable {
    private let device: String?
    private let logFile: URL?
    private let lock = NSLock()
    private var object: OpaquePointer?
    /// Flushes so far: a write that a flush overtook flushes again (see ``write(_:)``).
    private var flushes = 0

    /// A sink for `device` (nil: the default device).
    ///
    /// - Parameter logFile: where stderr goes while the device is opened.
    public init(device: String? = nil, logFile: URL?) {
        self.device = device
        self.logFile = logFile
    }

    /// The latency Parla asks PulseAudio for (ms) unless `PULSE_LATENCY_MSEC` is set already.
    ///
    /// pcaudiolib opens its PulseAudio stream with the server's default buffer, two seconds, and PulseAudio
    /// starts a stream only once its buffer holds that much: after every interruption (a flush) a short
    /// utterance waited for the next one, a long one for two seconds of it to be made.
    public static let pulseLatencyMilliseconds = 30

    public func open(_ format: AudioFormat) throws(SpeechError) {
        // libpulse reads this when the stream is made (pcaudiolib gives no way to set the buffer itself).
        setenv("PULSE_LATENCY_MSEC", String(Self.pulseLatencyMilliseconds), 0)
        let result: Result<OpaquePointer, SpeechError> = StderrToLog.run(logFile) {
            let created: OpaquePointer? =
                if let device {
                    device.withCString { create_audio_device_object($0, "parla", "Parla speech") }
                } else {
                    create_audio_device_object(nil, "parla", "Parla speech")
                }
            guard let created else { return .failure(.audioDeviceUnavailable(detail: "no audio backend")) }
            let status = audio_object_open(created, AUDIO_OBJECT_FORMAT_S16LE, UInt32(format.sampleRate), UInt8(format.channels))
            if status != 0 {
                let message = audio_object_strerror(created, status).map { String(cString: $0) } ?? "error \(status)"
                audio_object_destroy(created)
                return .failure(.audioDeviceUnavailable(detail: message))
            }
            return .success(created)
        }
        switch result {
        case .success(let created): lock.withLock { object = created }
        case .failure(let error): throw error
        }
    }

    /// Writes `chunk`, blocking while the stream's buffer is full.
    ///
    /// pcaudiolib's PulseAudio write goes on after a flush from another thread: it writes the rest of
    /// the chunk (up to 20 ms of the interrupted speech) into the emptied stream, where it waited for the
    /// next utterance and was heard before it, or as up to 20 ms of silence before its first sound. A
    /// write that a flush overtook therefore flushes again before it returns; nothing else writes in
    /// between, as writes come from the engine's one output thread.
    public func write(_ chunk: AudioChunk) {
        guard let (object, flushed) = lock.withLock({ object.map { ($0, flushes) } }) else { return }
        chunk.samples.withUnsafeBytes { bytes in
            _ = audio_object_write(object, bytes.baseAddress, bytes.count)
        }
        if lock.withLock({ flushes }) != flushed { _ = audio_object_flush(object) }
    }

    public func flush() {
        guard let object = lock.withLock({ () -> OpaquePointer? in
            flushes += 1
            return object
        }) else { return }
        _ = audio_object_flush(object)
    }

    public func drain() {
        guard let object = lock.withLock({ object }) else { return }
        _ = audio_object_drain(object)
    }

    public func close() {
        let closing: OpaquePointer? = lock.withLock {
            defer { object = nil }
            return object
        }
        guard let closing else { return }
        audio_object_close(closing)
        audio_object_destroy(closing)
    }
}
