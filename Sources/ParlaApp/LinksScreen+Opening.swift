import Foundation
import LVControls
import ParlaBase
import SpeechKit

extension LinksScreen {
    /// Opens `link` with the system's opener; where there is none (or it fails, or the address is not
    /// a web address), shows the whole address over the screen and says it.
    func open(_ link: (label: String, url: String)) -> ScreenResponse {
        if let url = URL.webAddress(link.url), let opener = app.services.linkOpener, opener.open(url) {
            return ScreenResponse([app.say(app.string("screens.links.opened", ["link": link.label]), earcon: .activate)])
        }
        let address = TextSafety.stripped(link.url)
        let text = app.string("screens.links.address-whole", ["url": address])
        app.request(.show(text))
        return ScreenResponse([app.say(text)])
    }
}
