import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The shared libraries Parla uses, and which version of each this system has (for `parla --version --verbose`).
///
/// Each library is opened the way Parla opens it (by its soname, with dlopen), so the answer is the one that
/// Parla would load: its own version function when it has one, else the file the soname resolves to.
struct LibraryVersions {
    /// One library Parla uses.
    struct Library: Sendable {
        /// The name people know it by.
        let name: String
        /// The soname Parla opens.
        let soname: String
        /// A function taking no argument (or a null pointer) that returns the version as a C string.
        let versionFunction: String?
    }

    /// What was found of one library.
    struct Found: Equatable, Sendable {
        /// The name people know it by.
        let name: String
        /// Its version as the library reports it, if it does.
        let version: String?
        /// The file the soname resolves to, or nil when the library is not installed.
        let file: String?
    }

    /// The libraries: speech and the terminal first, then the optional ones loaded on first use.
    static let all: [Library] = [
        Library(name: "eSpeak-NG", soname: "libespeak-ng.so.1", versionFunction: "espeak_Info"),
        Library(name: "ncurses", soname: "libncursesw.so.6", versionFunction: "curses_version"),
        Library(name: "SQLite", soname: "libsqlite3.so.0", versionFunction: "sqlite3_libversion"),
        Library(name: "pcaudiolib", soname: "libpcaudio.so.0", versionFunction: nil),
        Library(name: "speech-dispatcher", soname: "libspeechd.so.2", versionFunction: nil),
        Library(name: "Hunspell", soname: "libhunspell-1.7.so.0", versionFunction: nil),
    ]

    /// Opens `library` and asks its version.
    static func find(_ library: Library) -> Found {
        guard let handle = dlopen(library.soname, RTLD_LAZY | RTLD_LOCAL) else {
            return Found(name: library.name, version: nil, file: nil)
        }
        var version: String?
        if let function = library.versionFunction, let symbol = dlsym(handle, function) {
            typealias VersionFunction = @convention(c) (UnsafeMutableRawPointer?) -> UnsafePointer<CChar>?
            if let text = unsafeBitCast(symbol, to: VersionFunction.self)(nil) {
                let reported = String(cString: text)
                // ncurses answers "ncurses 6.4.20221231": its name is already on the line.
                version = reported.hasPrefix(library.name + " ") ? String(reported.dropFirst(library.name.count + 1)) : reported
            }
        }
        return Found(name: library.name, version: version, file: loadedFile(library.soname) ?? library.soname)
    }

    /// The name of the file `soname` resolved to (`libhunspell-1.7.so.0.0.1`), from the process's mappings.
    private static func loadedFile(_ soname: String) -> String? {
        // Read to the end: the file's size reads as 0, and a single read of it stops at a page.
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps"), let bytes = try? handle.readToEnd(),
            let maps = String(data: bytes, encoding: .utf8)
        else { return nil }
        let stem = soname.components(separatedBy: ".so").first.map { $0 + ".so" } ?? soname
        for line in maps.split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = String(line[slash...])
            let file = URL(fileURLWithPath: path).lastPathComponent
            if file.hasPrefix(stem) { return URL(fileURLWithPath: path).resolvingSymlinksInPath().lastPathComponent }
        }
        return nil
    }
}
