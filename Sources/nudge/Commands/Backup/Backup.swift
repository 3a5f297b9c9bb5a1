import ArgumentParser
import NudgeCommandLine
import NudgeCommands

extension Nudge {
    struct Backup: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "backup",
            abstract: "Back the store up now, checked, into the backup directory or a file.",
            discussion: """
                The backup is taken through SQLite's online backup, consistent while other programs write, and is the whole file: every app's tables. It is written to a temporary file, checked whole (PRAGMA integrity_check), synced and renamed. Into the backup directory (backup.directory, by default STORE.backups beside the store) it is named by its UTC instant, and old ones are thinned as the daemon thins them (the newest whole one of a day is kept: an earlier one of the same day is removed, and named; so are the partial files of a backup killed midway, and the copies a restore killed midway left beside the store, at once when the process that wrote them is gone or its pid is now a process's that started after they were last written, and after 10 s when it is a live process's that started before, never while a backup or restore still writes them); a backup is never opened as a store, nor backed up (--store BACKUP is refused: restore it instead); with --output it writes a new file (mode 0600), or replaces an earlier backup of this store or an empty file and says so, with that file's size and date; never the store or one of its files, another store, another store's backup, or a file that is not a backup (a person's notes), and a name ending as a document's (.csv, .txt, .html, .pdf...) is refused. The daemon keeps daily backups by itself (nudge(5), backup.enabled).
                """)
        @OptionGroup var global: GlobalOptions
        @Option(help: "Write the backup to this file instead of the backup directory.") var output: String?

        func run(_ context: CommandContext) throws {
            try BackupTake(output: output).run(context)
        }
    }
}
