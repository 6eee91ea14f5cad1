/// Parla's version: the one place it is written.
///
/// `parla --version` prints it, and the Makefile reads it from this file for the Debian package and the
/// manual page (`make install`, `make deb`), so a release changes this line and nothing else.
public enum ParlaVersion {
    /// The version, as `MAJOR.MINOR.PATCH`.
    public static let current = "0.1.0"
}
