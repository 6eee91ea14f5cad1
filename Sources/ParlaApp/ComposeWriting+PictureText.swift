import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import Pictures
import SpeechKit

extension ComposeWriting: MessageReceiver {
    enum Message {
        /// The text recognised in a picture being attached, for its description field.
        case recognized(file: String, field: TextField, Result<String, MicroblogError>)
    }

    /// Reads the text in a picture being attached, on this computer and off the key loop; what it finds is
    /// offered as the start of the picture's description (``receive(_:)``).
    func offerText(of path: String, to field: TextField) {
        guard let pictures = app.services.pictures else { return }
        let url = URL(fileURLWithPath: path)
        app.call({ () async throws -> String in
            do {
                return try await PictureReader.text(inFile: url, decoder: pictures.decoder, recognizer: pictures.recognizer)
            } catch is PictureError {
                // A picture that cannot be read offers nothing; the server says what it makes of the file.
                return ""
            }
        }, for: self, as: { [weak field] result in .recognized(file: path, field: field ?? TextField(""), result) })
    }

    /// Puts the recognised text in the description field when the user has not written one, and says so:
    /// the user edits it, clears it, or (asked once more at Send) keeps it.
    func receive(_ message: Message) -> ScreenResponse {
        guard case .recognized(let path, let field, .success(let text)) = message else { return .none }
        let offer = TextSafety.stripped(text).split(whereSeparator: \.isNewline).joined(separator: " ")
        guard !offer.isEmpty, field.text.isEmpty, attachments.contains(where: { $0.description === field }) else { return .none }
        field.setText(offer)
        offers[ObjectIdentifier(field)] = offer
        let name = TextSafety.stripped((path as NSString).lastPathComponent)
        return ScreenResponse([app.say(app.string("pictures.compose.offered", ["name": name, "text": offer]), priority: .alert)])
    }
}
