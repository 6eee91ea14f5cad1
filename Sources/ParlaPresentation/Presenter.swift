import Foundation
import MicroblogKit
import ParlaBase

/// A post, notification or account made ready for the screen and the voice (SpeechText's output).
public typealias Presented = SpeechText.Output

/// The user's choices that shape how posts are presented (the app's saved settings give them).
public struct PresentationSettings: Sendable, Hashable {
    /// How much is said (the interface's verbosity).
    public var level: PostTemplate.Level
    /// The template of that level.
    public var template: PostTemplate
    /// Link display and whether bodies behind content warnings are read.
    public var options: SpeechText.Options

    public init(level: PostTemplate.Level = .full, template: PostTemplate = .standard(.full), options: SpeechText.Options = .init()) {
        self.level = level
        self.template = template
        self.options = options
    }
}

/// Turns posts, notifications and accounts into text to show and say.
///
/// The screens and line mode only use this protocol; ``SpeechTextPresenter`` is the one they share, built on ``SpeechText``.
public protocol PostPresenting: Sendable {
    func present(_ post: Post, localizer: Localizer, now: Date, settings: PresentationSettings) -> Presented
    func present(_ notification: MicroblogNotification, localizer: Localizer, now: Date, settings: PresentationSettings) -> Presented
    func present(_ account: Account, localizer: Localizer, settings: PresentationSettings) -> Presented
    /// A body, bio or field, as the network's module read it, to show and to say; `voice` (a BCP 47 tag, nil:
    /// the interface's) is the voice that will read it.
    func text(_ rich: RichText, localizer: Localizer, settings: PresentationSettings, voice: String?) -> SpeechText.Text
    /// A post's text (its body alone) to show and to say: its custom emoji as words, as the timeline shows them;
    /// `voice` (a BCP 47 tag, nil: the interface's) is the voice that will read it.
    func text(of post: Post, localizer: Localizer, settings: PresentationSettings, voice: String?) -> SpeechText.Text
    /// An account's bio, to show and to say in the language it is written in (the interface's words in it in the interface's).
    func bio(of account: Account, localizer: Localizer, settings: PresentationSettings) -> Presented
    /// "5 min ago" as shown.
    func relativeTime(_ date: Date, now: Date, localizer: Localizer) -> String
    /// The links in a post, each as (what is said, the address).
    func links(in post: Post, localizer: Localizer) -> [(label: String, url: String)]
    /// The time of a post as the settings ask: shown ("5 h ago") and said in words ("5 hours ago"), or
    /// the date and time in the language's format.
    func time(_ date: Date, now: Date, localizer: Localizer, settings: PresentationSettings) -> SpeechText.Text
    /// A post whole, as the reader shows it, in segments by language (joined: the text shown).
    func reading(_ post: Post, localizer: Localizer, now: Date, settings: PresentationSettings) -> [SpeechText.Segment]
    /// A post's text as a list's text label shows it (``present(_:localizer:now:settings:)``'s display: its warning,
    /// body, attachments and poll), in segments by language as ``reading(_:localizer:now:settings:)`` gives them.
    func textReading(_ post: Post, localizer: Localizer, now: Date, settings: PresentationSettings) -> [SpeechText.Segment]
    /// How the reader says the words of `post` it shows otherwise: an address as "link to github.com", a hashtag
    /// as the timeline says it, a numeronym as its words (``ReaderSayings``).
    func readerSayings(_ post: Post, localizer: Localizer, settings: PresentationSettings) -> ReaderSayings
}

extension PostPresenting {
    /// The bio as ``text(_:localizer:settings:voice:)`` gives it, in the interface's voice, for presenters that know no other way.
    public func bio(of account: Account, localizer: Localizer, settings: PresentationSettings) -> Presented {
        let bio = text(account.note, localizer: localizer, settings: settings, voice: nil)
        return Presented(display: bio.display, line: bio.display, spoken: bio.spoken, language: nil)
    }

    /// Relative, for presenters that know no other way.
    public func time(_ date: Date, now: Date, localizer: Localizer, settings: PresentationSettings) -> SpeechText.Text {
        let value = relativeTime(date, now: now, localizer: localizer)
        return SpeechText.Text(display: value, spoken: value)
    }

    /// A poll's options as the post names them: each custom emoji (`:hecker:`) as its words, as in the
    /// text, made safe for the terminal and the synthesiser.
    ///
    /// - Parameter emojis: the post's custom emoji (Mastodon lists those of the options among them).
    public func pollOptions(_ poll: Poll, emojis: [CustomEmoji], localizer: Localizer) -> [SpeechText.Text] {
        let speech = SpeechText(localizer: localizer)
        return poll.options.map { speech.plain($0.title, emojis: emojis) }
    }

    /// The body as ``text(_:localizer:settings:voice:)`` gives it, for presenters that know no other way.
    public func text(of post: Post, localizer: Localizer, settings: PresentationSettings, voice: String?) -> SpeechText.Text {
        text(post.content, localizer: localizer, settings: settings, voice: voice)
    }

    /// Numeronyms said as their words, for presenters that know no other way.
    public func readerSayings(_ post: Post, localizer: Localizer, settings: PresentationSettings) -> ReaderSayings {
        ReaderSayings(localizer: localizer)
    }

    /// The text label's form (``textReading(_:localizer:now:settings:)``), for presenters that know no other way.
    public func reading(_ post: Post, localizer: Localizer, now: Date, settings: PresentationSettings) -> [SpeechText.Segment] {
        textReading(post, localizer: localizer, now: now, settings: settings)
    }

    /// The text label's form, in the post's language, for presenters that know no other way.
    public func textReading(_ post: Post, localizer: Localizer, now: Date, settings: PresentationSettings) -> [SpeechText.Segment] {
        let presented = present(post, localizer: localizer, now: now, settings: settings)
        return [SpeechText.Segment(presented.display, language: presented.language)]
    }
}

/// The app's presenter: ``SpeechText`` with the user's template and options.
///
/// Everything it returns is safe for the terminal and the synthesiser.
public struct SpeechTextPresenter: PostPresenting {
    public init() {}

    func speechText(_ localizer: Localizer, _ settings: PresentationSettings) -> SpeechText {
        SpeechText(localizer: localizer, options: settings.options)
    }


    public func present(_ post: Post, localizer: Localizer, now: Date, settings: PresentationSettings) -> Presented {
        speechText(localizer, settings).present(post, template: settings.template, now: now)
    }

    public func present(_ notification: MicroblogNotification, localizer: Localizer, now: Date, settings: PresentationSettings) -> Presented {
        speechText(localizer, settings).present(notification, now: now, level: settings.level)
    }

    public func present(_ account: Account, localizer: Localizer, settings: PresentationSettings) -> Presented {
        speechText(localizer, settings).present(account, level: settings.level)
    }

    /// A text (a post's body) to show and to say; its numeronyms are said as the words of the voice that
    /// reads it: `voice`, a BCP 47 tag (nil: the interface's).
    public func text(_ rich: RichText, localizer: Localizer, settings: PresentationSettings, voice: String?) -> SpeechText.Text {
        var text = speechText(localizer, settings).body(rich)
        text.spoken = Numeronyms(localizer: localizer).spoken(text.spoken, language: voice)
        return text
    }

    public func text(of post: Post, localizer: Localizer, settings: PresentationSettings, voice: String?) -> SpeechText.Text {
        let speech = speechText(localizer, settings)
        let body = speech.body(post.content, emojis: post.emojis ?? [])
        return SpeechText.Text(display: body.display, spoken: Numeronyms(localizer: localizer).spoken(body.spoken, language: voice))
    }

    public func bio(of account: Account, localizer: Localizer, settings: PresentationSettings) -> Presented {
        speechText(localizer, settings).bio(of: account)
    }

    public func relativeTime(_ date: Date, now: Date, localizer: Localizer) -> String {
        SpeechText(localizer: localizer).relativeTime(date, now: now).display
    }

    public func time(_ date: Date, now: Date, localizer: Localizer, settings: PresentationSettings) -> SpeechText.Text {
        speechText(localizer, settings).time(date, now: now)
    }

    public func links(in post: Post, localizer: Localizer) -> [(label: String, url: String)] {
        SpeechText(localizer: localizer).links(in: post)
    }

    public func reading(_ post: Post, localizer: Localizer, now: Date, settings: PresentationSettings) -> [SpeechText.Segment] {
        speechText(localizer, settings).reading(post, now: now)
    }

    public func textReading(_ post: Post, localizer: Localizer, now: Date, settings: PresentationSettings) -> [SpeechText.Segment] {
        speechText(localizer, settings).reading(post, now: now, textOnly: true)
    }

    public func readerSayings(_ post: Post, localizer: Localizer, settings: PresentationSettings) -> ReaderSayings {
        speechText(localizer, settings).readerSayings(of: post)
    }
}
