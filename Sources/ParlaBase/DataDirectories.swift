import Foundation

/// Where Parla keeps its state: data (caches, drafts, logs, the local instance) and config.
///
/// Defaults follow the XDG base directories: `$XDG_DATA_HOME/parla` (or `~/.local/share/parla`)
/// and `$XDG_CONFIG_HOME/parla` (or `~/.config/parla`). `--data-dir DIR` isolates everything:
/// the data goes to DIR and, unless `--config-dir` is given too, the config to `DIR/config`.
public struct DataDirectories: Sendable, Equatable {
    /// Caches, drafts, logs and the local instance's database.
    public let data: URL
    /// Accounts, settings and the keymap.
    public let config: URL

    /// Uses the two folders as given.
    public init(data: URL, config: URL) {
        self.data = data
        self.config = config
    }

    /// Resolves the folders from command-line options and the environment.
    public static func resolve(dataDir: String?, configDir: String?, environment: [String: String]) -> DataDirectories {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func xdg(_ name: String, _ fallback: String) -> URL {
            if let value = environment[name], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
            return URL(fileURLWithPath: home).appendingPathComponent(fallback)
        }
        let data: URL
        if let dataDir {
            data = URL(fileURLWithPath: dataDir).standardizedFileURL
        } else {
            data = xdg("XDG_DATA_HOME", ".local/share").appendingPathComponent("parla")
        }
        let config: URL
        if let configDir {
            config = URL(fileURLWithPath: configDir).standardizedFileURL
        } else if dataDir != nil {
            config = data.appendingPathComponent("config")
        } else {
            config = xdg("XDG_CONFIG_HOME", ".config").appendingPathComponent("parla")
        }
        return DataDirectories(data: data, config: config)
    }

    /// Creates both folders (owner-only permissions) if they are missing.
    public func create() throws {
        for url in [data, config] {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
    }

    /// The log file that receives stderr while the screen is drawn.
    public var logFile: URL { data.appendingPathComponent("parla.log") }
}
