import Foundation
import MastodonAPI
import MicroblogKit

extension MastodonClient {
    public func edit(postId: String, text: String, spoilerText: String) async throws -> Post {
        var form: Parameters = [("status", text)]
        if !spoilerText.isEmpty { form.append(("spoiler_text", spoilerText)) }
        return try Self.model(try await call(API.Statuses.edit(id: postId, form: form)))
    }

    public func source(postId: String) async throws -> PostSource {
        let (source, _) = try await get(API.Statuses.source(id: postId))
        return PostSource(text: source.text ?? "", spoilerText: source.spoilerText ?? "")
    }
}
