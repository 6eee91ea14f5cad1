import Foundation
import GRDB

/// A file uploaded to `/api/v2/media`, as the multipart form described it.
struct MediaUpload: Sendable {
    var fileName: String
    var mimeType: String
    var size: Int
    var description: String?
    /// The file's bytes (kept for pictures, which are served at their address).
    var data: Data? = nil
}

extension InstanceStore {
    /// The largest file accepted (`configuration.media_attachments.image_size_limit` and `video_size_limit`).
    static let maxMediaBytes = 8_388_608
    /// The longest description (`configuration.media_attachments.description_limit`).
    static let maxDescription = 1_500
    /// The most attachments on one status.
    static let maxMediaAttachments = 4
    /// What may be uploaded, and the attachment type each becomes.
    static let mediaKinds: [(mime: String, kind: String)] = [
        ("image/jpeg", "image"), ("image/png", "image"), ("image/gif", "image"), ("image/webp", "image"),
        ("audio/mpeg", "audio"), ("audio/ogg", "audio"), ("audio/wav", "audio"), ("audio/flac", "audio"),
        ("video/mp4", "video"), ("video/webm", "video"),
    ]

    /// Stores an upload for `viewer`, not yet attached to a status. Images are ready at once; audio and video
    /// are "processed" and answer 206 to the first look.
    ///
    /// - Throws: ``APIError`` 422 for an unsupported type, an empty or too large file, a too long description.
    func createMedia(_ upload: MediaUpload, viewer: Viewer) throws -> (MediaAttachmentEntity, processing: Bool) {
        var upload = upload
        if upload.mimeType == "application/octet-stream" {
            // A client that names no type (toot): the file's extension says it, as Mastodon's own sniffing would.
            let ext = (upload.fileName as NSString).pathExtension.lowercased()
            let byExtension = ["jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif", "webp": "image/webp",
                               "mp3": "audio/mpeg", "ogg": "audio/ogg", "wav": "audio/wav", "flac": "audio/flac",
                               "mp4": "video/mp4", "webm": "video/webm"]
            upload.mimeType = byExtension[ext] ?? upload.mimeType
        }
        guard let kind = Self.mediaKinds.first(where: { $0.mime == upload.mimeType })?.kind else {
            throw APIError.unprocessable("File type \(upload.mimeType) is not supported")
        }
        guard upload.size > 0 else { throw APIError.unprocessable("File is empty") }
        guard upload.size <= Self.maxMediaBytes else { throw APIError.unprocessable("File is larger than \(Self.maxMediaBytes) bytes") }
        try validate(description: upload.description)
        let processing = kind != "image"
        let id: Int64 = try database.queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO media (account_id, kind, description, file_name, mime_type, size, processed, created_at, file)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [viewer.accountID, kind, upload.description, upload.fileName, upload.mimeType, upload.size, !processing, nowMillis(),
                            upload.data])
            return db.lastInsertedRowID
        }
        guard let entity = try media(id: id, viewer: viewer).map(\.0) else { throw APIError.notFound() }
        return (entity, processing)
    }

    /// One of the viewer's uploads, and whether it was still being processed when asked (the look finishes it).
    func media(id: Int64, viewer: Viewer, finishing: Bool = false) throws -> (MediaAttachmentEntity, processing: Bool)? {
        try database.queue.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM media WHERE id = ? AND account_id = ?", arguments: [id, viewer.accountID]) else {
                return nil
            }
            let processing = !(row["processed"] as Bool)
            if processing && finishing { try db.execute(sql: "UPDATE media SET processed = 1 WHERE id = ?", arguments: [id]) }
            return (Self.mediaEntity(row, baseURL: baseURL), processing)
        }
    }

    /// Changes the description of one of the viewer's uploads.
    func describeMedia(id: Int64, description: String?, viewer: Viewer) throws -> MediaAttachmentEntity {
        try validate(description: description)
        try database.queue.write { db in
            try db.execute(
                sql: "UPDATE media SET description = ? WHERE id = ? AND account_id = ?", arguments: [description, id, viewer.accountID])
            if db.changesCount == 0 { throw APIError.notFound() }
        }
        guard let entity = try media(id: id, viewer: viewer)?.0 else { throw APIError.notFound() }
        return entity
    }

    func validate(description: String?) throws {
        if let description, description.count > Self.maxDescription {
            throw APIError.unprocessable("Description is too long (maximum is \(Self.maxDescription) characters)")
        }
    }

    /// Checks the uploads a new status names: the viewer's own, ready, not used by another status, at most four.
    func checkMedia(_ ids: [Int64], viewer: Viewer) throws {
        guard ids.count <= Self.maxMediaAttachments else {
            throw APIError.unprocessable("Too many media attachments (maximum is \(Self.maxMediaAttachments))")
        }
        try database.queue.read { db in
            for id in ids {
                guard let row = try Row.fetchOne(db, sql: "SELECT * FROM media WHERE id = ? AND account_id = ?", arguments: [id, viewer.accountID]),
                    (row["status_id"] as Int64?) == nil
                else { throw APIError.unprocessable("Media \(id) cannot be attached") }
                guard row["processed"] as Bool else { throw APIError.unprocessable("Media \(id) is still being processed") }
            }
        }
    }

    /// Attaches uploads to a new status inside an open transaction, in the order given.
    func attachMedia(_ db: Database, _ ids: [Int64], statusID: Int64, accountID: Int64) throws {
        for (position, id) in ids.enumerated() {
            try db.execute(
                sql: "UPDATE media SET status_id = ?, position = ? WHERE id = ? AND account_id = ? AND status_id IS NULL",
                arguments: [statusID, position, id, accountID])
            if db.changesCount == 0 { throw APIError.unprocessable("Media \(id) cannot be attached") }
        }
    }

    /// The `MediaAttachment` of a media row.
    static func mediaEntity(_ row: Row, baseURL: String) -> MediaAttachmentEntity {
        let id: Int64 = row["id"]
        let width: Int = row["width"]
        let height: Int = row["height"]
        let size = MediaAttachmentEntity.Meta.Size(
            width: width, height: height, size: "\(width)x\(height)", aspect: height == 0 ? 1 : Double(width) / Double(height))
        var original = size
        original.duration = (row["file"] as Data?).flatMap(WAVLength.seconds)
        let url = "\(baseURL)/system/media_attachments/\(id).png"
        return MediaAttachmentEntity(
            id: String(id), type: row["kind"], url: url, previewUrl: url, remoteUrl: nil,
            meta: .init(original: original, small: size), description: row["description"], blurhash: nil)
    }

    /// The schema for uploads and scheduled statuses.
    static func migrateWriting(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE media ADD COLUMN file_name TEXT;
            ALTER TABLE media ADD COLUMN mime_type TEXT;
            ALTER TABLE media ADD COLUMN size INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE media ADD COLUMN processed INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE media ADD COLUMN created_at INTEGER;
            CREATE INDEX media_account ON media(account_id, status_id);
            CREATE TABLE scheduled_statuses (
                id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id),
                scheduled_at INTEGER NOT NULL, params TEXT NOT NULL, created_at INTEGER NOT NULL);
            CREATE INDEX scheduled_statuses_due ON scheduled_statuses(scheduled_at);
            """)
    }
}

extension InstanceStore {
    /// Uploaded pictures keep their bytes, served at their address (`/system/media_attachments/<id>.png`).
    static func registerMediaFiles(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v9-media-files") { db in
            try db.execute(sql: "ALTER TABLE media ADD COLUMN file BLOB")
        }
    }

    /// An uploaded picture's bytes and type; nil for one without kept bytes (the demo's, audio, video).
    func mediaFile(id: Int64) throws -> (Data, String)? {
        try database.queue.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT file, mime_type FROM media WHERE id = ?", arguments: [id]),
                let data = row["file"] as Data?, let type = row["mime_type"] as String?
            else { return nil }
            return (data, type)
        }
    }
}
