import ParlaBase
import TerminalKit

/// Runs the start screen on a terminal backend until the user quits or input ends.
public struct AppRunner {
    private var screen: StartScreen

    public init(screen: StartScreen) { self.screen = screen }

    /// The screen as it is now (tests read its state after a run).
    public var state: StartScreen { screen }

    /// Draws, reads a key, handles it, and again; returns when the user quits or input ends.
    public mutating func run(on backend: some TerminalBackend) {
        screen.noteSize(backend.size)
        draw(on: backend)
        while true {
            guard let key = backend.nextKey(timeout: nil) else {
                if backend.inputEnded { return }
                continue
            }
            if screen.handle(key, size: backend.size) == .quit { return }
            draw(on: backend)
        }
    }

    private func draw(on backend: some TerminalBackend) {
        let (grid, cursor) = screen.render(size: backend.size)
        backend.present(grid, cursor: cursor)
    }
}
