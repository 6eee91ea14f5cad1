/// The demo community's posts as text, for what learns from writing (the word-prediction benchmark seeds the
/// user's history with them).
public enum DemoTexts {
    /// Every seeded post's language and text, oldest first.
    public static var posts: [(language: String, text: String)] {
        DemoCommunity.allPosts.map { ($0.language, $0.text) }
    }
}
