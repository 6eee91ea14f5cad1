extension ScreenHost {
    /// Puts screens in place before ``start(introduction:)``, the last on top (a session brought back as it
    /// was left): nothing is said now; starting says the top screen as it says the first.
    public func setStack(_ screens: [any Screen]) {
        guard !screens.isEmpty else { return }
        stack = screens.map(Self.entry(for:))
    }
}
