import CEspeakNG
import Foundation

/// The languages eSpeak-NG has voices for (call only on the eSpeak-NG thread, after initialising).
enum EspeakVoices {
    /// Whether some voice lists `language` (lowercase, e.g. `en-gb`, `es`, `ca`).
    static func has(_ language: String) -> Bool { all().contains(language) }

    /// Every language of every installed voice.
    static func all() -> Set<String> {
        var result: Set<String> = []
        guard let list = espeak_ListVoices(nil) else { return result }
        var index = 0
        while let voice = list[index] {
            // `languages` is a list of (priority byte, zero-terminated name), ended by a zero byte.
            if var cursor = voice.pointee.languages {
                while cursor.pointee != 0 {
                    cursor += 1  // the priority byte
                    let name = String(cString: cursor)
                    result.insert(name.lowercased())
                    cursor += strlen(cursor) + 1
                }
            }
            index += 1
        }
        return result
    }
}
