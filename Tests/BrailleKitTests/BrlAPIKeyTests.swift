import Foundation
@testable import BrlAPIBraille
import BrailleKit
import Testing

/// BrlAPI's key codes as the keys Parla acts on (the values of brlapi_constants.h).
@Suite struct BrlAPIKeyTests {
    @Test func panningLineAndRoutingCommandsAreTheDisplaysKeys() {
        #expect(BrlAPIBraille.key(0x2000_0000 | 23) == .panLeft)
        #expect(BrlAPIBraille.key(0x2000_0000 | 24) == .panRight)
        #expect(BrlAPIBraille.key(0x2000_0000 | 1) == .lineUp)
        #expect(BrlAPIBraille.key(0x2000_0000 | 2) == .lineDown)
        #expect(BrlAPIBraille.key(0x2000_0000 | 0x1_0000 | 7) == .route(cell: 7))
        #expect(BrlAPIBraille.key(0x0000_0061) == nil, "a typed character stays the terminal's")
    }

    @Test func withoutAServerConnectingSaysWhyAndDoesNotStopTheProgram() {
        setenv("BRLAPI_HOST", "127.0.0.1:59", 1)
        defer { unsetenv("BRLAPI_HOST") }
        #expect(throws: BrailleError.self) { try BrlAPIBraille().connect() }
    }
}
