/// How long a video or a sound plays, in words: "1 hour 2 minutes 5 seconds", "1 minute 28 seconds", "4 seconds".
public enum PlayingTimeText {
    /// The words for `seconds`, rounded to whole seconds, at least one.
    public static func words(_ seconds: Double, localizer: Localizer) -> String {
        let total = max(1, Int(min(seconds, 1e9).rounded()))
        let hours = total / 3600, minutes = total % 3600 / 60, rest = total % 60
        var parts: [String] = []
        if hours > 0 { parts.append(localizer.plural("media.duration.hours", count: hours)) }
        if minutes > 0 { parts.append(localizer.plural("media.duration.minutes", count: minutes)) }
        if rest > 0 { parts.append(localizer.plural("media.duration.seconds", count: rest)) }
        return parts.joined(separator: " ")
    }
}
