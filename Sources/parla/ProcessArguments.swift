#if canImport(Glibc)
import Glibc
#endif

/// The process's own arguments as the system keeps them (what `ps` and `/proc/PID/cmdline` show).
enum ProcessArguments {
    /// Overwrites the value of `option` (`--token T` or `--token=T`) with `x`s in the process's own argument
    /// strings, as `mysql` does with a password, so that once read it no longer shows in the list of
    /// processes. Every occurrence is covered; the length stays, so the other arguments do not move.
    static func hideValue(of option: String) {
        let count = Int(CommandLine.argc)
        let argv = CommandLine.unsafeArgv
        var index = 1
        while index < count {
            guard let argument = argv[index] else { break }
            let text = String(cString: argument)
            if text == option, index + 1 < count, let value = argv[index + 1] {
                cover(value, from: 0)
                index += 2
                continue
            }
            if text.hasPrefix(option + "=") { cover(argument, from: option.utf8.count + 1) }
            index += 1
        }
    }

    /// Writes `x` over the bytes of a C string from `offset` to its end.
    private static func cover(_ string: UnsafeMutablePointer<CChar>, from offset: Int) {
        let length = strlen(string)
        guard length > offset else { return }
        memset(string + offset, Int32(UInt8(ascii: "x")), length - offset)
    }
}
