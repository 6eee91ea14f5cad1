/// Mastodon's `Application` with its client credentials, as `POST /api/v1/apps` returns it.
public struct ApplicationEntity: Encodable, Sendable {
    public var id: String
    public var name: String
    @NullEncoded public var website: String?
    public var scopes: [String]
    public var redirectUri: String
    public var redirectUris: [String]
    public var clientId: String
    public var clientSecret: String
    @NullEncoded public var vapidKey: String?
}
