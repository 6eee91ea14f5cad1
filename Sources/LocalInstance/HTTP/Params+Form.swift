import Foundation

extension Params {
    /// Parses `application/x-www-form-urlencoded` text (also a query string), with `a[]` lists and `a[b]`
    /// objects.
    ///
    /// The pairs are counted before they are split, and a name's depth before its path is built; the values
    /// then go into a tree of references, so each pair costs the length of its name and value, however many
    /// pairs share a list or an object.
    ///
    /// - Throws: ``APIError`` 422 for more than ``RequestLimits/maxParameters`` pairs or a name nested deeper
    ///   than ``RequestLimits/maxNesting``.
    static func form(_ text: String) throws -> Params {
        let ampersand = UInt8(ascii: "&")
        var separators = 0
        for byte in text.utf8 where byte == ampersand {
            separators += 1
            if separators >= RequestLimits.maxParameters { throw RequestLimits.tooManyParameters() }
        }
        let root = FormNode()
        root.children = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            let value = parts.count > 1 ? decode(parts[1]) : ""
            root.insert(.string(value), at: try keyPath(name))
        }
        return Params(root.children?.mapValues(\.value) ?? [:])
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// `poll[options][]` → ["poll", "options", ""].
    ///
    /// - Throws: ``APIError`` 422 when the name has more than ``RequestLimits/maxNesting`` levels.
    private static func keyPath(_ name: String) throws -> [String] {
        guard let open = name.firstIndex(of: "["), name.hasSuffix("]"), open != name.startIndex else { return [name] }
        var brackets = 0
        for byte in name.utf8 where byte == UInt8(ascii: "[") {
            brackets += 1
            if brackets >= RequestLimits.maxNesting { throw RequestLimits.nestedTooDeeply() }
        }
        var path = [String(name[..<open])]
        let rest = name[open...]
        for piece in rest.dropFirst().dropLast().components(separatedBy: "][") { path.append(piece) }
        return path
    }
}

/// One name of a form being read: a value, a list (`a[]`) or an object (`a[b]`). A reference, so adding to a
/// list or an object changes it where it is instead of copying it.
private final class FormNode {
    var leaf: ParamValue?
    var items: [ParamValue]?
    var children: [String: FormNode]?

    /// Sets `value` at `path` below this object: the last name takes it, a last `[]` appends it to a list,
    /// and any name whose node is of another kind starts a new one, as a later pair wins.
    func insert(_ value: ParamValue, at path: [String]) {
        var node = self
        for (index, name) in path.enumerated() {
            let remaining = path.count - index - 1
            if remaining == 0 {
                let leaf = FormNode()
                leaf.leaf = value
                node.children?[name] = leaf
                return
            }
            if remaining == 1, path[index + 1] == "" {
                let list: FormNode
                if let existing = node.children?[name], existing.items != nil {
                    list = existing
                } else {
                    list = Self.list(in: node, named: name)
                }
                list.items?.append(value)
                return
            }
            if let existing = node.children?[name], existing.children != nil {
                node = existing
            } else {
                node = Self.object(in: node, named: name)
            }
        }
    }

    private static func list(in parent: FormNode, named name: String) -> FormNode {
        let node = FormNode()
        node.items = []
        parent.children?[name] = node
        return node
    }

    private static func object(in parent: FormNode, named name: String) -> FormNode {
        let node = FormNode()
        node.children = [:]
        parent.children?[name] = node
        return node
    }

    /// The parameter this node holds, with everything below it.
    var value: ParamValue {
        if let leaf { return leaf }
        if let items { return .array(items) }
        return .object(children?.mapValues(\.value) ?? [:])
    }
}
