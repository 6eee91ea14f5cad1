import BenchSupport
import Foundation
import MicroblogKit
import MicroblogKitTesting
import ParlaApp
import SpeechKit
import TerminalKit

/// Counts what the app hands to the speech queue about new posts, and passes everything on.
final class CountingSpeech: SpeechOutput {
    let inner: any SpeechOutput
    private(set) var newPostsSaid = 0

    init(_ inner: any SpeechOutput) { self.inner = inner }

    func say(_ utterance: Utterance) {
        if utterance.coalesceKey?.hasPrefix("new:") == true { newPostsSaid += 1 }
        inner.say(utterance)
    }
    func play(_ earcon: Earcon) { inner.play(earcon) }
    func stopSpeaking() { inner.stopSpeaking() }
    func repeatLast() { inner.repeatLast() }
    func spellLast() { inner.spellLast() }
    func withdraw(_ utterance: Utterance) { inner.withdraw(utterance) }
}

/// Item 5 of issue 9: 1000 posts streamed in one second while the reader keeps pressing keys.
///
/// A thread adds one post a millisecond to the engine, which emits `newPosts` for each (as the
/// engine does for each post its stream pushes); the events reach the app through its inbox. The
/// key loop meanwhile presses Down/Up every 4 ms; a key's time runs from the loop taking it up
/// (before the events waiting ahead of it are handled) to the app being done with it.
/// Then it waits until speech is quiet and counts the new-posts announcements actually spoken.
///
/// The engine alone holds the timeline's posts (made in a closure that ends before the burst): with a
/// reference kept here too, merging the burst made a second timeline beside it (100 000 posts of 600 bytes
/// each, 60 MB a copy; 127-130 MB were counted as the app's growth).
func burstBench(count: Int, size: String) throws {
    let rig = try SpeechRig()
    defer { rig.stop() }
    let counting = CountingSpeech(rig.queue)
    let engine: MemoryAccountEngine = {
        let posts = PostFactory().posts(count)
        let engine = MemoryAccountEngine(timelines: ["home": posts])
        engine.setReadPosition(posts[posts.count / 2].id, in: "home")
        return engine
    }()
    let bench = try BenchApp(size: Size(width: 80, height: 24), engine: engine, speech: counting, speechControl: rig.queue)
    let app = bench.app
    // The app must listen before the burst (with 100 000 posts it takes longer to start), or the events are lost.
    for _ in 0..<30_000 where !engine.listening { usleep(1000) }
    if !engine.listening { print("warning: burst_\(size): the app was not listening to the engine after 30 s") }
    let burst = PostFactory().posts(1000, firstId: 5_000_000)
    // Start from silence (the digest said at start has ended).
    let quiet = DispatchSemaphore(value: 0)
    rig.queue.whenIdle { quiet.signal() }
    _ = quiet.wait(timeout: .now() + 15)
    let residentBefore = statusMegabytes("VmRSS")
    let spokenBefore = rig.transcript.entries.count

    let start = ContinuousClock.now
    let producer = Thread {
        for (index, post) in burst.reversed().enumerated() {
            engine.arrive([post], in: "home")
            let due = start + .milliseconds(index + 1)
            let wait = due - ContinuousClock.now
            if wait > .zero { usleep(UInt32(milliseconds(wait) * 1000)) }
        }
    }
    producer.start()
    var times: [Double] = []
    var down = true
    while ContinuousClock.now - start < .milliseconds(1100) {
        let taken = ContinuousClock.now
        app.drain()
        app.handle(down ? .down : .up)
        times.append(milliseconds(ContinuousClock.now - taken))
        down.toggle()
        usleep(4000)
    }
    // The burst is over: the loop keeps turning (no keys) until the announcement was handed to speech. The
    // app holds such notices until the stream is quiet, at most 3 s after the first (`AnnouncementHold`):
    // a loop that stopped at 3 s sometimes ended just before the notice was due, and it was never said.
    while ContinuousClock.now - start < .seconds(6), counting.newPostsSaid == 0 {
        app.drain()
        usleep(2000)
    }
    // The notice waits its turn behind the post being read, which may take many seconds at the default rate.
    let idle = DispatchSemaphore(value: 0)
    rig.queue.whenIdle { idle.signal() }
    _ = idle.wait(timeout: .now() + 60)
    let spoken = rig.transcript.entries.dropFirst(spokenBefore).filter { $0.kind == .speech && ($0.text ?? "").contains("new posts") }
    // A reading of the cache may still be on its way (the in-memory engine answers with a copy of all 100 000
    // posts, 60 MB): what the app keeps is measured once it has handled it, for one second with no keys.
    let residentInFlight = statusMegabytes("VmRSS")
    for _ in 0..<100 {
        app.drain()
        usleep(10_000)
    }
    let residentAfter = statusMegabytes("VmRSS")
    timings("burst_key_\(size)", times)
    figure("burst_keys_pressed_\(size)", String(times.count))
    figure("burst_new_posts_announcements_queued_\(size)", String(counting.newPostsSaid))
    figure("burst_new_posts_announcements_spoken_\(size)", String(spoken.count))
    figure("burst_announcement_\(size)", "\"\(spoken.last?.text ?? "")\"")
    figure("burst_rss_growth_\(size)_mb", String(format: "%.1f", residentAfter - residentBefore))
    figure("burst_rss_growth_in_flight_\(size)_mb", String(format: "%.1f", residentInFlight - residentBefore))
}
