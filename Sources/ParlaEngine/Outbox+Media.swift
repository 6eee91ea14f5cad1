import Foundation
import MicroblogKit

extension Outbox {
    /// Uploads the item's files not uploaded yet, one after the other, keeping each server id in the stored
    /// item as soon as it is known (a retry, even after a restart, uploads nothing twice); returns the post
    /// ready to publish.
    func upload(_ item: OutboxItem) async throws -> NewPost {
        var post = item.post
        let count = post.attachments.count
        for index in post.attachments.indices where post.attachments[index].mediaId == nil {
            let attachment = post.attachments[index]
            observer?(.uploading(outboxId: item.id, fileName: attachment.fileName, number: index + 1, count: count))
            let file = try MediaFile.read(attachment)
            let uploaded = try await service.uploadMedia(file)
            post.attachments[index].mediaId = uploaded.id
            try keep(post, id: item.id)
        }
        for index in post.attachments.indices where post.attachments[index].redescribe {
            guard let id = post.attachments[index].mediaId else { continue }
            _ = try await service.describeMedia(id: id, description: post.attachments[index].description)
            post.attachments[index].redescribe = false
            try keep(post, id: item.id)
        }
        return post
    }

    /// Stores the post of an item without changing its state.
    private func keep(_ post: NewPost, id: String) throws {
        try cache.write { db in
            try db.execute(sql: "UPDATE outbox SET json = ? WHERE id = ?", arguments: [try TimelineCache.encode(post), id])
        }
    }
}

extension MediaFile {
    /// The file of an attachment, read from disk.
    ///
    /// - Throws: ``MicroblogError/storage(detail:)`` when it cannot be read.
    public static func read(_ attachment: NewAttachment) throws -> MediaFile {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: attachment.path))
        } catch {
            throw MicroblogError.storage(detail: attachment.path)
        }
        return MediaFile(
            data: data, fileName: attachment.fileName,
            mimeType: mimeType(forFileName: attachment.fileName) ?? "application/octet-stream",
            description: attachment.description.isEmpty ? nil : attachment.description)
    }
}
