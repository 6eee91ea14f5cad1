import MicroblogKit
import ParlaBase

extension SpeechText {
    /// How the reader says the words of `post` it shows otherwise (``ReaderSayings``): the addresses written out in
    /// its body and its quote's as "link to github.com", the addresses of its Links list by their host, its hashtags
    /// as the timeline says them.
    public func readerSayings(of post: Post) -> ReaderSayings {
        var table: [String: [ReaderSayings.Part]] = [:]
        func add(_ shown: String, _ parts: [ReaderSayings.Part]) {
            guard !shown.isEmpty, !shown.contains(where: \.isWhitespace), table[shown] == nil else { return }
            table[shown] = parts
        }
        let shown = post.shown
        var texts = [shown.content]
        if let inner = shown.quote?.post?.value { texts.append(inner.content) }
        for text in texts {
            for run in text.runs {
                switch run {
                case .link(let url, let words, let short):
                    let said = spokenClean(spokenLink(url: url, text: words))
                    guard said != spokenClean(words) else { continue }
                    add(displayClean(options.linkDisplay == .full ? words : Self.shortened(text: words, short: short)), [.init(text: said, own: false)])
                case .hashtag(let tag):
                    let said = spokenHashtag(tag)
                    let characters = Array(said.text)
                    let own = said.own ?? 0..<0
                    add(displayClean("#" + tag), [.init(text: String(characters[..<own.lowerBound]), own: false),
                                                  .init(text: String(characters[own]), own: true),
                                                  .init(text: String(characters[own.upperBound...]), own: false)])
                default: continue
                }
            }
        }
        // The Links list shows each address whole; the body has said the link, the list says where it goes.
        var addresses = links(in: post).map(\.url)
        if let card = shown.card { addresses.append(TextSafety.cleaned(card.url)) }
        for address in addresses {
            guard let host = Self.domain(of: address) else { continue }
            add(address, [.init(text: host, own: false)])
        }
        return ReaderSayings(table: table, numeronyms: numeronyms)
    }
}
