import SpeechKit

/// A sentence in the interface's voice with some of its words in a voice of their own (a bio in the
/// language it is written in, inside "Ana García. They follow you. …").
public enum Voicing {
    /// `text` in segments: each voiced part at its first place in `text` not already taken, in its
    /// language; everything else in the interface's voice (nil). A part is found without its closing full stops
    /// when `text` dropped them; parts not found are left out.
    public static func segments(of text: String, voiced: [Utterance.Segment]) -> [Utterance.Segment] {
        var pieces: [Utterance.Segment] = [Utterance.Segment(text)]
        for part in voiced where part.language != nil {
            // A sentence that ends a description or a title loses its full stop there ("… personas, label").
            var words = part.text
            var index = pieces.firstIndex { $0.language == nil && $0.text.contains(words) }
            if index == nil {
                while words.last == "." || words.last == " " { words.removeLast() }
                index = pieces.firstIndex { $0.language == nil && $0.text.contains(words) }
            }
            guard !words.isEmpty, let index, let range = pieces[index].text.range(of: words) else { continue }
            let whole = pieces[index].text
            let split = [
                Utterance.Segment(String(whole[..<range.lowerBound])), Utterance.Segment(words, language: part.language),
                Utterance.Segment(String(whole[range.upperBound...])),
            ].filter { !$0.text.isEmpty }
            pieces.replaceSubrange(index...index, with: split)
        }
        return pieces
    }
}
