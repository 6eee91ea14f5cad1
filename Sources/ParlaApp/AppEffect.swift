import LVControls

/// Something a screen or a result asks of the app that only the app (which owns the host) can do;
/// queued, and run by the app before the turn's frame is drawn.
enum AppEffect {
    /// Act on a screen response (a result arrived).
    case respond(ScreenResponse)
    /// Act on a loading screen's result, if that loading screen is still on top.
    case loaded(LoadingScreen, ScreenResponse)
    /// Say the item under the wheel, if the wheel has focus (the first posts of an empty timeline).
    case readIfFocused(Wheel)
    /// Show text over the screen until the next key.
    case show(String)
    /// Present every screen again (language, template or reading options changed), but `except`.
    case relocalize(except: (any Screen)?)
    /// Say the account's network's words from now on, in the host's help and controls too (after switching
    /// to an account of another network: "Like" on Bluesky, "Favourite" on Mastodon).
    case networkWords(String?)
    /// Move focus to a control of the top screen (the text, for the spelling check), unless it has it.
    case focus(any Control)
    /// Start recognising the text of the undescribed pictures of the post the user reads (the topmost screen's
    /// that has one under its focus), as if it had just got focus (the setting was turned on).
    case readFocusedPictureTexts
}
