/// Pages read one after another may overlap (a post that came in between pushes the older ones down, and a
/// server's `next` link may start on the last item already read): an item that comes again is kept once.
extension Array where Element: Identifiable {
    /// Adds `page` after these items; an item whose id is here already is not added again, and its copy
    /// from `page`, the one read later, replaces the earlier where it stands (the newer shape: edited,
    /// or with its link card fetched since).
    ///
    /// - Returns: how many items of `page` were new.
    @discardableResult
    public mutating func merge(page: some Sequence<Element>) -> Int {
        var positions: [Element.ID: Int] = [:]
        positions.reserveCapacity(count)
        for (index, item) in enumerated() { positions[item.id] = index }
        var added = 0
        for item in page {
            if let at = positions[item.id] {
                self[at] = item
            } else {
                positions[item.id] = count
                append(item)
                added += 1
            }
        }
        return added
    }
}
