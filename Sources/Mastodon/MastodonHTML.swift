import MicroblogKit

/// Reads Mastodon's HTML into ``RichText`` runs with a tolerant, linear scanner.
///
/// Knows `<p>`, `<br>`, `<a>` (with Mastodon's `invisible` and `ellipsis` spans, mention and hashtag
/// classes), `<ul>`/`<ol>`/`<li>`, `<blockquote>`, block tags as paragraphs; drops every other tag, and
/// the contents of `<script>`, `<style>` and comments. Entities: the common named ones and every numeric
/// one; invalid numbers become U+FFFD, unknown names stay as written. Never fails, never backtracks: the
/// cost is linear in the input, also for unclosed tags and 10 000 nested elements.
public enum MastodonHTML {
    /// The runs of `html`, with breaks collapsed (never two in a row, never first or last).
    public static func runs(_ html: String) -> [TextRun] {
        var scanner = Scanner(Array(html.unicodeScalars))
        scanner.run()
        return scanner.output
    }
}

extension MastodonHTML {
    /// The scanner's state; one pass over the scalars.
    struct Scanner {
        enum SpanKind { case plain, invisible, ellipsis }

        struct OpenLink {
            var url: String
            var kind: Kind
            var full = String.UnicodeScalarView()
            var visible = String.UnicodeScalarView()
            var ellipsis = false
            enum Kind { case link, mention, hashtag }
        }

        let input: [Unicode.Scalar]
        var index = 0
        var output: [TextRun] = []
        /// The text read since the last piece; scalars, so that dropping a trailing space costs nothing.
        var text: [Unicode.Scalar] = []
        /// A break waits until more text comes: 0 none, 1 line, 2 paragraph.
        var pendingBreak = 0
        var pendingItem: Int?? = nil
        var spans: [SpanKind] = []
        var invisibleDepth = 0
        var link: OpenLink?
        var lists: [Int?] = []
        /// Inside `<script>` or `<style>`: text is dropped until this end tag.
        var skipping: String?
        /// From here on no `>` exists, so a `<` is only text.
        var noTagAfter = Int.max
        var lastWasSpace = true

        init(_ input: [Unicode.Scalar]) { self.input = input }

        mutating func run() {
            while index < input.count {
                let scalar = input[index]
                if scalar == "<", index < noTagAfter, readTag() { continue }
                if skipping != nil { index += 1; continue }
                if scalar == "&" {
                    index += 1
                    appendText(readEntity())
                    continue
                }
                appendText(scalar)
                index += 1
            }
            flushText()
            if var open = link { link = nil; emitLink(&open) }
        }

        // MARK: Text

        mutating func appendText(_ scalar: Unicode.Scalar) {
            let isSpace = scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" || scalar == "\u{0C}"
            if isSpace {
                if lastWasSpace { return }
                lastWasSpace = true
                put(" ")
            } else {
                lastWasSpace = false
                put(scalar)
            }
        }

        mutating func put(_ scalar: Unicode.Scalar) {
            if link != nil {
                link!.full.append(scalar)
                if invisibleDepth == 0 { link!.visible.append(scalar) }
                return
            }
            if scalar == " " && text.isEmpty && (pendingBreak > 0 || output.isEmpty) { return }
            if !text.isEmpty || scalar != " " { emitPendingBreak() }
            text.append(scalar)
        }

        mutating func emitPendingBreak() {
            if pendingBreak > 0 && !output.isEmpty || pendingBreak > 0 && !text.isEmpty {
                flushText()
                output.append(pendingBreak == 2 ? .paragraphBreak : .lineBreak)
            }
            pendingBreak = 0
            if let item = pendingItem {
                flushText()
                output.append(.listItem(item))
                pendingItem = nil
            }
        }

        mutating func flushText() {
            guard !text.isEmpty else { return }
            if text.last == " ", pendingBreak > 0 { text.removeLast() }
            if !text.isEmpty { output.append(.text(Self.string(text))) }
            text.removeAll(keepingCapacity: true)
        }

        /// The string of these scalars.
        static func string(_ scalars: [Unicode.Scalar]) -> String {
            var utf8: [UInt8] = []
            utf8.reserveCapacity(scalars.count)
            for scalar in scalars { UTF8.encode(scalar) { utf8.append($0) } }
            return String(decoding: utf8, as: UTF8.self)
        }

        mutating func requestBreak(_ level: Int) {
            if !text.isEmpty, text.last == " " { text.removeLast() }
            pendingBreak = max(pendingBreak, level)
            lastWasSpace = true
        }

        // MARK: Tags

        /// Reads a tag at `index` (a `<`); false when it is not a tag (then `<` is text).
        mutating func readTag() -> Bool {
            let start = index
            guard start + 1 < input.count else { noTagAfter = start; return false }
            let next = input[start + 1]
            if next == "!" {
                if start + 3 < input.count, input[start + 2] == "-", input[start + 3] == "-" {
                    index = findCommentEnd(from: start + 4)
                    return true
                }
            } else if !(next == "/" || next.properties.isAlphabetic) {
                return false
            }
            var end = start + 1
            while end < input.count, input[end] != ">" { end += 1 }
            guard end < input.count else { noTagAfter = start; return false }
            index = end + 1
            handleTag(input[(start + 1)..<end])
            return true
        }

        func findCommentEnd(from position: Int) -> Int {
            var cursor = position
            while cursor + 2 < input.count {
                if input[cursor] == "-", input[cursor + 1] == "-", input[cursor + 2] == ">" { return cursor + 3 }
                cursor += 1
            }
            return input.count
        }

        mutating func handleTag(_ body: ArraySlice<Unicode.Scalar>) {
            var cursor = body.startIndex
            let closing = cursor < body.endIndex && body[cursor] == "/"
            if closing { cursor += 1 }
            // The name lowercased; ASCII letters (every tag Mastodon writes) without a Unicode lookup.
            var scalars = String.UnicodeScalarView()
            var ascii = true
            while cursor < body.endIndex {
                let scalar = body[cursor]
                if scalar.isASCII {
                    let value = scalar.value
                    if (0x41...0x5A).contains(value) {
                        scalars.append(Unicode.Scalar(UInt8(value + 0x20)))
                    } else if (0x61...0x7A).contains(value) || (0x30...0x39).contains(value) {
                        scalars.append(scalar)
                    } else {
                        break
                    }
                } else if scalar.properties.isAlphabetic {
                    ascii = false
                    scalars.append(scalar)
                } else {
                    break
                }
                cursor += 1
            }
            let name = ascii ? String(scalars) : String(scalars).lowercased()
            if let skip = skipping {
                if closing && name == skip { skipping = nil }
                return
            }
            // Only these tags read their attributes.
            let attributes = closing || !Self.tagsWithAttributes.contains(name) ? [:] : Self.attributes(body[cursor...])
            if closing { closeTag(name) } else { openTag(name, attributes, selfClosing: body.last == "/") }
        }

        mutating func openTag(_ name: String, _ attributes: [String: String], selfClosing: Bool) {
            switch name {
            case "br": requestBreak(1)
            case "p" where !selfClosing && (attributes["class"] ?? "").split(separator: " ").contains("quote-inline"):
                // Mastodon's "RE: <link>" for clients that cannot show quotes; the quote itself is read instead.
                skipping = "p"
            case "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote", "table", "tr", "hr":
                if link == nil { requestBreak(2) }
            case "ul", "ol":
                requestBreak(2)
                lists.append(name == "ol" ? Int(attributes["start"] ?? "") ?? 1 : nil)
            case "li":
                requestBreak(1)
                if let last = lists.last, let number = last {
                    pendingItem = .some(number)
                    lists[lists.count - 1] = number + 1
                } else {
                    pendingItem = .some(nil)
                }
            case "span":
                guard !selfClosing else { return }
                let classes = Self.classes(attributes)
                let kind: SpanKind = classes.contains("invisible") ? .invisible : classes.contains("ellipsis") ? .ellipsis : .plain
                spans.append(kind)
                if kind == .invisible { invisibleDepth += 1 }
                if kind == .ellipsis { link?.ellipsis = true }
            case "a":
                if var open = link { link = nil; emitLink(&open) }
                let classes = Self.classes(attributes)
                let kind: OpenLink.Kind = classes.contains("hashtag") ? .hashtag : classes.contains("mention") ? .mention : .link
                emitPendingBreak()
                flushText()
                link = OpenLink(url: attributes["href"] ?? "", kind: kind)
            case "img":
                if let alt = attributes["alt"], !alt.isEmpty { for scalar in alt.unicodeScalars { appendText(scalar) } }
            case "script", "style", "title", "head", "template", "svg", "math":
                if !selfClosing { skipping = name }
            default: break
            }
        }

        mutating func closeTag(_ name: String) {
            switch name {
            case "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote", "table", "tr", "li":
                if link == nil { requestBreak(name == "li" ? 1 : 2) }
            case "ul", "ol":
                if !lists.isEmpty { lists.removeLast() }
                requestBreak(2)
            case "span":
                if let kind = spans.popLast(), kind == .invisible { invisibleDepth -= 1 }
            case "a":
                if var open = link { link = nil; emitLink(&open) }
            default: break
            }
        }

        mutating func emitLink(_ open: inout OpenLink) {
            var full = String(open.full)
            while full.last == " " { full.removeLast() }
            while full.first == " " { full.removeFirst() }
            switch open.kind {
            case .hashtag where full.hasPrefix("#") && full.count > 1:
                output.append(.hashtag(String(full.dropFirst())))
            case .mention where full.hasPrefix("@") && full.count > 1:
                output.append(.mention(name: String(full.dropFirst()), url: open.url))
            default:
                guard !full.isEmpty else { return }
                var short = String(open.visible).trimmingSpaces
                if open.ellipsis && !short.isEmpty { short += "…" }
                output.append(.link(url: open.url, text: full, shown: short.isEmpty ? full : short))
            }
            lastWasSpace = false
        }

        /// The words of a tag's `class` (a few; looked through rather than hashed).
        static func classes(_ attributes: [String: String]) -> [Substring] {
            (attributes["class"] ?? "").split(separator: " ")
        }

        /// The tags whose attributes ``openTag(_:_:selfClosing:)`` reads.
        static let tagsWithAttributes: Set<String> = ["p", "ol", "span", "a", "img"]

        /// The attributes of a tag body (after the name); names lowercased, entities in values decoded.
        static func attributes(_ body: ArraySlice<Unicode.Scalar>) -> [String: String] {
            var result: [String: String] = [:]
            var cursor = body.startIndex
            func isSpace(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\n" || s == "\t" || s == "\r" || s == "/" }
            while cursor < body.endIndex {
                while cursor < body.endIndex, isSpace(body[cursor]) { cursor += 1 }
                var name = String.UnicodeScalarView()
                while cursor < body.endIndex, !isSpace(body[cursor]), body[cursor] != "=" { name.append(body[cursor]); cursor += 1 }
                while cursor < body.endIndex, body[cursor] == " " { cursor += 1 }
                var value = String.UnicodeScalarView()
                if cursor < body.endIndex, body[cursor] == "=" {
                    cursor += 1
                    while cursor < body.endIndex, body[cursor] == " " { cursor += 1 }
                    if cursor < body.endIndex, body[cursor] == "\"" || body[cursor] == "'" {
                        let quote = body[cursor]
                        cursor += 1
                        while cursor < body.endIndex, body[cursor] != quote { value.append(body[cursor]); cursor += 1 }
                        cursor += 1
                    } else {
                        while cursor < body.endIndex, !isSpace(body[cursor]) { value.append(body[cursor]); cursor += 1 }
                    }
                }
                if !name.isEmpty {
                    let key = String(name).lowercased()
                    if result[key] == nil { result[key] = MastodonHTML.decodeEntities(String(value)) }
                }
            }
            return result
        }

        // MARK: Entities

        /// Reads an entity after `&` at `index`; returns `&` itself (index unchanged) when there is none.
        mutating func readEntity() -> Unicode.Scalar {
            let (scalars, length) = MastodonHTML.entity(in: input, at: index)
            guard length > 0 else { return "&" }
            index += length
            for scalar in scalars.dropLast() { appendText(scalar) }
            return scalars.last ?? "\u{FFFD}"
        }
    }
}

extension String {
    var trimmingSpaces: String {
        var copy = Substring(self)
        while copy.first == " " { copy.removeFirst() }
        while copy.last == " " { copy.removeLast() }
        return String(copy)
    }
}
