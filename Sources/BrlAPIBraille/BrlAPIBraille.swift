import BrailleKit
import CBrlAPI
import Foundation

/// A braille display through BRLTTY's BrlAPI (libbrlapi, loaded on first use).
///
/// The server is the one `BRLAPI_HOST` names (the local BRLTTY otherwise), with the key `BRLAPI_AUTH`
/// names; Parla takes the display in tty mode with `brlapi_enterTtyModeWithPath(NULL, 0, NULL)` (the
/// default tty mode fails under tmux or ssh: "Can't determine tty number"), so the display's keys come to
/// Parla, which pans its own line. Text is written as text: contraction is BRLTTY's.
public final class BrlAPIBraille: BrailleDevice, @unchecked Sendable {
    private let lock = NSLock()
    private var handle: OpaquePointer?

    public init() {}

    public func connect() throws(BrailleError) -> Int {
        let size = brlapi_getHandleSize()
        guard size > 0, let memory = malloc(size) else { throw .unavailable(Self.lastError()) }
        let opened = OpaquePointer(memory)
        guard brlapi__openConnection(opened, nil, nil) >= 0 else {
            free(memory)
            throw .unavailable(Self.lastError())
        }
        // The library's own handler aborts the program on an error the server reports late; Parla keeps running.
        _ = brlapi__setExceptionHandler(opened) { _, _, _, _, _ in }
        var width: UInt32 = 0
        var height: UInt32 = 0
        guard brlapi__enterTtyModeWithPath(opened, nil, 0, nil) >= 0, brlapi__getDisplaySize(opened, &width, &height) >= 0, width > 0 else {
            let reason = Self.lastError()
            brlapi__closeConnection(opened)
            free(memory)
            throw .unavailable(reason)
        }
        lock.withLock { handle = opened }
        return Int(width)
    }

    public func write(_ cells: [Unicode.Scalar], cursor: Int?) throws(BrailleError) {
        let text = cells.map { wchar_t(bitPattern: $0.value) } + [0]
        let result: Int32? = lock.withLock {
            guard let handle else { return nil }
            return text.withUnsafeBufferPointer { brlapi__writeWText(handle, Int32(cursor.map { $0 + 1 } ?? 0), $0.baseAddress) }
        }
        guard let result else { throw .lost("not connected") }
        if result < 0 { throw .lost(Self.lastError()) }
    }

    public func readKey(timeout: Duration) throws(BrailleError) -> BrailleKey? {
        guard let handle = lock.withLock({ handle }) else { throw .lost("not connected") }
        var code: brlapi_keyCode_t = 0
        let result = brlapi__readKeyWithTimeout(handle, Int32(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000), &code)
        if result < 0 { throw .lost(Self.lastError()) }
        return result == 0 ? nil : Self.key(UInt64(code))
    }

    public func disconnect() {
        lock.withLock {
            guard let opened = handle else { return }
            handle = nil
            _ = brlapi__leaveTtyMode(opened)
            brlapi__closeConnection(opened)
            free(UnsafeMutableRawPointer(opened))
        }
    }

    /// The key Parla acts on for a BrlAPI key code (commands only: panning, line up and down, routing).
    static func key(_ code: UInt64) -> BrailleKey? {
        let commandType: UInt64 = 0x2000_0000
        guard code & 0xE000_0000 == commandType else { return nil }
        let block = (code & 0x1FFF_0000) >> 16
        let argument = Int(code & 0xFFFF)
        switch (block, argument) {
        case (0, 1): return .lineUp
        case (0, 2): return .lineDown
        case (0, 23): return .panLeft
        case (0, 24): return .panRight
        case (1, let cell): return .route(cell: cell)
        default: return nil
        }
    }

    static func lastError() -> String {
        guard let error = brlapi_error_location(), let text = brlapi_strerror(error) else { return "BrlAPI error" }
        return String(cString: text)
    }
}
