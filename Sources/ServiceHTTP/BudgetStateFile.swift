import Foundation
import MicroblogKit
import ParlaBase
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a budget remembers about one bucket.
struct BucketState: Codable, Sendable, Hashable {
    var limit: Int?
    var remaining: Int?
    var resetAt: Date?
    /// When the last paced (background) call went out.
    var lastPacedAt: Date?
    /// Calls sent before any answer told the limit (some may still be on their way).
    var unknownSpent: Int?
}

/// The budget of one account: a bucket per family.
struct BudgetState: Codable, Sendable, Hashable {
    var buckets: [String: BucketState] = [:]

    subscript(family: RateLimitFamily) -> BucketState {
        get { buckets[family.rawValue] ?? BucketState() }
        set { buckets[family.rawValue] = newValue }
    }
}

/// Keeps the state in memory, or in a JSON file shared by every process using the same account.
///
/// Each change is a read-modify-write under an exclusive `flock` on a `.lock` file beside the state; the
/// new state is written to a temporary file and renamed over the old one, so a reader never sees half.
/// The file is read only when it changed since this process last read or wrote it (its inode, size and
/// modification time say so: every write is a new file renamed into place), and written only when the
/// state changed. The write is not synced: a budget lost in a crash is learnt again from the next answer.
final class BudgetStateStore: @unchecked Sendable {
    private let url: URL?
    private let lock = NSLock()
    private var memory = BudgetState()
    /// The file as this process last read or wrote it, when `memory` holds its state.
    private var known: FileIdentity?

    /// What tells one version of the state file from another.
    struct FileIdentity: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: timespec

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modified = info.st_mtim
        }

        static func == (a: FileIdentity, b: FileIdentity) -> Bool {
            a.device == b.device && a.inode == b.inode && a.size == b.size
                && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
        }
    }

    init(url: URL?) { self.url = url }

    /// Runs `body` on the current state and saves what it leaves.
    func update<T>(_ body: (inout BudgetState) -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        guard let url else { return body(&memory) }
        let folder = url.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            return try ProcessFileLock.withExclusive(url.path + ".lock") { try updateLocked(url, body) }
        } catch let failure as ProcessFileLock.Failure {
            throw MicroblogError.storage(detail: failure.description)
        }
    }

    /// ``update(_:)`` with the lock file held.
    private func updateLocked<T>(_ url: URL, _ body: (inout BudgetState) -> T) throws -> T {
        let identity = FileIdentity(path: url.path)
        var state: BudgetState
        if let identity, identity == known {
            state = memory
        } else {
            state = (try? Data(contentsOf: url)).flatMap { try? Self.decoder.decode(BudgetState.self, from: $0) } ?? BudgetState()
            memory = state
            known = identity
        }
        let before = state
        let result = body(&state)
        if state != before {
            known = nil
            try write(state, to: url)
            memory = state
            known = FileIdentity(path: url.path)
        }
        return result
    }

    private func write(_ state: BudgetState, to url: URL) throws {
        let data = try Self.encoder.encode(state)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw MicroblogError.storage(detail: "open \(temporary.path): errno \(errno)") }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: data)
            try handle.close()
            guard rename(temporary.path, url.path) == 0 else {
                throw MicroblogError.storage(detail: "rename \(url.path): errno \(errno)")
            }
        } catch {
            unlink(temporary.path)
            throw error as? MicroblogError ?? MicroblogError.storage(detail: "write \(url.path)")
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return decoder
    }()
}
