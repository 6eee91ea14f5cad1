import ArgumentParser
import Foundation
import MicroblogKit
import ParlaCommands

extension Visibility: ExpressibleByArgument {
    public init?(argument: String) {
        guard let known = Visibility.known.first(where: { $0.rawValue == argument.lowercased() }) else { return nil }
        self = known
    }
}

/// `parla post [TEXT|-]`: publishes through the outbox (sent exactly once; kept when it cannot be sent).
struct PostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "post", abstract: Help.text("help.publish-a-post-text-or-to"),
        discussion: Help.text("help.lang-also-sets-the-posts-language"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Option(name: .customLong("reply-to"), help: Help.argument("help.the-id-of-the-post-this")) var replyTo: String?
    @Option(name: .customLong("cw"), help: Help.argument("help.a-content-warning-shown-before-the")) var contentWarning: String?
    @Option(name: .customLong("visibility"), help: Help.argument("help.public-default-unlisted-private-or-direct")) var visibility: Visibility = .public
    @Argument(help: Help.argument("help.the-text-reads-standard-input")) var text: [String] = []
    @OptionGroup var writing: WritingOptions

    func run() async throws {
        let body = writing.allowsNoText && text.isEmpty ? "" : try PostText.read(text)
        var made = NewPost(text: body, spoilerText: contentWarning ?? "", visibility: visibility, language: global.interfaceLanguage.code, inReplyToId: replyTo)
        let localizer = try global.localizer()
        try writing.apply(to: &made, localizer: localizer)
        let post = made
        let scheduled = post.scheduledAt != nil, confirmed = writing.yes
        try await LineRunner.run(global: global, client: client) { session in
            if post.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && post.attachments.isEmpty && post.pollOptions.isEmpty {
                throw LineCommandError.emptyPost
            }
            try await session.checkAttachments(post)
            if post.hasUndescribedMedia && !confirmed { try WritingOptions.confirmMissingDescriptions(post, localizer: localizer) }
            return scheduled ? try await session.schedule(post) : try await session.publish(post)
        }
    }
}

/// `parla reply ID TEXT`: answers a post, mentioning its author.
struct ReplyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "reply", abstract: Help.text("help.reply-to-a-post-text-or"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Option(name: .customLong("cw"), help: Help.argument("help.a-content-warning")) var contentWarning: String?
    @Argument(help: Help.argument("help.the-id-of-the-post-to")) var id: String
    @Argument(help: Help.argument("help.the-text-reads-standard-input")) var text: [String] = []

    func run() async throws {
        let body = try PostText.read(text)
        let id = id, warning = contentWarning ?? "", language = global.interfaceLanguage.code
        try await LineRunner.run(global: global, client: client) { session in
            if body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw LineCommandError.emptyPost }
            return try await session.reply(to: id, text: body, spoilerText: warning, language: language)
        }
    }
}

/// `parla dm @acct TEXT`: a direct message.
struct DirectMessageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "dm", abstract: Help.text("help.send-a-direct-message-text-or"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var client: ClientOptions
    @Argument(help: Help.argument("help.who-to-write-to-such-as")) var acct: String
    @Argument(help: Help.argument("help.the-text-reads-standard-input")) var text: [String] = []

    func run() async throws {
        let body = try PostText.read(text)
        let language = global.interfaceLanguage.code
        try await LineRunner.run(global: global, client: client) { session in
            try await session.directMessage(to: acct, text: body, language: language)
        }
    }
}

/// The text of a post from the arguments, or from standard input for `-`.
enum PostText {
    static func read(_ words: [String]) throws -> String {
        if words == ["-"] {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            guard let text = String(data: data, encoding: .utf8) else { throw ValidationError(UsageMessages.text("line.usage.stdin-not-utf8")) }
            return text.trimmingCharacters(in: .newlines)
        }
        if words.isEmpty { throw ValidationError(UsageMessages.text("line.usage.no-text")) }
        return words.joined(separator: " ")
    }
}
