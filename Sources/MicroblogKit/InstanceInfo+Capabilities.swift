import Foundation

extension InstanceInfo {
    /// What the server's network has, with the limits the server states: its length limit, files per
    /// post and poll options, and streaming only when it names a streaming address (Mastodon's).
    public var capabilities: NetworkCapabilities {
        var capabilities = NetworkCapabilities.of(network)
        capabilities.maxCharacters = maxCharacters
        capabilities.maxImages = maxMediaAttachments
        if capabilities.has(.polls) { capabilities.maxPollOptions = maxPollOptions }
        if network == .mastodon, streamingURL == nil { capabilities.features.remove(.streaming) }
        return capabilities
    }
}
