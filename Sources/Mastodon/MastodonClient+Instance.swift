import Foundation
import MastodonAPI
import MicroblogKit

extension MastodonClient {
    /// The server's limits, from `/api/v2/instance`, or `/api/v1/instance` on servers older than 4.0.
    public func instance() async throws -> InstanceInfo {
        var info: InstanceInfo
        do {
            let (v2, response) = try await get(API.Misc.instance())
            let configuration = v2.configuration
            info = InstanceInfo(
                domain: v2.domain ?? host, title: v2.title ?? "", version: v2.version ?? "",
                maxCharacters: configuration?.statuses?.maxCharacters ?? 500,
                maxMediaAttachments: configuration?.statuses?.maxMediaAttachments ?? 4,
                maxPollOptions: configuration?.polls?.maxOptions ?? 4, streamingURL: configuration?.urls?.streaming)
            Self.addMediaLimits(response.body, to: &info)
        } catch MicroblogError.notFound {
            let (v1, _) = try await get(API.Misc.instanceV1())
            let configuration = v1.configuration
            info = InstanceInfo(
                domain: v1.uri ?? host, title: v1.title ?? "", version: v1.version ?? "",
                maxCharacters: configuration?.statuses?.maxCharacters ?? v1.maxTootChars ?? 500,
                maxMediaAttachments: configuration?.statuses?.maxMediaAttachments ?? 4,
                maxPollOptions: configuration?.polls?.maxOptions ?? 4, streamingURL: v1.urls?.streamingApi)
        }
        if let streaming = info.streamingURL { rememberStreaming(streaming) }
        statedCapabilities.current = info.capabilities
        return info
    }

    /// Mastodon's capabilities, with the limits the server stated once ``instance()`` answered.
    public var capabilities: NetworkCapabilities { statedCapabilities.current ?? .mastodon }

    /// Keeps the streaming address the server announced (as `wss://…`, served over `https://`).
    func rememberStreaming(_ text: String) {
        var text = text
        if text.hasPrefix("wss://") { text = "https://" + text.dropFirst(6) }
        if text.hasPrefix("ws://") { text = "http://" + text.dropFirst(5) }
        guard let url = URL(string: text), (try? Self.requireSecure(url)) != nil else { return }
        streamingBase.current = url
    }
}
