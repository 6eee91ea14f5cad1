import ArgumentParser
import Foundation
import MicroblogKit
import ParlaBase
import ParlaCommands
import ParlaEngine

extension LoginCommand {
    /// Whether this login is for Bluesky: `--network bluesky`, or a `--handle` on a server that answers as
    /// a Bluesky server. An unknown network is refused (exit 64), a handle on another kind of server too (69).
    func wantsBluesky(flow: LoginFlow, localizer: Localizer) async throws -> Bool {
        switch network.map({ Network(rawValue: $0.lowercased()) }) {
        case nil:
            guard handle != nil else { return false }
            guard await flow.isBlueskyServer(server) else {
                LineRunner.fail(localizer.string("bluesky.login.not-bluesky", ["server": TextSafety.stripped(server)]))
                throw ExitCode(69)
            }
            return true
        case .mastodon?: return false
        case .bluesky?: return true
        case nil?:
            LineRunner.fail(localizer.string("bluesky.login.unknown-network", ["network": TextSafety.stripped(network ?? "")]))
            throw ExitCode(64)
        }
    }

    /// Logs in to Bluesky with `--handle` and the app password from standard input (asked without echo on a
    /// terminal); a wrong app password is refused with exit 77 and no account is stored.
    func loginBluesky(flow: LoginFlow, localizer: Localizer) async throws -> StoredAccount {
        guard let handle, !handle.isEmpty else {
            LineRunner.fail(localizer.string("bluesky.login.handle-needed"))
            throw ExitCode(64)
        }
        let secret: (secret: String, source: SecretInput.Source)?
        do {
            secret = try SecretInput.read(
                value: "-", file: nil, variable: "", environment: [:],
                prompt: localizer.string("bluesky.login.app-password-prompt", ["handle": TextSafety.stripped(handle)]), localizer: localizer)
        } catch let failure as SecretInput.Failure {
            LineRunner.fail(failure.message)
            throw ExitCode(66)
        }
        guard let secret else { throw ExitCode(66) }
        do {
            return try await flow.loginBluesky(server: server, handle: handle, appPassword: secret.secret)
        } catch MicroblogError.unauthorized {
            LineRunner.fail(localizer.string("bluesky.login.wrong-app-password"))
            throw ExitCode(77)
        }
    }

    /// Says who is now logged in, and where.
    func announce(_ account: StoredAccount, localizer: Localizer, speech: SpeechSetup?) {
        let done = localizer.string("engine.oauth.done", ["acct": TextSafety.stripped(account.acct), "server": TextSafety.stripped(account.server)])
        print(done)
        speech?.queue.say(.init(done, priority: .alert))
        speech?.waitUntilDone()
    }
}
