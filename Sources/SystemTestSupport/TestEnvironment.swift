import Foundation

/// Facts about the machine the tests run on.
public enum TestEnvironment {
    /// Whether no sound device can be opened here: no ALSA devices and no PulseAudio server.
    public static var noSoundDevice: Bool {
        let environment = ProcessInfo.processInfo.environment
        let runtime = environment["XDG_RUNTIME_DIR"] ?? "/run/user/0"
        return !FileManager.default.fileExists(atPath: "/dev/snd") && environment["PULSE_SERVER"] == nil
            && !FileManager.default.fileExists(atPath: runtime + "/pulse/native")
    }

    /// The environment the tests run `parla` in: this process's, with a colour terminal, UTF-8 and
    /// `NO_COLOR` unset, so the output does not depend on where the tests are run.
    public static var forParla: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["NO_COLOR"] = nil
        environment["LANG"] = "C.UTF-8"
        return environment
    }
}
