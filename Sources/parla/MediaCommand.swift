import ArgumentParser
import PictureCodecs
import Pictures

/// `parla media ID [--ocr]`: a post's attachments, with the text recognised in its pictures.
struct MediaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "media", abstract: Help.text("help.list-a-posts-attachments"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-posts-id")) var id: String
    @Flag(name: .customLong("ocr"), help: Help.argument("help.recognise-the-text-in-every-picture")) var ocr = false

    func run() async throws {
        let id = id, ocr = ocr
        try await LineRunner.run(global: global, client: client) {
            try await $0.media(postId: id, ocr: ocr, decoder: LibraryPictureDecoder(), recognizer: TesseractRecognizer())
        }
    }
}
