import ParlaApp

/// The presenter line mode shares with the screen, so both say a post in the same words.
public enum AppPresenter {
    public static func make() -> any PostPresenting { SpeechTextPresenter() }
}
