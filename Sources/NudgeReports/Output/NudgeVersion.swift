import CNudgeLinux

/// nudge's version, said in one place: `nudge --version` prints it, and the Debian package
/// (contrib/package/build-deb.sh) takes its version from that output.
public enum NudgeVersion {
    public static let number = "0.1.0"

    /// The commit a release build was made from (`-Xcc -DNUDGE_COMMIT=...`), or nil.
    public static var commit: String? {
        let commit = String(cString: nudge_build_commit())
        return commit.isEmpty ? nil : commit
    }

    /// `0.1.0`, or `0.1.0 (git 0b6058f1a2c3)` for a release build from a git checkout.
    public static var shown: String { commit.map { "\(number) (git \($0))" } ?? number }
}
