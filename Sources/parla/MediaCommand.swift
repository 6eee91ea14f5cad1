import ArgumentParser
import Foundation
import LineTerminal
import PictureCodecs
import Pictures

/// `parla media ID [--ocr] [--show]`: a post's attachments, with the text recognised in its pictures, and
/// the pictures drawn in the terminal.
struct MediaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "media", abstract: Help.text("help.list-a-posts-attachments"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-posts-id")) var id: String
    @Flag(name: .customLong("ocr"), help: Help.argument("help.recognise-the-text-in-every-picture")) var ocr = false
    @Flag(name: .customLong("show"), help: Help.argument("help.draw-each-picture-in-the-terminal")) var show = false

    func run() async throws {
        let id = id, ocr = ocr
        // As large as the terminal's size (COLUMNS and LINES, else 80×24) allows, leaving room for the words.
        let size = LineTerminal.size(environment: ProcessInfo.processInfo.environment)
        let drawing = show ? (drawer: ChafaPictureDrawer() as any PictureDrawing, columns: size.width, rows: max(4, size.height - 4)) : nil
        try await LineRunner.run(global: global, client: client) {
            try await $0.media(postId: id, ocr: ocr, show: drawing, decoder: LibraryPictureDecoder(), recognizer: TesseractRecognizer())
        }
    }
}
