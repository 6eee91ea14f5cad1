import Foundation
import ParlaBase

/// The options every line command takes, as plain values: from the parsed command's ``GlobalOptions`` and
/// ``ClientOptions``, or from ``LineFastPath`` for a common reading command.
struct LineOptions: Sendable {
    /// `--data-dir` and `--config-dir`.
    var dataDir: String?
    var configDir: String?
    /// `--lang`, already known to name a language.
    var language: String?
    /// `--account`.
    var account: String?
    /// `--wait`: seconds a request may wait for the rate limit.
    var wait: Int = ClientOptions.defaultWait
    /// `--json`.
    var json = false
    /// With `--speak`, the options the speech path is built from; nil when the output is only printed.
    var speech: GlobalOptions?
    var environment: [String: String] = ProcessInfo.processInfo.environment

    init(dataDir: String? = nil, configDir: String? = nil, language: String? = nil, account: String? = nil) {
        self.dataDir = dataDir
        self.configDir = configDir
        self.language = language
        self.account = account
    }

    init(global: GlobalOptions, client: ClientOptions) {
        self.init(dataDir: global.dataDir, configDir: global.configDir, language: global.language, account: client.account)
        wait = client.wait
        json = client.json
        speech = client.speak ? global : nil
        environment = global.environment
    }

    /// The resolved data and config folders.
    var directories: DataDirectories {
        DataDirectories.resolve(dataDir: dataDir, configDir: configDir, environment: environment)
    }

    /// The interface strings (``GlobalOptions/localizer(_:environment:)``).
    func localizer() throws -> Localizer {
        try GlobalOptions.localizer(GlobalOptions.interfaceLanguage(language, environment: environment), environment: environment)
    }
}
