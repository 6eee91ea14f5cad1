import Foundation
import MicroblogKit

/// Mastodon's `Link` header: `<https://…?max_id=1>; rel="next", <https://…?min_id=9>; rel="prev"`.
///
/// Parsing never fails: parts that do not make sense are skipped, so a garbled header only costs the
/// links it garbles.
public struct LinkHeader: Sendable, Hashable {
    /// The URLs by relation (`next`, `prev`), first one wins.
    public var links: [String: URL]

    public init(links: [String: URL] = [:]) { self.links = links }

    /// Parses one or more `Link` header values.
    public init(_ values: [String]) {
        var links: [String: URL] = [:]
        for value in values {
            for part in Self.split(value) {
                guard let open = part.firstIndex(of: "<"), let close = part[open...].firstIndex(of: ">"), open < close else { continue }
                let target = String(part[part.index(after: open)..<close]).trimmingCharacters(in: .whitespaces)
                guard let url = URL(string: target), url.scheme != nil else { continue }
                let parameters = part[part.index(after: close)...].split(separator: ";")
                for parameter in parameters {
                    let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    guard pair.count == 2, pair[0].lowercased() == "rel" else { continue }
                    let names = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).split(separator: " ")
                    for name in names where links[name.lowercased()] == nil { links[name.lowercased()] = url }
                }
            }
        }
        self.links = links
    }

    /// Parses a single header value.
    public init(_ value: String) { self.init([value]) }

    /// Older items, from the `next` link.
    public var older: PageRequest? { links["next"].flatMap(Self.pageRequest) }
    /// Newer items, from the `prev` link.
    public var newer: PageRequest? { links["prev"].flatMap(Self.pageRequest) }

    /// The paging parameters of a link (`max_id`, `min_id`, `since_id`, `limit`); nil when it has none.
    public static func pageRequest(_ url: URL) -> PageRequest? {
        guard let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems else { return nil }
        func value(_ name: String) -> String? {
            items.first { $0.name == name }?.value.flatMap { $0.isEmpty ? nil : $0 }
        }
        let request = PageRequest.mastodon(
            maxId: value("max_id"), sinceId: value("since_id"), minId: value("min_id"), limit: value("limit").flatMap { Int($0) })
        if request.cursor == nil { return nil }
        return request
    }

    /// Splits on commas outside `<…>` (URLs may hold commas).
    private static func split(_ value: String) -> [Substring] {
        var parts: [Substring] = []
        var start = value.startIndex
        var inside = false
        for index in value.indices {
            switch value[index] {
            case "<": inside = true
            case ">": inside = false
            case "," where !inside:
                parts.append(value[start..<index])
                start = value.index(after: index)
            default: break
            }
        }
        parts.append(value[start...])
        return parts
    }
}
