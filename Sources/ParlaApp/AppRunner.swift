import ParlaBase
import SpeechKit
import TerminalKit

/// Runs the start screen on a terminal backend until the user quits or input ends.
public struct AppRunner {
    private var screen: StartScreen
    private let speech: (any SpeechOutput)?
    private var spoken = 0

    /// - Parameters:
    ///   - screen: the screen to run.
    ///   - speech: where what the screen says goes (focus changes cut what is being said).
    public init(screen: StartScreen, speech: (any SpeechOutput)? = nil) {
        self.screen = screen
        self.speech = speech
    }

    /// The screen as it is now (tests read its state after a run).
    public var state: StartScreen { screen }

    /// Draws, reads a key, handles it, and again; returns when the user quits or input ends.
    public mutating func run(on backend: some TerminalBackend) {
        screen.noteSize(backend.size)
        speech?.say(Utterance(screen.label(of: screen.focus), language: screen.localizer.language.code, earcon: .focus))
        speak()
        draw(on: backend)
        while true {
            guard let key = backend.nextKey(timeout: nil) else {
                if backend.inputEnded { return }
                continue
            }
            if screen.handle(key, size: backend.size) == .quit { return }
            speak()
            draw(on: backend)
        }
    }

    /// Hands what the screen said since last time to speech, each at focus priority with the focus earcon.
    private mutating func speak() {
        let said = screen.announcements
        defer { spoken = said.count }
        guard let speech, said.count > spoken else { return }
        for text in said[spoken...] {
            speech.say(Utterance(text, language: screen.localizer.language.code, earcon: .focus))
        }
    }

    private func draw(on backend: some TerminalBackend) {
        let (grid, cursor) = screen.render(size: backend.size)
        backend.present(grid, cursor: cursor)
    }
}
