import Foundation
import MastodonAPI
import MicroblogKit

extension MastodonClient {
    public func edit(postId: String, text: String, spoilerText: String, language: String?, mediaDescriptions: [String: String]) async throws -> Post {
        var form: Parameters = [("status", text)]
        if !spoilerText.isEmpty { form.append(("spoiler_text", spoilerText)) }
        if let language { form.append(("language", language)) }
        // Every attachment is named (media_ids[] that leave one out would remove it), each with its description.
        for (index, id) in mediaDescriptions.keys.sorted().enumerated() {
            form += [("media_ids[]", id), ("media_attributes[\(index)][id]", id),
                     ("media_attributes[\(index)][description]", mediaDescriptions[id] ?? "")]
        }
        return try Self.model(try await call(API.Statuses.edit(id: postId, form: form)))
    }

    public func source(postId: String) async throws -> PostSource {
        let (source, _) = try await get(API.Statuses.source(id: postId))
        return PostSource(text: source.text ?? "", spoilerText: source.spoilerText ?? "")
    }

    public func history(postId: String) async throws -> [PostVersion] {
        let (edits, _) = try await get(API.Statuses.history(id: postId))
        return edits.decoded().map { edit in
            PostVersion(createdAt: edit.createdAt ?? .distantPast, content: RichText(html: edit.content ?? ""), spoilerText: edit.spoilerText ?? "")
        }
    }
}
