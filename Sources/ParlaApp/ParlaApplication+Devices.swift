import LVControls

extension ParlaApplication {
    /// What opens a post's links; replaceable while the app runs (a test's recording opener).
    public var linkOpener: (any LinkOpener)? {
        get { app.services.linkOpener }
        set { app.services.linkOpener = newValue }
    }

    /// The earcons' pack and volume; replaceable while the app runs (a test's recording control).
    public var soundControl: (any SoundControl)? {
        get { app.services.sound }
        set { app.services.sound = newValue }
    }
}
