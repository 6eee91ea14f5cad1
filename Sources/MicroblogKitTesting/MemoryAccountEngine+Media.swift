import Foundation
import MicroblogKit

/// The files of attachments the in-memory engine's "server" holds, and what the engine kept of them: each
/// file by its address, the sizes the host tells, the texts recognised; and how often each was asked for.
public struct MemoryMedia: Sendable {
    /// The bytes of each file, by its address.
    public var files: [String: Data] = [:]
    /// The size each host tells of a file it was asked about with `HEAD` (a file not in ``files``), by address.
    public var toldSizes: [String: Int] = [:]
    /// The texts recognised in attachments, by attachment id.
    public var texts: [String: String] = [:]
    /// The sizes told and kept, by attachment id.
    public var keptSizes: [String: Int] = [:]
    /// The addresses fetched, in order.
    public var fetched: [String] = []
    /// The addresses whose size was asked of their host, in order.
    public var sizesAsked: [String] = []

    public init() {}
}

extension MemoryAccountEngine: MediaStore {
    public func mediaData(_ attachment: MediaAttachment, of postId: String?) async throws -> Data {
        try media.withValue { media in
            media.fetched.append(attachment.url)
            guard let data = media.files[attachment.url] else { throw MicroblogError.notFound }
            return data
        }
    }

    public func recognizedText(_ attachment: MediaAttachment) async -> String? { media.withValue { $0.texts[attachment.id] } }

    public func keepRecognizedText(_ text: String, for attachment: MediaAttachment) async { media.withValue { $0.texts[attachment.id] = text } }

    public func mediaSize(_ attachment: MediaAttachment) async -> Int? {
        media.withValue { media in
            if let kept = media.keptSizes[attachment.id] ?? media.files[attachment.url]?.count { return kept }
            media.sizesAsked.append(attachment.url)
            let told = media.toldSizes[attachment.url]
            if let told { media.keptSizes[attachment.id] = told }
            return told
        }
    }
}
