import Foundation
import GRDB
import Hummingbird

extension XRPCRouter {
    /// `com.atproto.server.*` (the server and sessions), `com.atproto.identity.resolveHandle` and
    /// `com.atproto.moderation.createReport`.
    static func addServerRoutes(_ router: Router<InstanceRequestContext>, _ services: InstanceServices) {
        let store = services.store
        router.xrpc(.query, "com.atproto.server.describeServer", access: .optional, services: services) { _ in
            try .xrpc([
                "did": ATIdentifiers.serviceDID(baseURL: store.baseURL), "availableUserDomains": [ATIdentifiers.userDomain],
                "inviteCodeRequired": false, "phoneVerificationRequired": false, "links": XObject(),
            ])
        }
        router.xrpc(.procedure, "com.atproto.server.createSession", access: .ownToken, services: services) { request in
            let input = try request.input()
            guard let identifier = input["identifier"] as? String, let password = input["password"] as? String else {
                throw XRPCError.invalid("Input must have the properties \"identifier\" and \"password\"")
            }
            let session = try store.createBlueskySession(identifier: identifier, password: password, accessTTL: services.bluesky.accessTTL)
            services.bluesky.countSession()
            return try .xrpc(session)
        }
        router.xrpc(.procedure, "com.atproto.server.refreshSession", access: .ownToken, services: services) { request in
            guard let token = request.bearer else { throw XRPCError.authenticationRequired }
            return try .xrpc(try store.refreshBlueskySession(refreshJWT: token, accessTTL: services.bluesky.accessTTL))
        }
        router.xrpc(.procedure, "com.atproto.server.deleteSession", access: .ownToken, services: services) { request in
            guard let token = request.bearer else { throw XRPCError.authenticationRequired }
            try store.deleteBlueskySession(refreshJWT: token)
            return .xrpcEmpty
        }
        router.xrpc(.query, "com.atproto.server.getSession", access: .required, services: services) { request in
            let viewer = try request.requireViewer()
            return try read(services, viewer: viewer) { reader in
                let actor = try store.atActor(reader.db, id: viewer.accountID)
                return ["handle": actor.handle, "did": actor.did, "active": true]
            }
        }
        router.xrpc(.query, "com.atproto.identity.resolveHandle", access: .optional, services: services) { request in
            let handle = try request.required("handle")
            return try read(services, viewer: nil) { reader in
                guard let actor = try? store.atActor(reader.db, named: handle), actor.handle == handle.lowercased() else {
                    throw XRPCError.invalid("Unable to resolve handle")
                }
                return ["did": actor.did]
            }
        }
        router.xrpc(.procedure, "com.atproto.moderation.createReport", access: .required, services: services) { request in
            let viewer = try request.requireViewer()
            let input = try request.input()
            guard let reasonType = input["reasonType"] as? String, let subject = input["subject"] as? XObject else {
                throw XRPCError.invalid("Input must have the properties \"reasonType\" and \"subject\"")
            }
            let reason = input["reason"] as? String ?? ""
            let (target, statusIDs): (Int64, [Int64]) = try store.database.queue.read { db in
                if let did = subject["did"] as? String { return (try store.atActor(db, named: did).id, []) }
                let id = try postID(subject["uri"] as? String ?? "")
                guard let author = try Int64.fetchOne(db, sql: "SELECT account_id FROM statuses WHERE id = ?", arguments: [id]) else {
                    throw XRPCError.named("NotFound", "Post not found")
                }
                return (author, [id])
            }
            let category: String = switch reasonType {
            case "com.atproto.moderation.defs#reasonSpam": "spam"
            case "com.atproto.moderation.defs#reasonViolation": "violation"
            default: "other"
            }
            let report = try store.report(target: target, statusIDs: statusIDs, comment: reason, category: category, ruleIDs: [], viewer: viewer)
            return try read(services, viewer: viewer) { reader in
                var output: XObject = [
                    "id": Int(report.id) ?? 0, "reasonType": reasonType, "subject": subject,
                    "reportedBy": try reader.did(viewer.accountID), "createdAt": ATIdentifiers.datetime(millis: store.nowMillis()),
                ]
                if !reason.isEmpty { output["reason"] = reason }
                return output
            }
        }
    }
}

extension XRPCRequest {
    /// The bearer token sent, if any (the session methods take the refresh token this way).
    var bearer: String? {
        guard let header = headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return String(parts[1])
    }
}
