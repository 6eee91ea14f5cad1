import Foundation

/// Finds Parla's shipped folders (`Localization`, `Sounds`) at run time.
///
/// Looked for, in order: `$PARLA_RESOURCES`, the folders above the executable (a build in the
/// source tree: `.build/<triple>/debug/parla`), then `share/parla` beside the executable's `bin`,
/// `/usr/local/share/parla` and `/usr/share/parla`.
public struct ResourceLocator: Sendable {
    /// The folder that holds `Localization/` and `Sounds/`.
    public let root: URL

    /// Uses `root` as it is.
    public init(root: URL) { self.root = root }

    /// Searches the usual places.
    ///
    /// - Parameters:
    ///   - environment: the process environment (for `PARLA_RESOURCES`).
    ///   - executable: the running executable's path.
    /// - Returns: nil when no folder holding `Localization` is found.
    public static func find(environment: [String: String], executable: URL) -> ResourceLocator? {
        if let explicit = environment["PARLA_RESOURCES"], !explicit.isEmpty, let found = holdingLocalization(URL(fileURLWithPath: explicit)) {
            return found
        }
        var candidates: [URL] = []
        var folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(folder)
            candidates.append(folder.appendingPathComponent("share/parla"))
            folder = folder.deletingLastPathComponent()
        }
        candidates.append(URL(fileURLWithPath: "/usr/local/share/parla"))
        candidates.append(URL(fileURLWithPath: "/usr/share/parla"))
        return candidates.lazy.compactMap(holdingLocalization).first
    }

    /// `candidate` when it holds `Localization/en`.
    private static func holdingLocalization(_ candidate: URL) -> ResourceLocator? {
        var isDirectory: ObjCBool = false
        let probe = candidate.appendingPathComponent("Localization/en").path
        guard FileManager.default.fileExists(atPath: probe, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        return ResourceLocator(root: candidate.standardizedFileURL)
    }

    /// The path of the running executable (`/proc/self/exe` on Linux).
    public static func currentExecutable() -> URL {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        #endif
        return URL(fileURLWithPath: CommandLine.arguments.first ?? ".").absoluteURL
    }

    /// The `Localization` folder.
    public var localization: URL { root.appendingPathComponent("Localization", isDirectory: true) }
    /// The `Sounds` folder.
    public var sounds: URL { root.appendingPathComponent("Sounds", isDirectory: true) }
}
