import Foundation

/// Hands a web address to the program that opens it (the system's browser).
public protocol LinkOpener: AnyObject {
    /// Opens `url`; false when there is no opener or it could not be started (then the address is shown).
    func open(_ url: URL) -> Bool
}

/// The system's opener: `xdg-open` found on `PATH`, in a graphical session only (`DISPLAY` or
/// `WAYLAND_DISPLAY` set; without one it would start a text browser over Parla's screen).
///
/// The address is one argument of the program, started directly (no shell), with its input and
/// output away from the terminal; Parla does not wait for it.
public final class SystemLinkOpener: LinkOpener {
    private let environment: [String: String]

    /// - Parameter environment: where `PATH` and the session's display are read.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// The opener's path, when there is one to use.
    public var executable: URL? {
        let graphical = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        guard graphical, let path = environment["PATH"] else { return nil }
        for folder in path.split(separator: ":") where folder.hasPrefix("/") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("xdg-open")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    public func open(_ url: URL) -> Bool {
        guard let executable else { return false }
        let process = Process()
        process.executableURL = executable
        process.arguments = [url.absoluteString]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            return true
        } catch {
            return false
        }
    }
}

extension URL {
    /// `text` as an address Parla hands to an opener: http or https with a host, nothing else
    /// (a post's link is text from the network: no `file:` or other schemes, no options).
    static func webAddress(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty, !text.hasPrefix("-") else { return nil }
        return url
    }
}
