import Foundation
import MicroblogKit

extension MastodonClient: MediaDownloading {
    /// Fetches an attachment's file. Media live on the server or on its storage host: the token is sent only
    /// to the server itself, and an address that is not https (or local) is refused as any other would be.
    public func download(_ attachment: MediaAttachment) async throws -> Data {
        try await send(fileRequest(attachment, method: "GET"), retryable: true).body
    }

    /// Asks the file's host for its size with `HEAD` (Mastodon's attachment entity does not hold it).
    public func fileSize(_ attachment: MediaAttachment) async throws -> Int? {
        let response = try await send(fileRequest(attachment, method: "HEAD"), retryable: true)
        return response.header("Content-Length").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.flatMap { $0 >= 0 ? $0 : nil }
    }

    /// A request for an attachment's file at its address.
    private func fileRequest(_ attachment: MediaAttachment, method: String) throws -> HTTPRequest {
        guard let url = URL(string: attachment.url), url.host != nil else { throw MicroblogError.invalidURL(attachment.url) }
        try Self.requireSecure(url)
        var headers: [(name: String, value: String)] = [("User-Agent", "Parla")]
        if url.host == server.host && url.port == server.port { headers.append(("Authorization", "Bearer " + token)) }
        return HTTPRequest(method: method, url: url, headers: headers)
    }
}
