import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import ParlaPresentation
import SpeechKit
import TerminalKit

/// Chooses a file to attach: a wheel over a folder's entries (folders first, then files, by name), starting
/// in the home folder; Enter opens a folder or takes a file, Backspace or Left goes up a folder; or a path typed
/// in the field. The chosen path goes back to whoever opened it.
final class FileChooserScreen: AppScreen {
    static let parentFolder = ScreenCommand("parent-folder")

    unowned let app: AppContext
    let whereLabel = Label(text: "")
    let wheel = Wheel("", items: ArrayWheelItems([]))
    let path = TextField("")
    let toolbar: Toolbar
    private(set) var folder: URL
    private(set) var entries: [(name: String, isFolder: Bool)] = []
    private let chosen: (String) -> ScreenResponse

    var title: String { app.string("writing.chooser.title") }
    var helpIntro: String { app.string("writing.chooser.help") }
    var controls: [any Control] { [whereLabel, wheel, path] }
    var initialFocus: Int { 1 }
    var bindings: [Binding] { [.screen([.backspace, .left], Self.parentFolder, "writing.key.parent-folder")] }

    /// - Parameter chosen: called with the chosen file's path; its response is given after this screen closes.
    init(app: AppContext, folder: URL, chosen: @escaping (String) -> ScreenResponse) {
        self.app = app
        // What Enter finds or opens says itself: no "path sent" first.
        path.quietSubmit = true
        self.folder = folder
        self.chosen = chosen
        toolbar = Toolbar(localizer: app.localizer)
        read()
        relocalize()
    }

    func relocalize() {
        toolbar.back.title = app.string("lv.toolbar.back")
        toolbar.info.title = app.string("lv.toolbar.info")
        whereLabel.name = ""
        whereLabel.text = app.string("writing.chooser.folder", ["path": TextSafety.stripped(folder.path)])
        wheel.title = app.string("writing.chooser.files")
        path.title = app.string("writing.chooser.path")
        wheel.setPresented(entries.map(present), index: min(wheel.index, max(0, entries.count - 1)))
    }

    /// Reads the folder's entries: hidden ones left out, folders first.
    private func read() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        entries = names.filter { !$0.hasPrefix(".") }.map { name in
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
            return (name, isFolder.boolValue)
        }.sorted { ($0.isFolder ? 0 : 1, $0.name.lowercased()) < ($1.isFolder ? 0 : 1, $1.name.lowercased()) }
    }

    private func present(_ entry: (name: String, isFolder: Bool)) -> Presented {
        let name = TextSafety.stripped(entry.name)
        let text = entry.isFolder ? app.string("writing.chooser.entry-folder", ["name": name]) : name
        return Presented(display: text, line: text, spoken: text, language: nil)
    }

    /// Shows another folder and says it, with how many entries it has.
    private func open(_ next: URL) -> ScreenResponse {
        folder = next.standardizedFileURL
        read()
        wheel.setPresented(entries.map(present), index: 0)
        relocalize()
        let said = app.string(entries.isEmpty ? "writing.chooser.opened-empty" : "writing.chooser.opened", [
            "path": TextSafety.stripped(folder.path), "count": String(entries.count),
        ])
        return ScreenResponse([app.say(said)])
    }

    func perform(_ command: ScreenCommand, context: ControlContext) -> ScreenResponse {
        guard command == Self.parentFolder else { return .none }
        guard folder.path != "/" else { return ScreenResponse([app.say(app.string("writing.chooser.top"), earcon: .edge)]) }
        return open(folder.deletingLastPathComponent())
    }

    func handle(_ event: ControlEvent, context: ControlContext) -> ScreenResponse {
        if event.source === path, event.kind == .activated {
            let typed = (path.text.trimmingCharacters(in: .whitespaces) as NSString).expandingTildeInPath
            guard !typed.isEmpty else { return .none }
            let url = typed.hasPrefix("/") ? URL(fileURLWithPath: typed) : folder.appendingPathComponent(typed)
            return take(url)
        }
        guard case .selected(let index) = event.kind, event.source === wheel, entries.indices.contains(index) else { return .none }
        return take(folder.appendingPathComponent(entries[index].name))
    }

    /// Opens a folder, or takes a readable file and closes.
    private func take(_ url: URL) -> ScreenResponse {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            let said = app.string("writing.chooser.not-found", ["path": TextSafety.stripped(url.path)])
            return ScreenResponse([app.say(said, priority: .alert, earcon: .error)])
        }
        if isFolder.boolValue { return open(url) }
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            let said = app.string("writing.error.unreadable", ["path": TextSafety.stripped(url.path)])
            return ScreenResponse([app.say(said, priority: .alert, earcon: .error)])
        }
        var response = chosen(url.path)
        response.navigation = .pop
        return response
    }
}
