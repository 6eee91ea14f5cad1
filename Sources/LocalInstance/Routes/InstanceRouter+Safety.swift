import Foundation
import HTTPTypes
import Hummingbird
import MastodonAPI

extension InstanceRouter {
    /// Mutes, blocks, domain blocks, reports, follow requests and muted conversations.
    static func addSafetyRoutes(_ router: Router<InstanceRequestContext>, _ services: InstanceServices) {
        let store = services.store
        router.api(API.Safety.mute, access: .scope("follow"), services: services) { request in
            let notifications = try request.params.bool("notifications") ?? true
            let duration = try request.params.int("duration")
            guard (duration ?? 0) >= 0 else { throw APIError.unprocessable("Validation failed: duration must not be negative") }
            return try .json(try store.mute(target: request.id(), notifications: notifications, duration: duration, viewer: request.requireViewer()))
        }
        router.api(API.Safety.block, access: .scope("follow"), services: services) { request in
            try .json(try store.block(target: request.id(), viewer: request.requireViewer()))
        }
        for (endpoint, table) in [(API.Safety.unmute, InstanceStore.SafetyTable.mutes), (API.Safety.unblock, .blocks)] {
            router.api(endpoint, access: .scope("follow"), services: services) { request in
                try .json(try store.lift(table, target: request.id(), viewer: request.requireViewer()))
            }
        }
        let lists: [(Route, InstanceStore.SafetyTable)] = [
            (API.Safety.mutes.route, .mutes), (API.Safety.blocks.route, .blocks), (API.Safety.followRequests.route, .followRequests),
        ]
        for (route, table) in lists {
            router.api(
                HTTPRequest.Method(route.method), RouterPath(route.template.routerPattern), access: .scope("follow"), services: services
            ) { request in
                let page = try PageQuery(params: request.params, defaultLimit: 40, maxLimit: 80)
                return try .page(try store.safetyList(table, page: page, viewer: request.requireViewer()), request: request)
            }
        }
        router.api(API.Safety.domainBlocks, access: .scope("follow"), services: services) { request in
            let page = try PageQuery(params: request.params, defaultLimit: 100, maxLimit: 200)
            return try .page(try store.domainBlocks(page: page, viewer: request.requireViewer()), request: request)
        }
        for (endpoint, on) in [(API.Safety.blockDomain, true), (API.Safety.unblockDomain, false)] {
            router.api(endpoint, access: .scope("follow"), services: services) { request in
                guard let domain = request.params.string("domain") else { throw APIError.badRequest("domain is missing") }
                try store.setDomainBlock(domain, on: on, viewer: request.requireViewer())
                return .empty
            }
        }
        router.api(API.Safety.report, access: .scope("write"), services: services) { request in
            let params = request.params
            guard let target = params.string("account_id").flatMap({ Int64($0) }) else { throw APIError.unprocessable("Validation failed: Target account must exist") }
            let ruleIDs = params.strings("rule_ids[]") + params.strings("rule_ids")
            let category = params.string("category") ?? (ruleIDs.isEmpty ? "other" : "violation")
            let report = try store.report(
                target: target, statusIDs: unique(ids(params, "status_ids[]", "status_ids")), comment: params.string("comment") ?? "",
                category: category, ruleIDs: ruleIDs, viewer: request.requireViewer())
            return try .json(report)
        }
        for (endpoint, accept) in [(API.Safety.authorize, true), (API.Safety.reject, false)] {
            router.api(endpoint, access: .scope("follow"), services: services) { request in
                let (relationship, events) = try store.answerFollowRequest(from: request.id(), accept: accept, viewer: request.requireViewer())
                services.hub.publish(events)
                return try .json(relationship)
            }
        }
        for (endpoint, muted) in [(API.Safety.muteConversation, true), (API.Safety.unmuteConversation, false)] {
            router.api(endpoint, access: .scope("write"), services: services) { request in
                try .json(try store.setConversationMuted(muted, statusID: request.id(), viewer: request.requireViewer()))
            }
        }
    }

    /// The ids in their first order, each once.
    private static func unique(_ ids: [Int64]) -> [Int64] {
        var seen = Set<Int64>()
        return ids.filter { seen.insert($0).inserted }
    }
}
