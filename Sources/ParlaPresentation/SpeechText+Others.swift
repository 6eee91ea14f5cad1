import Foundation
import MicroblogKit
import ParlaBase

extension SpeechText {
    /// A notification: "Ana favourited your post: …", "Ana follows you", "A poll you voted in has ended: …".
    ///
    /// The post is given by its content warning when it has one (and the body is not asked for), else
    /// by its text; a poll notification reads the results.
    /// - Parameter level: below ``PostTemplate/Level/all`` the post is said as a timeline says it, its body with short
    ///   flags (a link preview, descriptions and a quote's words are left to the text shown and to the reader); a quote
    ///   notification says the post of yours that was quoted.
    public func present(_ notification: MicroblogNotification, now: Date, level: PostTemplate.Level = .all) -> Output {
        let what = headline(notification)
        let when = time(notification.createdAt, now: now)
        var about = Text.empty
        var voices: (phrases: [Phrase], interface: [InterfaceWords]) = ([], [])
        var postLanguage: String?
        var rest: Text?
        if let post = notification.post?.shown {
            var values = variables(of: post, now: now)
            postLanguage = voiceLanguage(of: post)
            voices = self.voices(of: post, language: postLanguage, values: values, now: now)
            let parts = ["cw", "text", "media"].compactMap { values[$0] }.filter { !$0.spoken.isEmpty || !$0.display.isEmpty }
            var said = parts
            // What the line says of a poll that ended, below "all" (``pollOutcome(_:emojis:)``).
            var outcome: String?
            if level != .all {
                // The quoted post is the user's own: its opening, and its rest with Right after the quoting post's.
                let quotedParts = notification.kind == .quote && values["body"] != nil ? post.quote.map { quoteOpening($0, now: now) } : nil
                let quoted = quotedParts?.line
                var flags = values["flags"]
                if notification.kind == .poll, values["flags"] != nil, let whole = notification.post {
                    // The results follow: "Poll." before "Poll: …" would say it twice.
                    var bare = post
                    bare.poll = nil
                    flags = self.flags(of: bare, sensitive: sensitiveMedia(of: whole))
                }
                said = ([values["cw"], values["opening"], values["more"], quoted ?? flags] as [Text?]).compactMap { $0 }.filter { !$0.spoken.isEmpty }
                // Right says the rest of the body, then what the line named by a flag (a quote notification said the quoted post).
                var besides: Set<HeldBack> = quoted == nil ? [] : [.quote]
                if let quotedRest = quotedParts?.rest {
                    values[HeldBack.quote.rawValue] = quotedRest
                    besides.remove(.quote)
                }
                // A poll's end says who won, and Right every option's votes; with no votes to tell, the line says the poll.
                if notification.kind == .poll {
                    outcome = post.poll.flatMap { pollOutcome($0, emojis: post.emojis ?? []) }
                    if outcome == nil {
                        besides.insert(.poll)
                    } else if let poll = post.poll, let whole = values["poll"] {
                        // The line said the votes and the user's choice: Right says each option's.
                        values["poll"] = Text(display: whole.display, spoken: pollChoices(poll, emojis: post.emojis ?? []).spoken)
                    }
                }
                let held = heldBack(values, besides: besides)
                rest = held.isEmpty ? nil : Text(display: "", spoken: held)
            }
            about = Text(display: parts.map(\.display).joined(separator: "\n\n"), spoken: said.map(\.spoken).joined(separator: " "))
            if notification.kind == .poll, let poll = values["poll"] {
                let said = outcome ?? poll.spoken
                about = Text(display: [about.display, poll.display].filter { !$0.isEmpty }.joined(separator: "\n\n"),
                             spoken: [about.spoken, said].filter { !$0.isEmpty }.joined(separator: " "))
            }
        }
        let line = about.display.isEmpty ? what.display : what.display + ": " + about.display.replacingNewlines
        let display = about.display.isEmpty ? what.display : what.display + ":\n\n" + about.display
        let spoken = about.spoken.isEmpty
            ? Self.sentence(what.spoken) + " " + when.spoken
            : what.spoken + ": " + Self.sentence(about.spoken) + " " + when.spoken
        let language = about.spoken.isEmpty ? nil : postLanguage
        // What happened is the interface's words, the post's are its author's: "A poll you took part in has ended" in the interface's voice.
        var output = numeronyms.voiced(Output(display: display, line: line, spoken: spoken, language: language,
                                              segments: segments(of: spoken, phrases: voices.phrases, interface: voices.interface, language: language)))
        if output.endsWith(time: when.spoken) { output.time = when.spoken }
        if let rest {
            output.rest = numeronyms.voiced(Output(display: "", line: "", spoken: rest.spoken, language: postLanguage,
                                                   segments: segments(of: rest.spoken, phrases: voices.phrases, interface: voices.interface,
                                                                      language: postLanguage))).segments
        }
        return output
    }

    /// What happened, in one sentence: "Ana favourited your post", "Your server blocked bad.example: you lost 2 followers".
    func headline(_ notification: MicroblogNotification) -> Text {
        if let group = groupHeadline(notification) { return group }
        let who = plain(notification.account.plainName)
        let details = notification.details
        switch notification.kind {
        case .adminReport:
            let category = details?.report?.category ?? "other"
            let reason = string(["spam", "legal", "violation"].contains(category) ? "post.report.\(category)" : "post.report.other")
            guard let target = details?.report?.target else {
                return Text(display: string("post.notification.admin.report.anyone", ["name": who.display, "reason": reason]),
                            spoken: string("post.notification.admin.report.anyone", ["name": who.spoken, "reason": reason]))
            }
            let reported = plain(target.plainName)
            return Text(display: string("post.notification.admin.report", ["name": who.display, "target": reported.display, "reason": reason]),
                        spoken: string("post.notification.admin.report", ["name": who.spoken, "target": reported.spoken, "reason": reason]))
        case .severedRelationships:
            let event = details?.severance ?? NotificationDetails.Severance(type: "", targetName: "")
            let type = ["domain_block", "user_domain_block", "account_suspension"].contains(event.type) ? event.type : "other"
            let target = plain(event.targetName)
            let lost = [
                event.followersCount > 0 ? plural("post.severed.followers", event.followersCount) : nil,
                event.followingCount > 0 ? plural("post.severed.following", event.followingCount) : nil,
            ].compactMap { $0 }
            let loss = lost.isEmpty ? string("post.severed.none") : string("post.severed.lost", ["what": lost.joined(separator: string("post.and"))])
            return Text(display: string("post.notification.severed.\(type)", ["target": target.display, "loss": loss]),
                        spoken: string("post.notification.severed.\(type)", ["target": target.spoken, "loss": loss]))
        case .moderationWarning:
            let raw = details?.warning?.action ?? "none"
            let known = ["none", "disable", "mark_statuses_as_sensitive", "delete_statuses", "sensitive", "silence", "suspend"]
            let action = string("post.warning.action.\(known.contains(raw) ? raw : "other")")
            let message = plain(details?.warning?.text ?? "")
            let key = message.display.isEmpty ? "post.notification.moderation_warning" : "post.notification.moderation_warning.text"
            return Text(display: string(key, ["action": action, "text": message.display]), spoken: string(key, ["action": action, "text": message.spoken]))
        case .annualReport:
            guard let year = details?.annualReportYear else { let value = string("post.notification.annual_report"); return Text(display: value, spoken: value) }
            let value = string("post.notification.annual_report.year", ["year": String(year)])
            return Text(display: value, spoken: value)
        case .unknown(let raw):
            let type = plain(raw)
            return Text(display: string("post.notification.other", ["name": who.display, "type": type.display]),
                        spoken: string("post.notification.other", ["name": who.spoken, "type": type.spoken]))
        default:
            let key = "post.notification.\(notification.kind.rawValue)"
            return Text(display: string(key, ["name": who.display]), spoken: string(key, ["name": who.spoken]))
        }
    }

    /// An account: the bio and fields on screen; name and handle in a row; said: name, handle, and (in
    /// full) bot, locked, moved, bio (in its own voice, ``bio(of:)``), fields and counts, each once.
    public func present(_ account: Account, level: PostTemplate.Level) -> Output {
        let emojis = account.emojis ?? []
        let name = plain(account.plainName)
        let handle = handle(account.acct)
        let home = bioHome(of: account)
        let bio = bioText(of: account)
        let fields = account.fields.map { field in
            (name: plain(field.name, emojis: emojis), value: body(field.value, emojis: emojis, home: home))
        }
        var spoken = string("post.account.spoken", ["name": name.spoken, "handle": handle.spoken])
        var shown: [String] = []
        var facts: [String] = []
        var factsShown: [String] = []
        for (flag, key) in [(account.bot, "post.account.bot"), (account.locked, "post.account.locked")] where flag {
            facts.append(string(key))
            factsShown.append(string(key))
        }
        if let moved = account.moved?.value {
            let target = self.handle(moved.acct)
            facts.append(string("post.account.moved", ["handle": target.spoken]))
            factsShown.append(string("post.account.moved", ["handle": target.display]))
        }
        if !factsShown.isEmpty { shown.append(Self.capitalisedFirst(factsShown.joined(separator: ", "))) }
        if !bio.display.isEmpty { shown.append(bio.display) }
        for field in fields where !field.name.display.isEmpty || !field.value.display.isEmpty {
            shown.append(string("post.account.field", ["name": field.name.display, "value": field.value.display.replacingNewlines]))
        }
        if level == .full {
            spoken = Self.sentence(spoken)
            if !facts.isEmpty { spoken += " " + Self.sentence(Self.capitalisedFirst(facts.joined(separator: ", "))) }
            if !bio.spoken.isEmpty { spoken += " " + Self.sentence(bio.spoken) }
            for field in fields where !field.name.spoken.isEmpty || !field.value.spoken.isEmpty {
                spoken += " " + Self.sentence(string("post.account.field", ["name": field.name.spoken, "value": field.value.spoken]))
            }
            spoken += " " + Self.sentence(account.counts(localizer))
        }
        // The bio's words in their own voice, the rest in the interface's.
        let voice = level == .full ? bioLanguage(bio) : nil
        let voiced = voice.map { voice in
            self.segments(of: spoken, phrases: [Phrase(text: Self.sentence(bio.spoken), language: voice)], interface: bioInterfaceWords(of: account), language: nil)
        }
        return numeronyms.voiced(Output(display: shown.joined(separator: "\n\n"), line: name.display + " " + handle.display, spoken: spoken,
                                        language: nil, segments: voiced))
    }

    /// The text with its first letter in capitals ("bot, locked" → "Bot, locked").
    static func capitalisedFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    /// The links of a post that are not mentions or hashtags: what is said (the domain, or the link's
    /// words) and the address.
    public func links(in post: Post) -> [(label: String, url: String)] {
        post.shown.content.runs.compactMap { run in
            guard case .link(let url, let text, _) = run else { return nil }
            let address = TextSafety.cleaned(url)
            let words = plain(text).display
            let label = text.contains("://") || text.hasPrefix("www.") ? (Self.domain(of: address) ?? words) : words
            return (label: label, url: address)
        }
    }
}
