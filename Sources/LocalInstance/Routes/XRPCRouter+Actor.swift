import Foundation
import GRDB
import Hummingbird

extension XRPCRouter {
    /// `app.bsky.actor.*`: profiles, people search and preferences.
    static func addActorRoutes(_ router: Router<InstanceRequestContext>, _ services: InstanceServices) {
        let store = services.store
        router.xrpc(.query, "app.bsky.actor.getProfile", access: .optional, services: services) { request in
            let name = try request.required("actor")
            return try read(services, viewer: request.viewer) { reader in
                try reader.profileDetailed(store.atActor(reader.db, named: name).id)
            }
        }
        router.xrpc(.query, "app.bsky.actor.getProfiles", access: .optional, services: services) { request in
            let names = request.strings("actors")
            guard names.count <= 25 else { throw XRPCError.invalid("actors must not have more than 25 elements") }
            return try read(services, viewer: request.viewer) { reader in
                ["profiles": try names.compactMap { name in try (try? store.atActor(reader.db, named: name)).map { try reader.profileDetailed($0.id) } }]
            }
        }
        router.xrpc(.query, "app.bsky.actor.searchActors", access: .optional, services: services) { request in
            var term = request.string("q") ?? request.string("term") ?? ""
            try RequestLimits.checkSearch(term)
            if term.lowercased().hasSuffix(ATIdentifiers.userDomain) { term = String(term.dropLast(ATIdentifiers.userDomain.count)) }
            let limit = try request.limit(default: 25)
            let offset = Int(request.string("cursor") ?? "") ?? 0
            let found = term.isEmpty ? [] : try store.searchAccounts(term, limit: limit, offset: offset)
            return try read(services, viewer: request.viewer) { reader in
                var output: XObject = ["actors": try found.compactMap { Int64($0.id) }.map { try reader.profileView($0) }]
                if found.count == limit { output["cursor"] = String(offset + limit) }
                return output
            }
        }
        router.xrpc(.query, "app.bsky.actor.getPreferences", access: .required, services: services) { request in
            let viewer = try request.requireViewer()
            return try read(services, viewer: viewer) { reader in
                if let stored = try String.fetchOne(reader.db, sql: "SELECT preferences FROM bsky_preferences WHERE account_id = ?", arguments: [viewer.accountID]),
                    let preferences = try? JSONSerialization.jsonObject(with: Data(stored.utf8)) as? [Any]
                {
                    return ["preferences": preferences]
                }
                return ["preferences": try defaultPreferences(reader)]
            }
        }
        router.xrpc(.procedure, "app.bsky.actor.putPreferences", access: .required, services: services) { request in
            let viewer = try request.requireViewer()
            guard let preferences = try request.input()["preferences"] as? [Any],
                preferences.allSatisfy({ ($0 as? XObject)?["$type"] is String })
            else { throw XRPCError.invalid("Input/preferences must be a list of typed preferences") }
            let text = String(decoding: ATIdentifiers.canonicalJSON(preferences), as: UTF8.self)
            try store.database.queue.write { db in
                try db.execute(
                    sql: "INSERT OR REPLACE INTO bsky_preferences (account_id, preferences) VALUES (?, ?)", arguments: [viewer.accountID, text])
            }
            return .xrpcEmpty
        }
    }

    /// The preferences of an account that saved none: the following timeline and the demo's feeds, saved and
    /// pinned (`savedFeedsPrefV2`, and the older `savedFeedsPref` beside it).
    static func defaultPreferences(_ reader: BlueskyReader) throws -> [Any] {
        let uris = try customFeeds.map { try feedURI(reader.db, store: reader.store, rkey: $0.rkey) }
        var items: [XObject] = [["id": "timeline-following", "type": "timeline", "value": "following", "pinned": true]]
        for (index, uri) in uris.enumerated() {
            items.append(["id": "feed-\(customFeeds[index].rkey)", "type": "feed", "value": uri, "pinned": true])
        }
        return [
            ["$type": "app.bsky.actor.defs#savedFeedsPrefV2", "items": items] as XObject,
            ["$type": "app.bsky.actor.defs#savedFeedsPref", "pinned": uris, "saved": uris] as XObject,
        ]
    }
}
