import LVControls
import ParlaBase
import SpeechKit
import SpeechKitTesting
import Testing

/// Scanning reads each post in the voice of its language (issue 26, item 6: "scanning reads Spanish post
/// text in the English voice"), the interface's words around it in the interface's.
@Suite struct ScanningVoicesTests {
    /// Two posts, the second in Spanish, each said in segments as the timeline's items are.
    struct Posts: WheelItems {
        static let said: [[Utterance.Segment]] = [
            [Utterance.Segment("Ana García: Good morning! 5 minutes ago.", language: "en")],
            [Utterance.Segment("Ben Jones: "), Utterance.Segment("Hola, ¿qué tal?", language: "es"), Utterance.Segment(" 30 minutes ago.")],
        ]
        var count: Int { Self.said.count }
        func item(at index: Int) -> String { Self.said[index].map(\.text).joined() }
        func speech(at index: Int) -> WheelItemSpeech? {
            WheelItemSpeech(segments: Self.said[index], language: index == 1 ? "es" : "en")
        }
    }

    @Test func scanningReadsASpanishPostInTheSpanishVoice() {
        let wheel = Wheel("Posts", items: Posts())
        let h = Harness([wheel, Button("Send")], settings: ScanningTests.scanning)
        h.press(.space)                 // into the wheel
        h.advance(by: .seconds(1))      // the scan steps to the Spanish post
        let said = h.speech.events.compactMap { if case .say(let utterance) = $0 { utterance } else { nil } }
        #expect(said.last?.segments == [
            Utterance.Segment("Ben Jones: "), Utterance.Segment("Hola, ¿qué tal?", language: "es"), Utterance.Segment(" 30 minutes ago."),
        ])
        #expect(said.last?.text == "Ben Jones: Hola, ¿qué tal? 30 minutes ago.")
    }
}
