import Foundation
import MicroblogKit

extension BlueskyClient {
    /// A direct conversation (`chat.bsky.convo.defs#convoView`).
    public struct Conversation: Hashable, Sendable, Identifiable {
        public var id: String
        /// The people in it, the user included.
        public var members: [Account]
        /// The newest message, if it is one Parla can read.
        public var lastMessage: ChatMessage?
        public var unreadCount: Int
    }

    /// One message of a conversation (`chat.bsky.convo.defs#messageView`).
    public struct ChatMessage: Hashable, Sendable, Identifiable {
        public var id: String
        /// The DID of who sent it.
        public var senderId: String
        /// The text as Parla's models carry a post's body (facets as mention, link and hashtag runs).
        public var content: RichText
        public var sentAt: Date
    }

    private struct ConvoView: Decodable {
        var id: String
        var members: [Lexicon.Profile]
        var lastMessage: MessageItem?
        var unreadCount: Int?
    }

    private struct MessageItem: Decodable {
        struct Sender: Decodable { var did: String }
        var id: String?
        var text: String?
        var facets: [Lexicon.Facet]?
        var sender: Sender?
        var sentAt: String?

        var message: ChatMessage? {
            guard let id, let text, let sender else { return nil }
            return ChatMessage(
                id: id, senderId: sender.did, content: FacetedText(text: text, facets: facets ?? []).richText(), sentAt: Lexicon.date(sentAt))
        }
    }

    /// The user's conversations, most recent first (`chat.bsky.convo.listConvos`, through the chat service).
    public func conversations(page: PageRequest) async throws -> Page<Conversation> {
        struct Answer: Decodable {
            var cursor: String?
            var convos: [ConvoView]
        }
        let answer = try await get(
            "chat.bsky.convo.listConvos", [("limit", limit(page)), ("cursor", page.cursor)], as: Answer.self, proxy: XRPCCall.chatProxy)
        let items = answer.convos.map { convo in
            Conversation(id: convo.id, members: convo.members.map(\.account), lastMessage: convo.lastMessage?.message, unreadCount: convo.unreadCount ?? 0)
        }
        return Page(items: items, older: older(answer.cursor, page))
    }

    /// A page of a conversation's messages, newest first (`chat.bsky.convo.getMessages`); deleted messages
    /// are left out.
    public func messages(conversationId: String, page: PageRequest) async throws -> Page<ChatMessage> {
        struct Answer: Decodable {
            var cursor: String?
            var messages: [MessageItem]
        }
        let answer = try await get(
            "chat.bsky.convo.getMessages", [("convoId", conversationId), ("limit", limit(page)), ("cursor", page.cursor)], as: Answer.self,
            proxy: XRPCCall.chatProxy)
        return Page(items: answer.messages.compactMap(\.message), older: older(answer.cursor, page))
    }

    /// The conversation with these people (made when there is none yet: `chat.bsky.convo.getConvoForMembers`).
    public func conversation(with accountIds: [String]) async throws -> Conversation {
        struct Answer: Decodable { var convo: ConvoView }
        let convo = try await get(
            "chat.bsky.convo.getConvoForMembers", accountIds.map { ("members", $0 as String?) }, as: Answer.self, proxy: XRPCCall.chatProxy).convo
        return Conversation(id: convo.id, members: convo.members.map(\.account), lastMessage: convo.lastMessage?.message, unreadCount: convo.unreadCount ?? 0)
    }

    /// Sends a message to one person in their conversation with the user (made when there is none).
    public func sendDirectMessage(_ text: String, toAccountId accountId: String) async throws -> DirectMessage {
        let conversation = try await conversation(with: [accountId])
        let sent = try await sendMessage(text, conversationId: conversation.id)
        return DirectMessage(id: sent.id, conversationId: conversation.id, text: text, sentAt: sent.sentAt)
    }

    /// Sends a message (`chat.bsky.convo.sendMessage`), its links and mentions as facets.
    public func sendMessage(_ text: String, conversationId: String) async throws -> ChatMessage {
        var message: [String: XRPCValue] = ["text": .string(text)]
        let facets = try await facets(for: text)
        if !facets.isEmpty { message["facets"] = try XRPCValue.from(facets) }
        let body: [String: XRPCValue] = ["convoId": .string(conversationId), "message": .object(message)]
        let sent = try await post("chat.bsky.convo.sendMessage", body, as: MessageItem.self, proxy: XRPCCall.chatProxy)
        guard let result = sent.message else { throw MicroblogError.malformedResponse(detail: "message without id") }
        return result
    }
}
