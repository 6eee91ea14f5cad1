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
}
