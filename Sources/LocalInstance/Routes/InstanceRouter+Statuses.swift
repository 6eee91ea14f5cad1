import Foundation
import GRDB
import Hummingbird
import MastodonAPI

extension InstanceRouter {
    static func addStatusRoutes(_ router: Router<InstanceRequestContext>, _ services: InstanceServices) {
        let store = services.store
        router.api(API.Statuses.publish, access: .scope("write"), services: services) { request in
            let viewer = try request.requireViewer()
            let params = request.params
            var new = NewStatus(text: params.string("status") ?? "")
            new.spoilerText = params.string("spoiler_text") ?? ""
            new.visibility = params.string("visibility") ?? "public"
            new.language = params.string("language")
            new.sensitive = try params.bool("sensitive") ?? false
            new.application = "Parla"
            if let quoted = params.string("quoted_status_id") {
                guard let id = Int64(quoted) else { throw APIError.notFound() }
                new.quoteOfID = id
            }
            if let reply = params.string("in_reply_to_id") {
                guard let id = Int64(reply) else { throw APIError.notFound() }
                new.inReplyToID = id
            }
            if let poll = params.object("poll") {
                new.pollOptions = poll.strings("options")
                guard !new.pollOptions.isEmpty else { throw APIError.unprocessable("Poll options can't be blank") }
                new.pollExpiresIn = try poll.int("expires_in")
                new.pollMultiple = try poll.bool("multiple") ?? false
            }
            let key = request.headers[.init("Idempotency-Key")!]
            if let key, key.isEmpty || key.count > 200 { throw APIError.badRequest("Idempotency-Key must have 1 to 200 characters") }
            new.mediaIDs = try mediaIDs(params)
            if let when = params.string("scheduled_at") { return try schedule(new, at: when, viewer: viewer, key: key, services: services) }
            try store.checkMedia(new.mediaIDs, viewer: viewer)
            let (id, events) = try store.createStatus(new, viewer: viewer, idempotencyKey: key)
            services.hub.publish(events)
            guard let entity = try store.database.queue.read({ db in try store.status(db, id: id, viewer: viewer) }) else {
                throw APIError.notFound()
            }
            return try .json(entity)
        }
        router.api(API.Statuses.status, access: .optional, services: services) { request in
            let id = try request.id()
            guard let entity = try store.database.queue.read({ db in try store.status(db, id: id, viewer: request.viewer) }) else {
                throw APIError.notFound()
            }
            return try .json(entity)
        }
        router.api(API.Statuses.delete, access: .scope("write"), services: services) { request in
            // As Mastodon: the files stay, detached and usable by a redraft, unless `delete_media=true`.
            let deleteMedia = try request.params.bool("delete_media") ?? false
            let (entity, events) = try store.deleteStatus(id: request.id(), viewer: request.requireViewer(), deleteMedia: deleteMedia)
            services.hub.publish(events)
            return try .json(entity)
        }
        router.api(API.Statuses.context, access: .optional, services: services) { request in
            try .json(try store.context(id: request.id(), viewer: request.viewer))
        }
        let actions: [(Endpoint<MastodonEntities.Status>, StatusAction)] = [
            (API.Statuses.reblog, .reblog), (API.Statuses.unreblog, .unreblog),
            (API.Statuses.favourite, .mark("favourites", on: true)), (API.Statuses.unfavourite, .mark("favourites", on: false)),
            (API.Statuses.bookmark, .mark("bookmarks", on: true)), (API.Statuses.unbookmark, .mark("bookmarks", on: false)),
        ]
        for (endpoint, action) in actions {
            router.api(endpoint, access: .scope("write"), services: services) { request in
                let viewer = try request.requireViewer()
                let id = try request.id()
                var events: [StreamEvent] = []
                var answerID = id
                switch action {
                case .reblog: (answerID, events) = try store.reblog(id: id, viewer: viewer)
                case .unreblog: events = try store.unreblog(id: id, viewer: viewer)
                case .mark(let table, let on): events = try store.mark(table, id: id, on: on, viewer: viewer)
                }
                services.hub.publish(events)
                guard let entity = try store.database.queue.read({ db in try store.status(db, id: answerID, viewer: viewer) }) else {
                    throw APIError.notFound()
                }
                return try .json(entity)
            }
        }
        for (endpoint, favourites) in [(API.Statuses.favouritedBy, true), (API.Statuses.rebloggedBy, false)] {
            router.api(endpoint, access: .optional, services: services) { request in
                let id = try request.id()
                let page = try PageQuery(params: request.params, defaultLimit: 40, maxLimit: 80)
                let result = try store.database.queue.read { db -> Page<AccountEntity> in
                    guard try store.visibleStatusRow(db, id: id, viewer: request.viewer) != nil else { throw APIError.notFound() }
                    return try store.paginate(
                        db, select: "x.account_id AS who", column: "x.id",
                        from: favourites ? "favourites x" : "statuses x",
                        condition: favourites ? "x.status_id = ?" : "x.reblog_of_id = ?", arguments: [id], page: page
                    ) { row in try store.account(db, id: row["who"]) }
                }
                return try .page(result, request: request)
            }
        }
        router.api(API.Polls.poll, access: .optional, services: services) { request in
            let id = try request.id()
            let poll = try store.database.queue.read { db -> PollEntity in
                guard let row = try Row.fetchOne(db, sql: "SELECT * FROM polls WHERE id = ?", arguments: [id]),
                    try store.visibleStatusRow(db, id: row["status_id"], viewer: request.viewer) != nil
                else { throw APIError.notFound() }
                return try store.poll(db, row: row, viewer: request.viewer)
            }
            return try .json(poll)
        }
        router.api(API.Polls.vote, access: .scope("write"), services: services) { request in
            let texts = request.params.strings("choices") + request.params.strings("choices[]")
            let choices = try texts.map { text -> Int in
                guard let value = Int(text) else { throw APIError.unprocessable("Choices must be numbers") }
                return value
            }
            return try .json(try store.vote(pollID: request.id(), choices: choices, viewer: request.requireViewer()))
        }
    }
}

extension InstanceRouter {
    /// What one of the single-post action endpoints does.
    enum StatusAction: Sendable {
        case reblog, unreblog
        /// Adds the post to the user's `favourites` or `bookmarks` table, or removes it.
        case mark(String, on: Bool)
    }
}
