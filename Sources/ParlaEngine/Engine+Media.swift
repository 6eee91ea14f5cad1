import Foundation
import MicroblogKit

extension Engine: MediaStore {
    /// The account's kept media, in `media/` beside the drafts.
    nonisolated var mediaCache: MediaCache {
        MediaCache(folder: drafts.folder.deletingLastPathComponent().appendingPathComponent("media", isDirectory: true))
    }

    public func mediaData(_ attachment: MediaAttachment, of postId: String?) async throws -> Data {
        let cache = mediaCache
        if let kept = cache.data(attachment) { return kept }
        guard let downloading = service as? any MediaDownloading else { throw MicroblogError.notSupported(feature: "media") }
        var current = attachment
        if let postId {
            let fresh = try await post(id: postId)
            current = (fresh.shown.media + fresh.media).first { $0.id == attachment.id } ?? attachment
        }
        let address = current
        let data = try await reach { try await downloading.download(address) }
        cache.keep(data, for: attachment)
        return data
    }

    public func recognizedText(_ attachment: MediaAttachment) async -> String? { mediaCache.text(attachment) }

    public func keepRecognizedText(_ text: String, for attachment: MediaAttachment) async { mediaCache.keepText(text, for: attachment) }

    public func mediaSize(_ attachment: MediaAttachment) async -> Int? {
        let cache = mediaCache
        if let kept = cache.size(attachment) { return kept }
        guard let downloading = service as? any MediaDownloading,
              let told = try? await reach({ try await downloading.fileSize(attachment) }) else { return nil }
        cache.keepSize(told, for: attachment)
        return told
    }
}
