import Foundation
import GRDB

/// What a filter update changes (`PUT /api/v2/filters/:id`): only what was sent.
struct FilterChange: Sendable {
    var title: String?
    var contexts: [String]?
    var action: String?
    /// `.some(nil)`: never expires; nil: unchanged.
    var expiresIn: Int??
    var addedKeywords: [(text: String, wholeWord: Bool)] = []
    /// Keywords changed by id (their new text), and removed by id (`_destroy`).
    var changedKeywords: [(id: Int64, text: String?, wholeWord: Bool?)] = []
    var removedKeywords: [Int64] = []
}

extension InstanceStore {
    /// Changes one of the viewer's filters; returns it with its keywords.
    ///
    /// - Throws: ``APIError`` 404 when it is not theirs, 422 for a blank title, an unknown context or action.
    func updateFilter(id: Int64, _ change: FilterChange, viewer: Viewer) throws -> FilterEntity {
        if let title = change.title, title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw APIError.unprocessable("Title can't be blank")
        }
        if let contexts = change.contexts, contexts.isEmpty || contexts.contains(where: { FilterContext(rawValue: $0) == nil }) {
            throw APIError.unprocessable("Context must be home, notifications, public, thread or account")
        }
        if let action = change.action, !Self.filterActions.contains(action) {
            throw APIError.unprocessable("Filter action must be warn, hide or blur")
        }
        try database.queue.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS(SELECT 1 FROM filters WHERE id = ? AND account_id = ?)",
                                    arguments: [id, viewer.accountID]) == true
            else { throw APIError.notFound() }
            if let title = change.title {
                try db.execute(sql: "UPDATE filters SET title = ? WHERE id = ?", arguments: [title.trimmingCharacters(in: .whitespacesAndNewlines), id])
            }
            if let contexts = change.contexts {
                try db.execute(sql: "UPDATE filters SET contexts = ? WHERE id = ?", arguments: [contexts.joined(separator: ","), id])
            }
            if let action = change.action { try db.execute(sql: "UPDATE filters SET action = ? WHERE id = ?", arguments: [action, id]) }
            if let expiresIn = change.expiresIn {
                try db.execute(sql: "UPDATE filters SET expires_at = ? WHERE id = ?",
                               arguments: [expiresIn.map { nowMillis() + Int64($0) * 1000 }, id])
            }
            for keyword in change.removedKeywords {
                try db.execute(sql: "DELETE FROM filter_keywords WHERE id = ? AND filter_id = ?", arguments: [keyword, id])
            }
            for keyword in change.changedKeywords {
                if let text = keyword.text {
                    try db.execute(sql: "UPDATE filter_keywords SET keyword = ? WHERE id = ? AND filter_id = ?", arguments: [text, keyword.id, id])
                }
                if let wholeWord = keyword.wholeWord {
                    try db.execute(sql: "UPDATE filter_keywords SET whole_word = ? WHERE id = ? AND filter_id = ?",
                                   arguments: [wholeWord, keyword.id, id])
                }
            }
            for keyword in change.addedKeywords where !keyword.text.isEmpty {
                try db.execute(sql: "INSERT INTO filter_keywords (filter_id, keyword, whole_word) VALUES (?, ?, ?)",
                               arguments: [id, keyword.text, keyword.wholeWord])
            }
        }
        guard let entity = try filterList(viewer: viewer, id: id).first else { throw APIError.notFound() }
        return entity
    }

    /// Adds a keyword to one of the viewer's filters.
    func addFilterKeyword(filterID: Int64, keyword: String, wholeWord: Bool, viewer: Viewer) throws -> FilterEntity.Keyword {
        guard !keyword.trimmingCharacters(in: .whitespaces).isEmpty else { throw APIError.unprocessable("Keyword can't be blank") }
        return try database.queue.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS(SELECT 1 FROM filters WHERE id = ? AND account_id = ?)",
                                    arguments: [filterID, viewer.accountID]) == true
            else { throw APIError.notFound() }
            try db.execute(sql: "INSERT INTO filter_keywords (filter_id, keyword, whole_word) VALUES (?, ?, ?)",
                           arguments: [filterID, keyword, wholeWord])
            return FilterEntity.Keyword(id: String(db.lastInsertedRowID), keyword: keyword, wholeWord: wholeWord)
        }
    }

    /// Removes a keyword from one of the viewer's filters.
    func removeFilterKeyword(id: Int64, viewer: Viewer) throws {
        try database.queue.write { db in
            try db.execute(
                sql: "DELETE FROM filter_keywords WHERE id = ? AND filter_id IN (SELECT id FROM filters WHERE account_id = ?)",
                arguments: [id, viewer.accountID])
            if db.changesCount == 0 { throw APIError.notFound() }
        }
    }
}
