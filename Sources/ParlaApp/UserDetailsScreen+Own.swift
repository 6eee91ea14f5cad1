import LVControls
import MicroblogKit

extension UserDetailsScreen {
    /// Opens the user's own profile (`m`, or Go to): who they are is asked of the server (the engine
    /// keeps it after the first time), then their account as it is now; no relationship to show.
    static func openOwn(app: AppContext) -> ScreenResponse {
        let engine = app.engine
        return app.load(app.string("profile.loading"), { () -> (Account, Relationship?) in
            let me = try await engine.me()
            let fresh = (try? await engine.account(id: me.id)) ?? me
            return (fresh, nil)
        }, as: LoadingScreen.Message.user)
    }
}
