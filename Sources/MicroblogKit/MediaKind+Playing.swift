extension MediaKind {
    /// Whether an attachment of this kind plays (a video, an animation, a sound): it has a length, and a player opens it.
    public var plays: Bool {
        switch self {
        case .video, .gifv, .audio: true
        case .image, .unknown: false
        }
    }
}
