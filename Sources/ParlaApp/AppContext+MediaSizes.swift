import MicroblogKit
import Pictures

extension AppContext {
    /// Asks the hosts of `post`'s videos and sounds how large their files are (a `HEAD` each, never the file), once
    /// per attachment this session, off the key loop; each answer is kept in ``mediaMemory`` and `told` is called
    /// when it comes (the screens that show it show it then, without saying it over what is read).
    func askMediaSizes(of post: Post, told: @escaping () -> Void = {}) {
        guard let store = engine as? any MediaStore else { return }
        let account = state.accountName
        let memory = mediaMemory
        for attachment in post.media where AttachmentDetails.plays(attachment) && memory.askSize(attachment, account: account) {
            services.runtime.run({ await store.mediaSize(attachment) }) { result in
                memory.told(try? result.get(), for: attachment, account: account)
                told()
            }
        }
    }
}
