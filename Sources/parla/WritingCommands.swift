import ArgumentParser
import Foundation
import MicroblogKit
import ParlaBase
import ParlaCommands

/// `parla post`'s attachments, poll and time.
struct WritingOptions: ParsableArguments {
    @Option(name: .customLong("media"), help: Help.argument("help.a-file-to-attach-repeat-for")) var media: [String] = []
    @Option(name: .customLong("alt"), help: Help.argument("help.the-description-of-each-media-file")) var alt: [String] = []
    @Option(name: .customLong("media-id"), help: Help.argument("help.a-file-the-server-kept-as"))
    var mediaIds: [String] = []
    @Option(name: .customLong("poll"), help: Help.argument("help.poll-options-separated-by-commas-yesnomaybe")) var poll: String?
    @Option(name: .customLong("poll-duration"), help: Help.argument("help.how-long-the-poll-runs-30m")) var pollDuration: String = "1d"
    @Flag(name: .customLong("poll-multiple"), help: Help.argument("help.let-voters-choose-more-than-one")) var pollMultiple = false
    @Option(name: .customLong("at"), help: Help.argument("help.publish-later-at-yyyy-mm-dd")) var at: String?
    @Flag(name: .customLong("yes"), help: Help.argument("help.post-files-without-a-description-without")) var yes = false

    var allowsNoText: Bool { poll != nil || !media.isEmpty || !mediaIds.isEmpty }

    /// Adds the files, poll and time to a post.
    func apply(to post: inout NewPost, localizer: Localizer) throws {
        post.attachments = media.enumerated().map { index, path in
            NewAttachment(path: (path as NSString).expandingTildeInPath, description: index < alt.count ? alt[index] : "")
        }
        post.attachments += mediaIds.enumerated().map { index, id in
            let given: String? = media.count + index < alt.count ? alt[media.count + index] : nil
            return NewAttachment(path: id, description: given ?? "", mediaId: id, redescribe: given != nil)
        }
        if let poll {
            let options = poll.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard options.count >= 2 else { throw ValidationError(LineWritingError.badPoll.message(localizer)) }
            guard let seconds = WritingTime.duration(pollDuration) else {
                throw ValidationError(LineWritingError.badTime(pollDuration).message(localizer))
            }
            post.pollOptions = options
            post.pollExpiresIn = Int(seconds)
            post.pollMultiple = pollMultiple
        }
        if let at {
            guard let date = WritingTime.date(at, now: Date()) else { throw ValidationError(LineWritingError.badTime(at).message(localizer)) }
            post.scheduledAt = date
        }
    }

    /// Asks on the terminal whether to post files without a description; anything but yes stops the post.
    static func confirmMissingDescriptions(_ post: NewPost, localizer: Localizer) throws {
        for attachment in post.attachments where (attachment.mediaId == nil || attachment.redescribe)
            && attachment.description.trimmingCharacters(in: .whitespaces).isEmpty {
            let question = localizer.string("writing.line.confirm-no-description", ["name": TextSafety.stripped(attachment.fileName)])
            FileHandle.standardError.write(Data((question + " ").utf8))
            let answer = (readLine(strippingNewline: true) ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            let yes = localizer.string("writing.line.yes").lowercased()
            guard answer == yes || answer == "y" || answer == "yes" || answer == String(yes.prefix(1)) else {
                throw LineWritingError.missingDescription(name: attachment.fileName)
            }
        }
    }
}

/// `parla scheduled`: the posts the server will publish later.
struct ScheduledCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "scheduled", abstract: Help.text("help.list-your-scheduled-posts"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions

    func run() async throws {
        try await LineRunner.run(global: global, client: client) { try await $0.scheduled() }
    }
}

/// `parla unschedule ID`.
struct UnscheduleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unschedule", abstract: Help.text("help.cancel-a-scheduled-post"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-scheduled-posts-id-see-parla")) var id: String

    func run() async throws {
        let id = id
        try await LineRunner.run(global: global, client: client) { try await $0.unschedule(id: id) }
    }
}

/// `parla remind ID --in 2h` or `--at TIME`.
struct RemindCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind", abstract: Help.text("help.be-reminded-about-a-post-said"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Option(name: .customLong("in"), help: Help.argument("help.after-a-delay-30m-2h-1d")) var delay: String?
    @Option(name: .customLong("at"), help: Help.argument("help.at-yyyy-mm-dd-hhmm-or")) var at: String?
    @Argument(help: Help.argument("help.the-posts-id")) var id: String

    func run() async throws {
        let localizer = try global.localizer()
        let now = Date()
        let due: Date
        if let delay {
            guard let seconds = WritingTime.duration(delay) else { throw ValidationError(LineWritingError.badTime(delay).message(localizer)) }
            due = now.addingTimeInterval(seconds)
        } else if let at {
            guard let date = WritingTime.date(at, now: now) else { throw ValidationError(LineWritingError.badTime(at).message(localizer)) }
            due = date
        } else {
            throw ValidationError(localizer.string("writing.line.remind-when"))
        }
        let id = id
        try await LineRunner.run(global: global, client: client) { try await $0.remind(postId: id, at: due) }
    }
}

/// `parla reminders`, `parla reminders --cancel ID`.
struct RemindersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "reminders", abstract: Help.text("help.list-your-reminders-or-cancel-one"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Option(name: .customLong("cancel"), help: Help.argument("help.the-id-of-a-reminder-to")) var cancel: String?

    func run() async throws {
        let cancel = cancel
        try await LineRunner.run(global: global, client: client) { session in
            if let cancel { return try await session.cancelReminder(id: cancel) }
            return try await session.reminders()
        }
    }
}

/// `parla redraft ID`: deletes one of your posts and prints its text to write again.
struct RedraftCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "redraft", abstract: Help.text("help.delete-one-of-your-posts-and"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.the-posts-id")) var id: String

    func run() async throws {
        let id = id
        try await LineRunner.run(global: global, client: client) { try await $0.redraft(postId: id) }
    }
}

/// `parla edit ID TEXT`: changes the text of one of your posts (the server keeps its history).
struct EditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: Help.text("help.change-the-text-of-one-of"))
    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Option(name: .customLong("cw"), help: Help.argument("help.a-new-content-warning-the-old")) var contentWarning: String?
    @Argument(help: Help.argument("help.the-posts-id")) var id: String
    @Argument(help: Help.argument("help.the-new-text-reads-standard-input")) var text: [String] = []

    func run() async throws {
        let body = try PostText.read(text)
        let id = id, warning = contentWarning
        try await LineRunner.run(global: global, client: client) { session in
            if body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw LineCommandError.emptyPost }
            return try await session.edit(postId: id, text: body, spoilerText: warning)
        }
    }
}
