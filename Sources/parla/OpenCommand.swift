import ArgumentParser
import Dispatch
import Foundation
import HunspellSpelling
import LVControls
import MicroblogKit
import ParlaApp
import ParlaBase
import ParlaCommands
import ParlaEngine
import PictureCodecs
import SpeechKit
import TerminalKit
import WordPrediction

#if canImport(Glibc)
import Glibc
#endif

/// `parla` / `parla open`: the interactive screen (or its line-mode form) on the chosen account,
/// or on the embedded local instance when no account is set up.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: Help.text("help.open-parlas-screen-the-default-command")
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .customLong("account"), help: Help.argument("help.the-account-to-open-see-parla"))
    var account: String?

    @Option(name: .customLong("theme"), help: Help.argument("help.high-contrast-default-black-on-white"))
    var theme: String?

    @Flag(name: .customLong("line"), help: Help.argument("help.use-plain-line-output-even-on"))
    var forceLine = false

    @Flag(name: .customLong("scan"), inversion: .prefixedNo,
          help: Help.argument("help.one-switch-scanning-focus-moves-by"))
    var scan: Bool?

    @Flag(name: .customLong("plain"), inversion: .prefixedNo, help: Help.argument("screen-reader.help.plain"))
    var plain: Bool?
    @Option(name: .customLong("braille"), help: Help.argument("braille.help.option"))
    var braille: BrailleChoice?
    @Option(name: .customLong("network"), help: Help.argument("demo.help.network"))
    var network: String?

    func validate() throws {
        if let network, Network(rawValue: network.lowercased()) == nil {
            throw ValidationError(UsageMessages.text(
                "demo.usage.network", ["network": network, "networks": Network.allCases.map(\.rawValue).joined(separator: ", ")]))
        }
        if let theme, ThemeName(rawValue: theme) == nil {
            throw ValidationError(UsageMessages.text("line.usage.theme", ["theme": theme, "themes": ThemeName.allCases.map(\.rawValue).joined(separator: ", ")]))
        }
    }

    func run() throws {
        let environment = global.environment
        let directories = global.directories
        let localizer = try global.localizer()
        do {
            try directories.create()
        } catch {
            LineRunner.fail(MicroblogError.storage(detail: directories.data.path).message(localizer))
            throw ExitCode(74)
        }
        // One screen per data folder: two would write the same draft files, and the later would win.
        let folderLock = try holdDataFolder(directories, localizer: localizer)
        defer { withExtendedLifetime(folderLock) {} }
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let mode = InteractiveTerminal.mode(forceLine: forceLine, environment: environment)
        let settingsStore = FileAppSettingsStore(configDirectory: directories.config)
        // A broken settings file set aside here is told when the screen starts (shown and said).
        var settingsNotices: [String] = []
        if let theme, let name = ThemeName(rawValue: theme) { settingsNotices += Self.saveTheme(name, store: settingsStore, localizer: localizer) }
        if let scan { settingsNotices += Self.saveScanning(scan, store: settingsStore, localizer: localizer) }
        if let echo = global.speech.keyEcho { settingsNotices += Self.saveEcho(echo, store: settingsStore, localizer: localizer) }
        // A user of their own screen reader turns Parla's speech off: the screen is then drawn for that reader.
        let impliedPlain: Bool? = global.speech.speech == .none && mode != .line ? true : nil
        if let plain = plain ?? impliedPlain { settingsNotices += Self.change(settingsStore, localizer: localizer) { $0.screenReaderDrawing = plain } }

        // Open the account before the screen: the cache shows at once; the network comes after.
        let opener = AccountOpener(
            directories: directories, maxWait: .seconds(900), demoActivity: !global.quietDemo,
            localNetwork: network.flatMap { Network(rawValue: $0.lowercased()) } ?? .mastodon)
        let chosen = account
        let opened: Result<(String, [String], Engine), any Error> = Blocking.run {
            do {
                let names = try await opener.names()
                let account = try await opener.open(chosen)
                return .success((account.name, names, try await opener.engine(account)))
            } catch {
                return .failure(error)
            }
        }
        let (name, names, engine): (String, [String], Engine)
        switch opened {
        case .success(let value): (name, names, engine) = value
        case .failure(let error):
            // The HTTP client must be shut down before it goes away, on this path too.
            Blocking.run { await opener.close() }
            throw ExitCode(LineRunner.report(error, localizer: localizer))
        }
        let accounts = AccountDirectory(engines: [name: engine], names: names) { other in
            Blocking.run { try? await opener.engine(opener.open(other)) }
        }

        let setup = global.startSpeech(localizer: localizer, directories: directories, sayNotices: false, realTime: true)
        InteractiveTerminal.run(mode: mode, environment: environment, directories: directories, localizer: localizer) { backend, color in
            // Line mode and `--braille off` write no braille and never load libbrlapi.
            var brailleOutput: BrailleFactory?
            if mode != .line, braille != .off { brailleOutput = BrailleChoice.output }
            let configuration = AppConfiguration(
                backend: backend, speech: setup.queue, speechControl: setup.queue, clock: SystemClock(), localizer: localizer,
                languageFromCommandLine: global.language != nil, settingsStore: settingsStore, configDirectory: directories.config,
                accounts: accounts, account: name, colorAllowed: color && !noColor,
                ascii: mode == .line || BoxCharset.detect(environment: environment) == .ascii,
                speechDisabled: global.speech.speech == .none, startNotices: settingsNotices + setup.notices.map { $0.message(localizer) },
                linkOpener: SystemLinkOpener(environment: environment), sound: setup.sound, spelling: HunspellDictionaries(),
                wordLists: WordLists(localization: ResourceLocator.find(environment: environment, executable: ResourceLocator.currentExecutable())?.localization),
                pictures: PictureServices(decoder: LibraryPictureDecoder(), drawer: ChafaPictureDrawer(), recognizer: TesseractRecognizer(),
                                          pixelDrawer: ChafaPictureDrawer()),
                braille: brailleOutput, brailleChoice: braille.map { $0 == .auto })
            do {
                try ParlaAppMain.run(configuration)
            } catch {
                FileHandle.standardError.write(Data((localizer.string("line.error.no-account-open") + "\n").utf8))
            }
        }
        // The app has flushed the drafts and stopped the engines; everything is on disk. Leave at once
        // rather than tearing down the in-process server's open connections one by one.
        setup.shutdown()
        Foundation.exit(0)
    }

    /// The lock file of the data folder, held while this screen runs (the kernel lets it go when the
    /// process ends, a crash included). When another Parla holds it, says and prints why Parla does not
    /// start, and ends with status 75.
    private func holdDataFolder(_ directories: DataDirectories, localizer: Localizer) throws -> ProcessFileLock.Held {
        let path = directories.data.appendingPathComponent("screen.lock").path
        do {
            if let held = try ProcessFileLock.hold(path) { return held }
        } catch {
            LineRunner.fail(MicroblogError.storage(detail: path).message(localizer))
            throw ExitCode(74)
        }
        let message = localizer.string("open.error.folder-in-use", ["path": directories.data.path])
        LineRunner.fail(message)
        let setup = global.startSpeech(localizer: localizer, directories: directories)
        setup.queue.say(Utterance(message, priority: .alert, earcon: .error))
        setup.waitUntilDone()
        setup.shutdown()
        throw ExitCode(75)
    }

    /// `--scan` and `--no-scan` turn one-switch scanning on and off and keep it, as Settings would; returns
    /// what went wrong with the settings file, to be told.
    private static func saveScanning(_ on: Bool, store: FileAppSettingsStore, localizer: Localizer) -> [String] {
        change(store, localizer: localizer) { $0.scanning = on }
    }

    /// `--theme` chooses the theme and keeps it, as choosing it in Settings would; returns what went wrong
    /// with the settings file, to be told.
    private static func saveTheme(_ theme: ThemeName, store: FileAppSettingsStore, localizer: Localizer) -> [String] {
        change(store, localizer: localizer) { $0.theme = theme }
    }

    /// `--key-echo` chooses what typing says in the screen's fields and keeps it, as Settings would (the
    /// fields follow the app's setting, not the speech queue's); returns what went wrong with the settings file.
    private static func saveEcho(_ echo: KeyEcho, store: FileAppSettingsStore, localizer: Localizer) -> [String] {
        change(store, localizer: localizer) { $0.echo = EchoMode(rawValue: echo.rawValue) ?? .characters }
    }

    /// Loads, changes and saves the settings; a file set aside as broken, or one that cannot be written, is
    /// returned as its sentence.
    private static func change(_ store: FileAppSettingsStore, localizer: Localizer, _ edit: (inout AppSettings) -> Void) -> [String] {
        var problems: [String] = []
        var settings = AppSettings()
        do { settings = try store.load() } catch { problems.append((error as? SettingsError ?? .unreadable(path: "")).message(localizer)) }
        edit(&settings)
        do { try store.save(settings) } catch { problems.append((error as? SettingsError ?? .unwritable(path: "")).message(localizer)) }
        return problems
    }
}

/// Runs async work to its end from synchronous code on the main thread (never from a task).
enum Blocking {
    static func run<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            box.value = await work()
            done.signal()
        }
        done.wait()
        return box.value!
    }

    private final class ResultBox<T>: @unchecked Sendable {
        var value: T?
    }
}
