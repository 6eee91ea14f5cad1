import Foundation

/// The English strings, read on another thread while the main thread does other start-up work.
///
/// Every command that prints or says anything needs the English table (the fallback of every language).
/// Reading it takes about a millisecond, and parsing the command line about three, on one core while the
/// other is idle: `parla` starts the read before it parses, and ``Localizer/init(language:directory:)``
/// takes the table from here instead of reading it again. A read that failed, or was for another folder,
/// is not used: the localizer reads the files itself and reports what is wrong as before.
public final class LocalizerPreload: @unchecked Sendable {
    private static let lock = NSLock()
    /// The preload started and not yet taken (guarded by `lock`).
    nonisolated(unsafe) private static var pending: LocalizerPreload?

    private let done = NSCondition()
    /// Whether the reading thread finished (guarded by `done`).
    private var finished = false
    /// The `Localization` folder found and its English table, when both were (guarded by `done`).
    private var result: (directory: URL, table: [String: String])?

    /// Starts finding the `Localization` folder (as ``ResourceLocator/find(environment:executable:)`` does)
    /// and reading its English files, on a thread of its own.
    public static func start(environment: [String: String]) {
        let preload = LocalizerPreload()
        lock.withLock { pending = preload }
        let thread = Thread {
            let directory = ResourceLocator.find(environment: environment, executable: ResourceLocator.currentExecutable())?.localization
            let table = directory.flatMap { try? Localizer.loadTable(.english, from: $0) }
            preload.done.withLock {
                if let directory, let table { preload.result = (directory, table) }
                preload.finished = true
                preload.done.broadcast()
            }
        }
        thread.name = "parla-strings"
        thread.start()
    }

    /// The English table read for `directory`, waiting for the read to end; nil when none was started, it
    /// failed, or it found another folder. The table is taken once.
    static func take(for directory: URL) -> [String: String]? {
        guard let preload = lock.withLock({ pending }) else { return nil }
        let result = preload.done.withLock {
            while !preload.finished { preload.done.wait() }
            return preload.result
        }
        guard let result, result.directory.standardizedFileURL.path == directory.standardizedFileURL.path else { return nil }
        let first: Bool = lock.withLock {
            guard pending === preload else { return false }
            pending = nil
            return true
        }
        return first ? result.table : nil
    }
}
