import Foundation
import MicroblogKit
import ParlaBase

extension SpeechText {
    /// Every template variable of a post, in its display and spoken forms.
    ///
    /// A content warning, or a filter's warning ("Filtered: Spoilers"), holds back everything behind
    /// it (body, media, poll, quote, link preview) unless the options open it; sensitive media
    /// without a warning are given as "Sensitive media" and described only when opened.
    public func variables(of post: Post, now: Date) -> [String: Text] {
        let shown = post.shown
        var values: [String: Text] = [:]
        values["author"] = plain(shown.account.plainName)
        values["handle"] = handle(shown.account.acct)
        let emojis = shown.emojis ?? []
        var warnings: [Text] = post.warningFilters.map { filter in
            let title = plain(filter.title)
            return Text(display: string("post.filtered", ["title": title.display]), spoken: Self.sentence(string("post.filtered", ["title": title.spoken])))
        }
        let warning = plain(shown.spoilerText, emojis: emojis)
        if !warning.display.isEmpty {
            warnings.append(Text(display: string("post.warning", ["warning": warning.display]),
                                 spoken: Self.sentence(string("post.warning", ["warning": warning.spoken]))))
        }
        if !warnings.isEmpty {
            values["cw"] = Text(display: warnings.map(\.display).joined(separator: "\n"), spoken: warnings.map(\.spoken).joined(separator: " "))
        }
        let filteredHidden = !post.warningFilters.isEmpty && !options.opened
        let warningHidden = !warning.display.isEmpty && !options.readWarningBody && !options.opened
        if !filteredHidden && !warningHidden {
            let body = postBody(shown)
            var text = [Text(display: body.display, spoken: Self.sentence(body.spoken))]
            // Kept apart too (names no template can use): a list's line holds them back, and Right says them.
            if let quote = shown.quote {
                values["_quote"] = self.quote(quote, now: now)
                text.append(values["_quote"]!)
            }
            if let card = shown.card {
                values["_card"] = self.card(card)
                text.append(values["_card"]!)
            }
            text = text.filter { !$0.display.isEmpty || !$0.spoken.isEmpty }
            values["text"] = Text(display: text.map(\.display).joined(separator: "\n\n"), spoken: text.map(\.spoken).joined(separator: " "))
            let sensitive = sensitiveMedia(of: post)
            values["media"] = media(shown.media, sensitive: sensitive)
            values["body"] = text.first == nil || body.display.isEmpty ? .empty : text[0]
            // A list says the body's opening and "More."; the rest is said on request (``Opening``).
            values["opening"] = values["body"]
            // The interface's words in the body (links, hashtags, emoji names) are looked for only in a body long enough to cut.
            if !options.wholePosts, let body = values["body"],
               let opening = Self.opening(of: body.spoken, keepingWhole: interfaceWords(in: shown.content, mentions: shown.mentions, emojis: emojis).map(\.text)) {
                values["opening"] = Text(display: body.display, spoken: Self.sentence(opening.said))
                values["more"] = Text(display: "", spoken: Self.sentence(string("post.more")))
                values["rest"] = Text(display: "", spoken: Self.sentence(opening.rest))
            }
            values["flags"] = flags(of: shown, sensitive: sensitive)
            if let poll = shown.poll { values["poll"] = self.poll(poll, emojis: emojis, now: now) }
        }
        var when = time(shown.createdAt, now: now)
        if shown.editedAt != nil {
            when = Text(display: string("post.time.edited", ["time": when.display]), spoken: string("post.time.edited", ["time": when.spoken]))
        }
        values["time"] = when
        if post.isBoost {
            let booster = plain(post.account.plainName)
            values["boost"] = Text(display: string("post.boost", ["name": booster.display]), spoken: string("post.boost", ["name": booster.spoken]))
        }
        values["reply"] = reply(shown)
        if let language = Self.voiceLanguage(shown.language) {
            let base = String(language.prefix { $0 != "-" })
            let name = localizer.has("language.\(base)", in: .english) ? string("language.\(base)") : language
            values["language"] = Text(display: name, spoken: name)
        }
        values["counts"] = counts(shown)
        values["visibility"] = visibility(shown.visibility)
        if shown.editedAt != nil {
            let edited = string("post.edited")
            values["edited"] = Text(display: edited, spoken: edited)
        }
        return values
    }

    /// Whether a post's attachments are given as "Sensitive media" until it is opened: marked sensitive (or blurred
    /// by a filter) with no content warning before them, which would hold them back already.
    func sensitiveMedia(of post: Post) -> Bool {
        (post.shown.sensitive || post.isBlurredByFilter) && plain(post.shown.spoilerText, emojis: post.shown.emojis ?? []).display.isEmpty
    }

    /// A post made ready: the text label (warning, body, attachments, poll, quote, link preview), a list row and what is said.
    public func present(_ post: Post, template: PostTemplate, now: Date) -> Output {
        let values = variables(of: post, now: now)
        var blocks: [String] = []
        for key in ["cw", "text", "media", "poll"] {
            if let value = values[key], !value.display.isEmpty { blocks.append(value.display) }
        }
        let spoken = PostTemplate.fill(template.spoken, values.mapValues(\.spoken))
        let line = PostTemplate.fill(template.display, values.mapValues { $0.display.replacingNewlines })
        let language = voiceLanguage(of: post.shown)
        let voices = voices(of: post, language: language, values: values, now: now)
        var output = numeronyms.voiced(Output(display: blocks.joined(separator: "\n\n"), line: line, spoken: spoken, language: language,
                                              segments: segments(of: spoken, phrases: voices.phrases, interface: voices.interface, language: language)))
        let ending = template.spoken.trimmingCharacters(in: .whitespaces)
        if ending.hasSuffix("$time") || ending.hasSuffix("$time."), let when = values["time"]?.spoken, output.endsWith(time: when) {
            output.time = when
        }
        let held = heldBack(values, by: template.spoken)
        if !held.isEmpty {
            let restOutput = numeronyms.voiced(Output(display: "", line: "", spoken: held, language: language,
                                                      segments: segments(of: held, phrases: voices.phrases, interface: voices.interface, language: language)))
            output.rest = restOutput.segments
        }
        return output
    }

    /// What a list's line held back of a post, said with Right: the rest of its body after the opening (when the
    /// template said "More."), then what the line names by a flag alone: the quoted post, the link preview, the
    /// attachments with their descriptions and the poll's options, each unless the template says it. Empty for a
    /// template that does not say an opening (line mode's, the reader's: they say the post whole).
    func heldBack(_ values: [String: Text], by template: String) -> String {
        guard template.contains("$opening") else { return "" }
        var said: Set<HeldBack> = []
        if !template.contains("$more") { said.insert(.rest) }
        if template.contains("$text") { said.formUnion([.quote, .card]) }
        if template.contains("$media") { said.insert(.media) }
        if template.contains("$poll") { said.insert(.poll) }
        return heldBack(values, besides: said)
    }

    /// The parts of a post a list's line may hold back, in the order Right says them.
    enum HeldBack: String, CaseIterable {
        case rest, quote = "_quote", card = "_card", media, poll
    }

    /// What a list held back of a post whose line said the `said` parts (and its opening).
    func heldBack(_ values: [String: Text], besides said: Set<HeldBack>) -> String {
        HeldBack.allCases.filter { !said.contains($0) }.compactMap { values[$0.rawValue]?.spoken }
            .filter { !$0.isEmpty }.map(Self.sentence).joined(separator: " ")
    }

    /// A post's body as it is shown and said; a mention of the reply's target that opens it is not
    /// said again after "replying to @pablo".
    func postBody(_ post: Post) -> Text {
        body(post.content, mentions: post.mentions, emojis: post.emojis ?? [], replyTarget: replyTarget(of: post))
    }

    /// The user a reply is said to answer ("replying to @pablo"); nil for a post that answers nobody
    /// named, or its author.
    func replyTarget(of post: Post) -> Mention? {
        guard post.inReplyToId != nil, let accountId = post.inReplyToAccountId, accountId != post.account.id else { return nil }
        return post.mentions.first { $0.id == accountId }
    }

    /// "Quoting Ana García: …", or why the quoted post is not shown.
    func quote(_ quote: Quote, now: Date) -> Text {
        guard quote.state == .accepted, let quoted = quote.post?.value else {
            let key = QuoteState.known.contains(quote.state) && quote.state != .accepted ? "post.quote.\(quote.state.rawValue)" : "post.quote.unavailable"
            let reason = string(key)
            return Text(display: "[" + reason + "]", spoken: Self.sentence(reason))
        }
        if quoted.isHiddenByFilter {
            let reason = string("post.quote.filtered")
            return Text(display: "[" + reason + "]", spoken: Self.sentence(reason))
        }
        var inner = quoted
        inner.quote = nil
        inner.reblog = nil
        inner.card = nil
        let values = variables(of: inner, now: now)
        let parts = ["cw", "text", "media"].compactMap { values[$0] }.filter { !$0.display.isEmpty || !$0.spoken.isEmpty }
        let author = values["author"] ?? .empty
        let head = Text(display: string("post.quote.by", ["name": author.display]), spoken: string("post.quote.by", ["name": author.spoken]))
        return Text(display: "[" + head.display + ": " + parts.map { $0.display.replacingNewlines }.joined(separator: " ") + "]",
                    spoken: head.spoken + ": " + Self.sentence(parts.map(\.spoken).joined(separator: " ")))
    }

    /// A quote notification's quoted post, which is the user's own: its author and opening for the line ("Quoting
    /// Daniel Reyes: Reading the home timeline with my eyes closed, just listening."), and what Right says after the
    /// quoting post's rest ("The quoted post goes on: …", with its attachments' descriptions). The whole quote and no
    /// rest for a quoted post short enough to say whole, behind a warning, or not shown.
    func quoteOpening(_ quote: Quote, now: Date) -> (line: Text, rest: Text?) {
        let whole = self.quote(quote, now: now)
        guard !options.wholePosts, quote.state == .accepted, let quoted = quote.post?.value, !quoted.isHiddenByFilter else { return (whole, nil) }
        var inner = quoted
        inner.quote = nil
        inner.reblog = nil
        inner.card = nil
        let values = variables(of: inner, now: now)
        guard values["more"] != nil, values["cw"] == nil, let opening = values["opening"], let rest = values["rest"] else { return (whole, nil) }
        let author = values["author"] ?? .empty
        let line = Text(display: whole.display, spoken: string("post.quote.by", ["name": author.spoken]) + ": " + opening.spoken)
        let held = [rest.spoken, values["media"]?.spoken ?? ""].filter { !$0.isEmpty }.map(Self.sentence).joined(separator: " ")
        return (line, Text(display: "", spoken: string("post.quote.rest", ["text": held])))
    }

    /// "Link: <title>, <site>" for a link preview.
    func card(_ card: LinkCard) -> Text {
        let title = plain(card.title)
        let provider = plain(card.providerName)
        let site = provider.display.isEmpty ? Self.domain(of: TextSafety.cleaned(card.url)).map { Text(display: $0, spoken: $0) } ?? .empty : provider
        switch (title.display.isEmpty, site.display.isEmpty) {
        case (true, true): return .empty
        case (false, false):
            return Text(display: "[" + string("post.card", ["title": title.display, "site": site.display]) + "]",
                        spoken: Self.sentence(string("post.card", ["title": title.spoken, "site": site.spoken])))
        case (true, false):
            return Text(display: "[" + string("post.card.site", ["site": site.display]) + "]", spoken: Self.sentence(string("post.card.site", ["site": site.spoken])))
        case (false, true):
            return Text(display: "[" + string("post.card.site", ["site": title.display]) + "]", spoken: Self.sentence(string("post.card.site", ["site": title.spoken])))
        }
    }

    /// `@user`, or `@user@server` shown and "@user at server" said.
    public func handle(_ acct: String) -> Text {
        let clean = plain(acct).display
        let parts = clean.split(separator: "@", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return Text(display: "@" + clean, spoken: "@" + clean) }
        return Text(display: "@" + clean, spoken: string("post.mention.remote", ["user": parts[0], "server": parts[1]]))
    }

    /// ", replying to @bea" (or to themselves) for a reply; empty otherwise.
    func reply(_ post: Post) -> Text {
        guard post.inReplyToId != nil else { return .empty }
        if let accountId = post.inReplyToAccountId, accountId == post.account.id {
            let own = string("post.reply.self")
            return Text(display: own, spoken: own)
        }
        if let mention = replyTarget(of: post) {
            let who = handle(mention.acct)
            return Text(display: string("post.reply.to", ["handle": who.display]), spoken: string("post.reply.to", ["handle": who.spoken]))
        }
        let unknown = string("post.reply.unknown")
        return Text(display: unknown, spoken: unknown)
    }

    /// Each attachment with its alt text, or said to have none, a video or a sound with its length when the post
    /// carries it ("[Video: a heron, 1 minute 29 seconds]"); sensitive media as "Sensitive media, 2 attachments"
    /// until the post is opened.
    func media(_ attachments: [MediaAttachment], sensitive: Bool = false) -> Text {
        guard !attachments.isEmpty else { return .empty }
        if sensitive && !options.opened {
            let said = plural("post.media.sensitive", attachments.count)
            return Text(display: "[" + said + "]", spoken: Self.sentence(said))
        }
        var shown: [String] = []
        var said: [String] = []
        for attachment in attachments {
            let kind = MediaKind.known.contains(attachment.kind) ? attachment.kind.rawValue : "other"
            // A video's or a sound's length follows, when the post carries it.
            let length = attachment.kind.plays ? attachment.duration.map { string("lv.separator") + PlayingTimeText.words($0, localizer: localizer) } ?? "" : ""
            if attachment.hasDescription {
                let alt = plain(attachment.description ?? "")
                shown.append("[" + string("post.media.\(kind)", ["alt": alt.display]) + length + "]")
                said.append(Self.sentence(string("post.media.\(kind)", ["alt": alt.spoken]) + length))
            } else {
                let none = string("post.media.\(kind).none")
                shown.append("[" + none + length + "]")
                said.append(Self.sentence(none + length))
            }
        }
        return Text(display: shown.joined(separator: "\n"), spoken: said.joined(separator: " "))
    }

    /// "3 replies, 2 boosts, 5 favourites" (only what is not zero), then what the user did to it:
    /// "you boosted, you favourited".
    func counts(_ post: Post) -> Text {
        var parts: [String] = []
        if post.repliesCount > 0 { parts.append(plural("post.counts.replies", post.repliesCount)) }
        if post.reblogsCount > 0 { parts.append(plural("post.counts.boosts", post.reblogsCount)) }
        if post.favouritesCount > 0 { parts.append(plural("post.counts.favourites", post.favouritesCount)) }
        var yours: [String] = []
        if post.reblogged { yours.append(string("post.yours.boosted")) }
        if post.favourited { yours.append(string("post.yours.favourited")) }
        if post.bookmarked { yours.append(string("post.yours.bookmarked")) }
        let sentences = [parts, yours].filter { !$0.isEmpty }.map { words -> String in
            let joined = words.joined(separator: ", ")
            return Self.sentence(joined.prefix(1).uppercased() + joined.dropFirst())
        }
        guard !sentences.isEmpty else { return .empty }
        return Text(display: (parts + yours).joined(separator: " · "), spoken: sentences.joined(separator: " "))
    }

    func visibility(_ visibility: Visibility) -> Text {
        let name: String
        if case .unknown(let raw) = visibility {
            name = string("post.visibility.other", ["name": plain(raw).display])
        } else {
            name = string("post.visibility.\(visibility.rawValue)")
        }
        return Text(display: name, spoken: name)
    }

    // MARK: Time

    /// The time of a post as the options ask: relative ("5 hours ago", "5 h ago" shown) or the date and
    /// time in the interface language's format.
    public func time(_ date: Date, now: Date) -> Text {
        guard options.timeDisplay == .absolute else { return relativeTime(date, now: now) }
        let value = absoluteTime(date)
        return Text(display: value, spoken: value)
    }

    /// The date and time in the interface language's medium format, in the options' zone.
    public func absoluteTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: localizer.language.code)
        formatter.timeZone = options.timeZone ?? .current
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        // ICU puts a narrow no-break space before "AM"; an ordinary space takes one cell everywhere.
        return formatter.string(from: date).replacingOccurrences(of: "\u{202F}", with: " ").replacingOccurrences(of: "\u{A0}", with: " ")
    }

    /// "5 minutes ago", "yesterday" said; "5 min ago" shown. A time in the future is "just now".
    public func relativeTime(_ date: Date, now: Date) -> Text {
        let seconds = Int(now.timeIntervalSince(date).rounded(.down))
        let minutes = seconds / 60, hours = seconds / 3600, days = seconds / 86_400
        switch seconds {
        case ..<60:
            let value = string("post.time.now")
            return Text(display: value, spoken: value)
        case ..<3600: return Text(display: string("post.time.short.minutes", ["n": String(minutes)]), spoken: plural("post.time.minutes", minutes))
        case ..<86_400: return Text(display: string("post.time.short.hours", ["n": String(hours)]), spoken: plural("post.time.hours", hours))
        case ..<(2 * 86_400):
            let value = string("post.time.yesterday")
            return Text(display: value, spoken: value)
        case ..<(30 * 86_400): return Text(display: string("post.time.short.days", ["n": String(days)]), spoken: plural("post.time.days", days))
        case ..<(365 * 86_400):
            let months = days / 30
            return Text(display: string("post.time.short.months", ["n": String(months)]), spoken: plural("post.time.months", months))
        default:
            let years = days / 365
            return Text(display: string("post.time.short.years", ["n": String(years)]), spoken: plural("post.time.years", years))
        }
    }

    /// "closes in 2 hours", or "closed".
    func timeLeft(_ poll: Poll, now: Date) -> String {
        guard !poll.expired else { return string("post.poll.closed") }
        guard let end = poll.expiresAt else { return "" }
        let seconds = Int(end.timeIntervalSince(now).rounded(.up))
        guard seconds > 0 else { return string("post.poll.closed") }
        guard seconds >= 60 else { return string("post.poll.closes-soon") }
        // Rounded up, and a unit that rounds up to the next one's whole is said in that one: a poll of a
        // day, a second after it was made, closes "in 1 day", not "in 24 hours".
        let minutes = (seconds + 59) / 60
        if minutes < 60 { return plural("post.poll.closes.minutes", minutes) }
        let hours = (seconds + 3599) / 3600
        if hours < 24 { return plural("post.poll.closes.hours", hours) }
        return plural("post.poll.closes.days", (seconds + 86_399) / 86_400)
    }

    /// Options with votes and percentages when visible, your vote, and time left or "closed".
    ///
    /// - Parameter emojis: the post's custom emoji (Mastodon lists those of the options among them),
    ///   named in the options as in the text.
    public func poll(_ poll: Poll, emojis: [CustomEmoji] = [], now: Date) -> Text {
        let choices = pollChoices(poll, emojis: emojis)
        var shown = [choices.display]
        var said = [choices.spoken]
        if let votes = pollVotes(poll) {
            shown.append(votes)
            said.append(Self.sentence(votes))
        }
        if let vote = pollVote(poll, emojis: emojis) {
            shown.append(vote.display)
            said.append(Self.sentence(vote.spoken))
        }
        let left = timeLeft(poll, now: now)
        if !left.isEmpty {
            shown.append(left)
            said.append(Self.sentence(left))
        }
        return Text(display: shown.joined(separator: " · "), spoken: said.joined(separator: " "))
    }

    /// A poll's end as a notification's line says it: the option with the most votes and its share, the votes and
    /// the user's choice ("Most votes: Yes, 67 percent. 3 votes. You voted for Yes."); Right says every option's.
    /// Nil when the votes are not known.
    func pollOutcome(_ poll: Poll, emojis: [CustomEmoji] = []) -> String? {
        guard let votes = pollVotes(poll) else { return nil }
        let counts = poll.options.map { Double(max(0, $0.votesCount ?? 0)) }
        let total = counts.reduce(0, +)
        var said: [String] = []
        if total > 0, let top = counts.max() {
            let leaders = poll.options.indices.filter { counts[$0] == top }.map { plain(poll.options[$0].title, emojis: emojis).spoken }
            said.append(Self.sentence(string(leaders.count == 1 ? "post.poll.most" : "post.poll.most-tied",
                                             ["choices": leaders.joined(separator: ", "), "percent": Self.percent(top, of: total)])))
        }
        said.append(Self.sentence(votes))
        if let vote = pollVote(poll, emojis: emojis) { said.append(Self.sentence(vote.spoken)) }
        return said.joined(separator: " ")
    }

    /// "4 votes", when the options' votes are known.
    private func pollVotes(_ poll: Poll) -> String? {
        poll.options.contains { $0.votesCount != nil } ? plural("post.poll.votes", max(0, poll.votesCount)) : nil
    }

    /// "You voted for Yes" ("You voted" when the choice is not known); nil when the user did not vote.
    private func pollVote(_ poll: Poll, emojis: [CustomEmoji]) -> Text? {
        guard poll.voted == true else { return nil }
        let chosen = poll.ownVotes.filter { poll.options.indices.contains($0) }.map { plain(poll.options[$0].title, emojis: emojis) }
        let key = chosen.isEmpty ? "post.poll.voted" : "post.poll.voted-for"
        return Text(display: string(key, ["choices": chosen.map(\.display).joined(separator: ", ")]),
                    spoken: string(key, ["choices": chosen.map(\.spoken).joined(separator: ", ")]))
    }

    /// `votes` of `total` in whole percent ("67"), never over 100; "0" of no votes.
    private static func percent(_ votes: Double, of total: Double) -> String {
        total > 0 ? String(Int(min(100, (votes * 100 / total).rounded()))) : "0"
    }

    /// "Poll: Yes, 2 votes, 67 percent; No, 1 vote, 33 percent." (each option with its votes, when they are known).
    func pollChoices(_ poll: Poll, emojis: [CustomEmoji] = []) -> Text {
        // A server may send counts that overflow when summed or are negative: count in Double, never below zero.
        let total = poll.options.compactMap(\.votesCount).reduce(0.0) { $0 + Double(max(0, $1)) }
        var shownOptions: [String] = []
        var saidOptions: [String] = []
        for option in poll.options {
            let title = plain(option.title, emojis: emojis)
            if let count = option.votesCount {
                let votes = max(0, count)
                let percent = Self.percent(Double(votes), of: total)
                shownOptions.append(string("post.poll.option.shown", ["title": title.display, "percent": percent, "n": String(votes)]))
                saidOptions.append(plural("post.poll.option.votes", votes, ["title": title.spoken, "percent": percent]))
            } else {
                shownOptions.append(title.display)
                saidOptions.append(title.spoken)
            }
        }
        let head = string(poll.multiple ? "post.poll.multiple" : "post.poll.single")
        return Text(display: head + ": " + shownOptions.joined(separator: " · "), spoken: head + ": " + saidOptions.joined(separator: "; ") + ".")
    }
}
