import Foundation
import LVControls
import MicroblogKit
import ParlaBase
import SpeechKit
import TerminalKit

/// The compose screen's writing help: completing @mentions and #hashtags as they are typed (from the
/// cache, then the server's search after a pause), and the spelling check (on F7, and before sending
/// when Settings says so), both in the list under the text (``ComposeField``).
final class ComposeAssist {
    /// The pause after the last key before the server is asked (one search per pause).
    static let searchPause: Duration = .milliseconds(400)

    unowned let app: AppContext
    let composeField: ComposeField
    var field: TextField { composeField.field }
    /// The post's language (the compose screen's choice).
    let language: () -> Language
    /// Sends the post (the compose screen's Send, once the spelling was checked).
    var send: () -> ScreenResponse = { .none }

    private var completion = ComposeCompletion()
    /// The token the pause's search is for.
    private var pending: ComposeCompletion.Token?
    /// Where the token starts that Escape closed the list on: the list stays closed for it.
    private var dismissedAt: Int?
    /// Whether a search is on its way: the next one waits for it (at most one in flight, however long
    /// the server's limit holds it back).
    private var searching = false

    private var review: [Misspelling] = []
    private var reviewIndex = 0
    /// The text as the review left it: any other change (typing) ends the review.
    private var reviewText = ""
    private var reviewBeforeSending = false
    /// The text last checked whole: sending it again does not check it again.
    private var checkedText: String?
    private var personal: PersonalWords

    init(app: AppContext, field: TextField, language: @escaping () -> Language) {
        self.app = app
        composeField = ComposeField(field: field)
        self.language = language
        personal = PersonalWords(configDirectory: app.services.configDirectory)
        composeField.delegate = self
    }

    private func string(_ key: String, _ arguments: [String: String] = [:]) -> String { app.string(key, arguments) }

    /// Reads what the cache knows (accounts and hashtags of home, mentions and notifications), without the network.
    func loadKnown() {
        let engine = app.engine
        app.call({
            async let home = engine.cached(.home)
            async let mentions = engine.cached(.mentions)
            async let local = engine.cached(.local)
            async let notifications = engine.cachedNotifications()
            return Known(posts: await home + mentions + local, notifications: await notifications)
        }, for: self, as: Message.known)
    }

    /// What the cache holds, for completion.
    struct Known: Sendable {
        var posts: [Post]
        var notifications: [MicroblogNotification]
    }

    // MARK: Completion

    /// The text changed (typed, deleted or by the keypad): the list follows the token at the cursor, and
    /// the server's search waits for a pause. Returns what to say (the list opening).
    func textChanged(context: ControlContext) -> [Announcement] {
        if composeField.kind == .spelling {
            guard field.text != reviewText else { return [] }
            // Typing ends the review; the text is the user's.
            endReview()
        }
        guard let token = ComposeCompletion.token(in: field.characters, cursor: field.cursor) else {
            dismissedAt = nil
            closeCompletion()
            return []
        }
        guard token.range.lowerBound != dismissedAt else { return [] }
        dismissedAt = nil
        if token.query.count >= ComposeCompletion.serverMinimum, !completion.asked(token) {
            pending = token
            composeField.searchDeadline = context.now + Self.searchPause
        } else {
            pending = nil
            composeField.searchDeadline = nil
        }
        return show(completion.choices(for: token), keeping: nil)
    }

    /// Shows choices (keeping the focused one when it is still there); says their number when the list opens.
    private func show(_ choices: [ComposeField.Choice], keeping chosen: ComposeField.Choice?) -> [Announcement] {
        let wasOpen = composeField.kind == .completion
        guard !choices.isEmpty else {
            if wasOpen { composeField.close() }
            return []
        }
        composeField.open(.completion, choices: choices, chosen: chosen.flatMap { choices.firstIndex(of: $0) })
        guard !wasOpen else { return [] }
        return [.say(Utterance(app.localizer.plural("completion.opened", count: choices.count), priority: .notification))]
    }

    private func closeCompletion() {
        pending = nil
        composeField.searchDeadline = nil
        if composeField.kind == .completion { composeField.close() }
    }

    // MARK: Spelling

    /// Whether sending must check the spelling first (the setting is on and this text was not checked).
    var mustCheckBeforeSending: Bool {
        app.settings.checkSpellingBeforeSending && checkedText != field.text
    }

    /// Checks the text's spelling in the post's language (off the key loop); the result opens the review.
    func check(beforeSending: Bool) -> ScreenResponse {
        let text = field.text
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return ScreenResponse([app.say(string("spelling.nothing"), earcon: .edge)])
        }
        let language = language()
        guard let dictionaries = app.services.spelling else { return checked(.noDictionary(language), text: text, beforeSending: beforeSending) }
        let words = personal.words
        app.call({ SpellingCheck.run(text, language: language, dictionaries: dictionaries, personal: words) }, for: self,
                 as: { Message.spelling($0, text: text, beforeSending: beforeSending) })
        return .none
    }

    private func checked(_ outcome: SpellingCheck.Outcome, text: String, beforeSending: Bool) -> ScreenResponse {
        switch outcome {
        case .noDictionary(let language):
            let said = app.say(string("spelling.no-dictionary", [
                "language": string("language.\(language.code)"), "package": language.hunspellPackage,
            ]), priority: .alert, earcon: .error)
            return finish(text: text, beforeSending: beforeSending, said: said)
        case .checked(let found) where found.isEmpty:
            return finish(text: text, beforeSending: beforeSending, said: app.say(string("spelling.none"), priority: .alert))
        case .checked(let found):
            review = found
            reviewIndex = 0
            reviewText = text
            reviewBeforeSending = beforeSending
            app.request(.focus(composeField))
            let intro = app.localizer.plural("spelling.found", count: found.count)
            return ScreenResponse([.say(Utterance(segments: [Utterance.Segment(intro + " ")] + presentWord(), priority: .focus))])
        }
    }

    /// The text is checked: sending goes on (when it was asked for) after `said`.
    private func finish(text: String, beforeSending: Bool, said: Announcement) -> ScreenResponse {
        checkedText = text
        guard beforeSending else { return ScreenResponse([said]) }
        var response = send()
        response.announcements.insert(said, at: 0)
        return response
    }

    /// `text` as segments, the `words` in it (the post's, in order) said in the post's language: a misspelt
    /// Spanish word in the Spanish voice, whatever the interface's.
    private func spoken(_ text: String, postWords words: [String]) -> [Utterance.Segment] {
        let language = language().code
        var segments: [Utterance.Segment] = []
        var rest = Substring(text)
        for word in words where !word.isEmpty {
            guard let range = rest.range(of: word) else { continue }
            if range.lowerBound > rest.startIndex { segments.append(Utterance.Segment(String(rest[..<range.lowerBound]))) }
            segments.append(Utterance.Segment(word, language: language))
            rest = rest[range.upperBound...]
        }
        if !rest.isEmpty { segments.append(Utterance.Segment(String(rest))) }
        return segments
    }

    /// Segments said as one utterance at focus priority.
    private func say(_ segments: [Utterance.Segment], earcon: Earcon? = nil) -> Announcement {
        .say(Utterance(segments: segments, priority: .focus, earcon: earcon))
    }

    /// Opens the list on the word under review, the cursor on it; returns what to say.
    private func presentWord() -> [Utterance.Segment] {
        let word = review[reviewIndex]
        field.moveCursor(to: word.range.lowerBound)
        let choices = word.suggestions.map { ComposeField.Choice(text: $0, label: $0) }
        composeField.open(.spelling, choices: choices, chosen: choices.isEmpty ? nil : 0,
                          heading: string("spelling.heading", ["word": word.word]))
        guard !word.suggestions.isEmpty else { return spoken(string("spelling.word-none", ["word": word.word]), postWords: [word.word]) }
        let list = word.suggestions.joined(separator: ", ")
        let text = app.localizer.plural("spelling.word", count: word.suggestions.count, ["word": word.word, "list": list])
        return spoken(text, postWords: [word.word, list])
    }

    /// Goes to the next misspelt word, or ends the review; returns what to say.
    private func nextWord() -> [Utterance.Segment] {
        reviewIndex += 1
        guard reviewIndex >= review.count else { return presentWord() }
        endReview()
        checkedText = field.text
        return [Utterance.Segment(string(reviewBeforeSending ? "spelling.done-send" : "spelling.done"))]
    }

    private func endReview() {
        review = []
        composeField.close()
    }

    /// Takes the suggestion under review: the word is replaced in the text, and later words move with it.
    private func takeSuggestion() -> ControlResponse {
        guard let index = composeField.chosen else { return .none }
        let word = review[reviewIndex]
        let replacement = word.suggestions[index]
        field.replace(word.range, with: replacement)
        let shift = replacement.count - word.range.count
        for later in review.indices where later > reviewIndex {
            review[later].range = (review[later].range.lowerBound + shift)..<(review[later].range.upperBound + shift)
        }
        reviewText = field.text
        let taken = spoken(string("spelling.taken", ["word": replacement]) + " ", postWords: [replacement])
        return ControlResponse([say(taken + nextWord(), earcon: .activate)], events: [ControlEvent(source: field, kind: .textChanged)])
    }

    /// Adds the word under review to the user's words; its later occurrences are skipped too.
    private func addWord() -> ControlResponse {
        let word = review[reviewIndex].word
        let saved = personal.add(word)
        review = review.enumerated().filter { $0.offset <= reviewIndex || $0.element.word != word }.map(\.element)
        let added = string(saved ? "spelling.added" : "spelling.not-saved", ["word": word])
        return ControlResponse([say(spoken(added + " ", postWords: [word]) + nextWord(), earcon: saved ? .activate : .error)])
    }
}

extension ComposeAssist: ComposeFieldDelegate {
    func listCommand(_ command: ControlCommand, context: ControlContext) -> ControlResponse {
        switch command {
        case .nextChoice, .previousChoice:
            guard composeField.move(by: command == .nextChoice ? 1 : -1), let index = composeField.chosen else {
                let here = composeField.chosen.map { composeField.choices[$0].label } ?? string("list.empty")
                return ControlResponse([.text(here, earcon: .edge)])
            }
            let choice = composeField.choices[index].label
            let said = string("list.position", ["choice": choice, "index": String(index + 1), "count": String(composeField.choices.count)])
            // A suggestion is a word of the post's language; a completion is a name.
            return ControlResponse([say(composeField.kind == .spelling ? spoken(said, postWords: [choice]) : [Utterance.Segment(said)])])
        case .takeChoice where composeField.kind == .spelling:
            return takeSuggestion()
        case .takeChoice:
            guard let index = composeField.chosen,
                  let token = ComposeCompletion.token(in: field.characters, cursor: field.cursor) else { return .none }
            let choice = composeField.choices[index]
            let spaced = field.cursor < field.characters.count && field.characters[field.cursor].isWhitespace
            field.replace(token.range, with: choice.text + (spaced ? "" : " "))
            closeCompletion()
            return ControlResponse([.text(string("completion.taken", ["choice": choice.text]), earcon: .activate)],
                                   events: [ControlEvent(source: field, kind: .textChanged)])
        case .skipWord:
            return ControlResponse([say(nextWord())])
        case .addWord:
            return addWord()
        case .closeList where composeField.kind == .spelling:
            endReview()
            return ControlResponse([.text(string("spelling.stopped"))])
        case .closeList:
            dismissedAt = ComposeCompletion.token(in: field.characters, cursor: field.cursor)?.range.lowerBound
            closeCompletion()
            return ControlResponse([.text(string("completion.closed"))])
        default:
            return .none
        }
    }

    /// The pause is over: one search for the token still at the cursor.
    func searchDue(context: ControlContext) -> ControlResponse {
        searchPending()
        return .none
    }

    /// Asks the server about the pending token, if it is still the one at the cursor and no search is on its way.
    ///
    /// The search does not spend the reserve the rate-limit budget keeps for what the user asks for
    /// (it goes at the priority of home's updates), and is not paced like prefetching.
    private func searchPending() {
        guard !searching, let token = pending, token == ComposeCompletion.token(in: field.characters, cursor: field.cursor),
              !completion.asked(token) else { return }
        pending = nil
        searching = true
        let engine = app.engine
        let request = SearchRequest(query: token.query, kind: token.kind, limit: ComposeCompletion.serverLimit)
        app.call({ try await RequestPriority.$current.withValue(.home) { try await engine.search(request) } }, for: self,
                 as: { Message.found($0, token) })
    }
}

extension ComposeAssist: MessageReceiver {
    enum Message {
        /// What the cache holds.
        case known(Result<Known, MicroblogError>)
        /// The server's answer to a token's search.
        case found(Result<SearchResults, MicroblogError>, ComposeCompletion.Token)
        /// A spelling check's outcome for `text`.
        case spelling(Result<SpellingCheck.Outcome, MicroblogError>, text: String, beforeSending: Bool)
    }

    func receive(_ message: Message) -> ScreenResponse {
        switch message {
        case .known(let result):
            if case .success(let known) = result {
                completion.learn(posts: known.posts, notifications: known.notifications, me: app.state.me)
            }
            return .none
        case .found(let result, let token):
            searching = false
            // A pause that came while this search was on its way.
            defer { if composeField.searchDeadline == nil { searchPending() } }
            // Completion is a help: a search that failed says nothing (the engine says when the server is away).
            guard case .success(let results) = result else { return .none }
            completion.remember(results, for: token)
            guard composeField.kind != .spelling, let now = ComposeCompletion.token(in: field.characters, cursor: field.cursor),
                  now.range.lowerBound == token.range.lowerBound, now.sigil == token.sigil, now.range.lowerBound != dismissedAt else { return .none }
            let kept = composeField.chosen.map { composeField.choices[$0] }
            return ScreenResponse(show(completion.choices(for: now), keeping: kept))
        case .spelling(let result, let text, let beforeSending):
            // Typed on meanwhile: the words found are no longer where they were.
            guard field.text == text else { return .none }
            switch result {
            case .success(let outcome): return checked(outcome, text: text, beforeSending: beforeSending)
            case .failure(let error): return app.report(error)
            }
        }
    }
}
