import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that a crash at any moment leaves either the old content or the new one.
///
/// The data goes to a temporary file in the same folder, is flushed to disk (`fsync`), renamed over
/// the target (atomic on POSIX file systems) and the folder is synced so the rename itself survives.
enum AtomicFile {
    /// Replaces the file at `url` with `data`.
    static func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw MicroblogErrorFactory.posix("open", temporary.path) }
        var failure: (any Error)?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = Foundation.write(fd, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = MicroblogErrorFactory.posix("write", temporary.path)
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = MicroblogErrorFactory.posix("fsync", temporary.path) }
        close(fd)
        if let failure {
            unlink(temporary.path)
            throw failure
        }
        guard rename(temporary.path, url.path) == 0 else {
            let error = MicroblogErrorFactory.posix("rename", url.path)
            unlink(temporary.path)
            throw error
        }
        syncFolder(folder)
    }

    /// Removes a file and syncs its folder; a missing file is fine.
    static func remove(_ url: URL) throws {
        if unlink(url.path) != 0, errno != ENOENT { throw MicroblogErrorFactory.posix("unlink", url.path) }
        syncFolder(url.deletingLastPathComponent())
    }

    private static func syncFolder(_ folder: URL) {
        let fd = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}

import MicroblogKit

enum MicroblogErrorFactory {
    /// A storage error naming the failed call, the file and `errno`'s text.
    static func posix(_ call: String, _ path: String) -> MicroblogError {
        .storage(detail: "\(call) \(path): \(String(cString: strerror(errno)))")
    }
}
