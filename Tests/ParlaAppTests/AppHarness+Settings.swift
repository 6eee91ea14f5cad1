extension AppHarness {
    /// Opens Settings (F9) and tabs (80 times at most) until the control said starts with `prefix` has the focus.
    func focusSetting(_ prefix: String) async {
        await press(.f(9))
        for _ in 0..<80 where texts.last?.hasPrefix(prefix) != true { await press(.tab) }
    }
}
