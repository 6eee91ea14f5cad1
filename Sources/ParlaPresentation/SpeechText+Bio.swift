import Foundation
import MicroblogKit
import ParlaBase

extension SpeechText {
    /// An account's bio, to show and to say: its words in the voice of the language they are written in
    /// (servers give a bio no language: it is told from its words, ``LanguageGuess``), its links, hashtags,
    /// remote mentions and emoji names in the interface's voice. A bio in the interface's language, or one
    /// whose language cannot be told, is one segment in the interface's voice.
    public func bio(of account: Account) -> Output {
        let text = bioText(of: account)
        let language = bioLanguage(text)
        let voiced = language.map { language in
            self.segments(of: text.spoken, phrases: [Phrase(text: text.spoken, language: language)],
                     interface: bioInterfaceWords(of: account), language: language)
        }
        return numeronyms.voiced(Output(display: text.display, line: text.display.replacingNewlines, spoken: text.spoken, language: language, segments: voiced))
    }

    /// The bio from the server's HTML: a local account's bio names users of its server without their server;
    /// for a remote account every user is from elsewhere.
    func bioText(of account: Account) -> Text {
        body(account.note, emojis: account.emojis ?? [], home: bioHome(of: account))
    }

    /// The interface's words inside the bio (links by their domain, hashtags, remote mentions, emoji names).
    func bioInterfaceWords(of account: Account) -> [InterfaceWords] {
        interfaceWords(in: account.note, emojis: account.emojis ?? [], home: bioHome(of: account))
    }

    /// The voice of a bio's words: the language told from them when it is not the interface's; nil otherwise.
    func bioLanguage(_ bio: Text) -> String? {
        guard let told = LanguageGuess.language(of: bio.display)?.code, isForeign(told) else { return nil }
        return told
    }

    /// The server the account's texts (bio, fields) come from: its users are named without their server.
    func bioHome(of account: Account) -> String? {
        account.remoteDomain == nil ? Self.domain(of: TextSafety.cleaned(account.url)) : ""
    }
}
