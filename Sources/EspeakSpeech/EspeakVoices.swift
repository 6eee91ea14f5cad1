import CEspeakNG
import Foundation

/// The languages eSpeak-NG has voices for (call only on the eSpeak-NG thread, after initialising).
enum EspeakVoices {
    /// Every language of every installed voice, lowercase (`en-gb`, `es`, `ca`).
    ///
    /// Slow (eSpeak-NG reads every voice file again): call once and keep the result.
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
