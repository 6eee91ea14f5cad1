import Foundation
import ParlaBase
import Testing
import TestSupport

/// Issue 26 item 27: the data folder's lock is held for a whole run, refused to a second holder, and let go
/// when its holder goes.
@Suite struct ProcessFileLockTests {
    @Test func aHeldLockIsRefusedToASecondHolderUntilTheFirstLetsItGo() throws {
        let folder = TestPaths.temporaryDirectory("parla-lock")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("screen.lock").path
        var first = try ProcessFileLock.hold(path)
        #expect(first != nil)
        #expect(try ProcessFileLock.hold(path) == nil)
        first = nil
        #expect(try ProcessFileLock.hold(path) != nil)
    }
}
