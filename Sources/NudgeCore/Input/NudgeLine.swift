/// A nudge command line printed for a person to run: every word quoted as the shell needs
/// (`ShellWord`), and the store it acts on named with `--store` where it must not be another:
/// a restore line run as shown in a shell without that `--store` put the backup in place of
/// the default store.
public enum NudgeLine {
    /// `nudge --store STORE WORDS...`.
    public static func on(_ store: String, _ words: String...) -> String {
        (["nudge", "--store", ShellWord.quoted(store)] + words.map(ShellWord.quoted)).joined(separator: " ")
    }

    /// `nudge --store STORE restore BACKUP --yes`: a backup restored by its path.
    public static func restore(_ backup: String, into store: String) -> String {
        on(store, "restore", backup, "--yes")
    }
}
