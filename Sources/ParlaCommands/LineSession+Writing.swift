import Foundation
import MicroblogKit
import ParlaBase
import ParlaEngine
import ParlaPresentation

extension LineSession {
    /// Hands a post with a time to the server, which publishes it then.
    public func schedule(_ post: NewPost, timeZone: TimeZone = .current) async throws -> LineOutput {
        try account.capabilities.require(offering: post)
        let engine = try await openEngine()
        let scheduled = try await engine.schedule(post)
        return .done(
            localizer.string("writing.line.scheduled", [
                "time": WritingTime.spoken(scheduled.scheduledAt, language: localizer.language, timeZone: timeZone),
                "id": TextSafety.stripped(scheduled.id),
            ]), json: LineFormatter.encode([ScheduledJSON(scheduled)]))
    }

    /// The user's scheduled posts, soonest first.
    public func scheduled(timeZone: TimeZone = .current) async throws -> LineOutput {
        try account.capabilities.require(.scheduling)
        let engine = try await openEngine()
        let posts = try await engine.scheduledPosts()
        let paragraphs = posts.map { post -> Paragraph in
            var text = localizer.string("writing.line.scheduled-item", [
                "time": WritingTime.spoken(post.scheduledAt, language: localizer.language, timeZone: timeZone),
                "text": TextSafety.stripped(post.text),
            ])
            if post.mediaCount > 0 { text += " " + localizer.string("writing.line.attachments", ["count": String(post.mediaCount)]) }
            if !post.pollOptions.isEmpty {
                text += " " + localizer.string("writing.line.poll", ["options": post.pollOptions.map(TextSafety.stripped).joined(separator: ", ")])
            }
            return Paragraph(text: text + "\n" + localizer.string("line.id", ["id": TextSafety.stripped(post.id)]), spoken: text, language: nil)
        }
        return LineOutput(paragraphs: paragraphs, json: LineFormatter.encode(posts.map(ScheduledJSON.init)),
                          empty: localizer.string("writing.line.no-scheduled"))
    }

    /// Cancels a scheduled post.
    public func unschedule(id: String) async throws -> LineOutput {
        try account.capabilities.require(.scheduling)
        let engine = try await openEngine()
        try await engine.cancelScheduled(id: id)
        return .done(localizer.string("writing.line.unscheduled", ["id": TextSafety.stripped(id)]))
    }

    /// Keeps a reminder about a post, said by Parla when it is due.
    public func remind(postId: String, at date: Date, timeZone: TimeZone = .current) async throws -> LineOutput {
        let engine = try await openEngine()
        let post = try await engine.post(id: postId).shown
        let reminder = Reminder(postId: post.id, dueAt: date, author: post.account.acct, excerpt: Self.excerpt(post))
        try await engine.addReminder(reminder)
        return .done(
            localizer.string("writing.line.reminder-kept", [
                "handle": "@" + TextSafety.stripped(post.account.acct),
                "time": WritingTime.spoken(date, language: localizer.language, timeZone: timeZone),
            ]), json: LineFormatter.encode([ReminderJSON(reminder)]))
    }

    /// The reminders not said yet.
    public func reminders(timeZone: TimeZone = .current) async throws -> LineOutput {
        let engine = try await openEngine()
        let reminders = await engine.reminders()
        let paragraphs = reminders.map { reminder -> Paragraph in
            let text = localizer.string("writing.line.reminder-item", [
                "time": WritingTime.spoken(reminder.dueAt, language: localizer.language, timeZone: timeZone),
                "handle": "@" + TextSafety.stripped(reminder.author), "text": TextSafety.stripped(reminder.excerpt),
            ])
            return Paragraph(text: text + "\n" + localizer.string("line.id", ["id": TextSafety.stripped(reminder.id)]), spoken: text, language: nil)
        }
        return LineOutput(paragraphs: paragraphs, json: LineFormatter.encode(reminders.map(ReminderJSON.init)),
                          empty: localizer.string("writing.line.no-reminders"))
    }

    /// Cancels a reminder.
    public func cancelReminder(id: String) async throws -> LineOutput {
        let engine = try await openEngine()
        guard try await engine.removeReminder(id: id) else { throw LineWritingError.noReminder(id: id) }
        return .done(localizer.string("writing.line.reminder-cancelled"))
    }

    /// Changes the text of one of the user's posts (its content warning kept unless a new one is given).
    public func edit(postId: String, text: String, spoilerText: String?) async throws -> LineOutput {
        try account.capabilities.require(.edit)
        let engine = try await openEngine()
        let warning: String
        if let spoilerText { warning = spoilerText } else { warning = try await engine.source(postId: postId).spoilerText }
        let post = try await engine.edit(postId: postId, text: text, spoilerText: warning, language: nil, mediaDescriptions: [:])
        return .done(localizer.string("writing.line.edited", ["id": TextSafety.stripped(post.id)]), json: formatter.json([post]))
    }

    /// Deletes one of the user's posts and gives back its text to write again.
    public func redraft(postId: String) async throws -> LineOutput {
        let engine = try await openEngine()
        let post = try await engine.post(id: postId).shown
        // The text as written, from the server when it keeps it (Mastodon's /source), else read back from its runs.
        let text = (try? await engine.source(postId: post.id).text) ?? post.content.source
        // The server keeps the files of a deleted post for a redraft and names them in its answer.
        let media = try await engine.delete(postId: post.id)?.shown.media ?? []
        let said = localizer.string("writing.line.redrafted")
        let files = media.map {
            localizer.string("redraft.file", ["id": TextSafety.stripped($0.id), "description": TextSafety.stripped($0.description ?? "")])
        }
        let body = ([TextSafety.stripped(text)] + files)
        return LineOutput(
            paragraphs: [Paragraph(text: ([said] + body).joined(separator: "\n"), spoken: ([said] + body).joined(separator: " "), language: post.language)],
            json: LineFormatter.encode(RedraftJSON(
                text: TextSafety.stripped(text), spoilerText: TextSafety.stripped(post.spoilerText),
                media: media.map { .init(id: TextSafety.stripped($0.id), description: TextSafety.stripped($0.description ?? "")) })))
    }

    /// The first 80 characters of a post as plain text.
    static func excerpt(_ post: Post) -> String {
        let text = TextSafety.stripped(post.content.source).replacingOccurrences(of: "\n", with: " ")
        return text.count > 80 ? String(text.prefix(79)) + "…" : text
    }
}

/// Writing commands' failures that are not the server's.
public enum LineWritingError: Error, Sendable {
    case noReminder(id: String)
    /// A file to attach cannot be read.
    case unreadableFile(path: String)
    /// The server does not take this kind of file, or it is too large.
    case unsupportedFile(name: String)
    case tooLarge(name: String, limit: Int)
    case tooManyFiles(limit: Int)
    /// An attachment has no description and the user did not confirm.
    case missingDescription(name: String)
    /// An attachment has no description and the network requires one (Bluesky): `--yes` does not post it.
    case descriptionRequired(name: String, network: Network)
    case badTime(String)
    case badPoll

    /// The sentence for stderr, in the user's language.
    public func message(_ localizer: Localizer) -> String {
        switch self {
        case .noReminder(let id): localizer.string("writing.error.no-reminder", ["id": TextSafety.stripped(id)])
        case .unreadableFile(let path): localizer.string("writing.error.unreadable", ["path": TextSafety.stripped(path)])
        case .unsupportedFile(let name): localizer.string("writing.error.unsupported", ["name": TextSafety.stripped(name)])
        case .tooLarge(let name, let limit):
            localizer.string("writing.error.too-large", ["name": TextSafety.stripped(name), "megabytes": String(max(1, limit / 1_048_576))])
        case .tooManyFiles(let limit): localizer.string("writing.error.too-many", ["count": String(limit)])
        case .missingDescription(let name): localizer.string("writing.error.no-description", ["name": TextSafety.stripped(name)])
        case .descriptionRequired(let name, let network):
            localizer.string("network.alt-required.line", ["name": TextSafety.stripped(name), "network": network.name(localizer)])
        case .badTime(let text): localizer.string("writing.error.bad-time", ["text": TextSafety.stripped(text)])
        case .badPoll: localizer.string("writing.error.bad-poll")
        }
    }

    /// sysexits: 65 for data errors, 66 for a file that cannot be read.
    public var exitCode: Int32 {
        switch self {
        case .unreadableFile: 66
        default: 65
        }
    }
}

extension LineSession {
    /// Checks a post against what the network has (``FeatureUnavailable``), then its files against the
    /// server's limits, before anything is uploaded; where the network requires alt text (Bluesky), a file
    /// without it is refused.
    public func checkAttachments(_ post: NewPost) async throws {
        let capabilities = account.capabilities
        try capabilities.require(offering: post)
        guard !post.attachments.isEmpty else { return }
        if capabilities.altTextRequired, let bare = post.attachments.first(where: { $0.description.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }) {
            throw LineWritingError.descriptionRequired(name: bare.fileName, network: capabilities.network)
        }
        let engine = try await openEngine()
        let instance = try await engine.instance()
        if post.attachments.count > instance.maxMediaAttachments { throw LineWritingError.tooManyFiles(limit: instance.maxMediaAttachments) }
        for attachment in post.attachments where attachment.mediaId == nil {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: attachment.path),
                (attributes[.type] as? FileAttributeType) == .typeRegular, FileManager.default.isReadableFile(atPath: attachment.path)
            else { throw LineWritingError.unreadableFile(path: attachment.path) }
            guard let type = MediaFile.mimeType(forFileName: attachment.fileName),
                instance.supportedMimeTypes.isEmpty || instance.supportedMimeTypes.contains(type)
            else { throw LineWritingError.unsupportedFile(name: attachment.fileName) }
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            let limit = type.hasPrefix("image/") ? instance.imageSizeLimit : instance.videoSizeLimit
            if size > limit { throw LineWritingError.tooLarge(name: attachment.fileName, limit: limit) }
        }
    }
}

struct ScheduledJSON: Encodable {
    var id: String
    var scheduledAt: String
    var text: String
    var mediaCount: Int
    var pollOptions: [String]

    init(_ post: ScheduledPost) {
        id = TextSafety.stripped(post.id)
        scheduledAt = LineFormatter.date(post.scheduledAt)
        text = TextSafety.stripped(post.text)
        mediaCount = post.mediaCount
        pollOptions = post.pollOptions.map(TextSafety.stripped)
    }
}

struct ReminderJSON: Encodable {
    var id: String
    var postId: String
    var dueAt: String
    var author: String
    var excerpt: String

    init(_ reminder: Reminder) {
        id = reminder.id
        postId = TextSafety.stripped(reminder.postId)
        dueAt = LineFormatter.date(reminder.dueAt)
        author = TextSafety.stripped(reminder.author)
        excerpt = TextSafety.stripped(reminder.excerpt)
    }
}

struct RedraftJSON: Encodable {
    /// A file the server kept, to attach again by its id.
    struct File: Encodable {
        var id: String
        var description: String
    }

    var text: String
    var spoilerText: String
    var media: [File]
}
