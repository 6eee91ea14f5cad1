import Foundation
import MicroblogKit

extension MastodonClient: MediaDownloading {
    /// Fetches an attachment's file. Media live on the server or on its storage host: the token is sent only
    /// to the server itself, and an address that is not https (or local) is refused as any other would be.
    public func download(_ attachment: MediaAttachment) async throws -> Data {
        guard let url = URL(string: attachment.url), url.host != nil else { throw MicroblogError.invalidURL(attachment.url) }
        try Self.requireSecure(url)
        var headers: [(name: String, value: String)] = [("User-Agent", "Parla")]
        if url.host == server.host && url.port == server.port { headers.append(("Authorization", "Bearer " + token)) }
        return try await send(HTTPRequest(method: "GET", url: url, headers: headers), retryable: true).body
    }
}
