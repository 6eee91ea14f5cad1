import Foundation
import Hummingbird
import MastodonAPI

extension InstanceRouter {
    /// Media uploads with their descriptions, and scheduled statuses.
    static func addWritingRoutes(_ router: Router<InstanceRequestContext>, _ services: InstanceServices) {
        let store = services.store
        for endpoint in [API.Media.upload, API.Media.uploadV1] {
            let waits = endpoint.path.hasPrefix("/api/v2")
            router.api(endpoint, access: .scope("write"), services: services) { request in
                guard let file = request.params.object("file"), let name = file.string("filename") else {
                    throw APIError.unprocessable("File can't be blank")
                }
                let upload = MediaUpload(
                    fileName: name, mimeType: file.string("content_type") ?? "application/octet-stream",
                    size: try file.int("size") ?? 0, description: request.params.string("description"),
                    data: file.string("data").flatMap { Data(base64Encoded: $0) })
                let viewer = try request.requireViewer()
                let (entity, processing) = try store.createMedia(upload, viewer: viewer)
                if processing && !waits {
                    // v1 answers only when the file is ready.
                    return try .json(try store.media(id: Int64(entity.id) ?? 0, viewer: viewer, finishing: true)?.0 ?? entity)
                }
                return try .json(entity, status: processing ? .accepted : .ok)
            }
        }
        router.api(API.Media.attachment, access: .scope("read"), services: services) { request in
            guard let (entity, processing) = try store.media(id: request.id(), viewer: request.requireViewer(), finishing: true) else {
                throw APIError.notFound()
            }
            return try .json(entity, status: processing ? .partialContent : .ok)
        }
        router.api(API.Media.update, access: .scope("write"), services: services) { request in
            try .json(try store.describeMedia(id: request.id(), description: request.params.string("description"), viewer: request.requireViewer()))
        }
        router.api(API.ScheduledStatuses.list, access: .scope("read"), services: services) { request in
            try .json(try store.scheduledStatuses(viewer: request.requireViewer()))
        }
        router.api(API.ScheduledStatuses.one, access: .scope("read"), services: services) { request in
            guard let entity = try store.scheduledStatus(id: request.id(), viewer: request.requireViewer()) else { throw APIError.notFound() }
            return try .json(entity)
        }
        router.api(API.ScheduledStatuses.reschedule, access: .scope("write"), services: services) { request in
            let viewer = try request.requireViewer()
            let id = try request.id()
            guard let text = request.params.string("scheduled_at"), let date = mastodonDate(text) else {
                throw APIError.unprocessable("Scheduled at is invalid")
            }
            guard let entity = try store.reschedule(id: id, at: date, viewer: viewer) else { throw APIError.notFound() }
            wake(services, at: date)
            return try .json(entity)
        }
        router.api(API.ScheduledStatuses.cancel, access: .scope("write"), services: services) { request in
            try store.cancelScheduled(id: request.id(), viewer: request.requireViewer())
            return .empty
        }
    }

    /// `media_ids[]` as numbers.
    ///
    /// - Throws: ``APIError`` 422 for an id that is not a number.
    static func mediaIDs(_ params: Params) throws -> [Int64] {
        try (params.strings("media_ids") + params.strings("media_ids[]")).map { text in
            guard let id = Int64(text) else { throw APIError.unprocessable("Media \(text) cannot be attached") }
            return id
        }
    }

    /// Keeps a status for later (`scheduled_at` given) and answers the `ScheduledStatus`.
    static func schedule(_ new: NewStatus, at text: String, viewer: Viewer, key: String?, services: InstanceServices) throws -> APIResponse {
        guard let date = mastodonDate(text) else { throw APIError.unprocessable("Scheduled at is invalid") }
        let entity = try services.store.scheduleStatus(new, at: date, viewer: viewer, idempotencyKey: key)
        wake(services, at: date)
        return try .json(entity)
    }

    /// Publishes what is due at `date`, waiting on the instance's sleeper (a test's virtual time, or real time).
    /// Requests publish what is due too, so a status whose wait was cut by a restart goes out on the next call.
    static func wake(_ services: InstanceServices, at date: Date) {
        let delay = max(0, date.timeIntervalSince(services.store.clock.now()))
        Task {
            do { try await services.sleeper.sleep(for: .milliseconds(Int64(delay * 1000))) } catch { return }
            services.hub.publish((try? services.store.publishDueScheduled()) ?? [])
        }
    }

    /// `2026-11-25T09:00:00.000Z`, with or without the fraction, or any ISO 8601 time with an offset.
    static func mastodonDate(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
