import ArgumentParser
import NudgeCommandLine
import NudgeCommands

extension Nudge {
    struct Backups: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "backups",
            abstract: "List the store's backups, newest first, each checked and counted.",
            discussion:
                "Each backup is opened read-only and checked whole (PRAGMA integrity_check); its records are counted by kind. Only this store's are listed where several stores share the backup directory (a last line counts the others', which only their path restores, with --yes; another line counts those taken from this store's file under another identity, when the store was given a new one, by another program or by being replaced with a copy of itself, or when another store was moved over it, and names the newest's path), with those taken before stores had identities (marked, and never thinned); with no identity anywhere (no store, no STORE.backup-location), the backups of several stores are each marked with their store (store A has the newest backup, then store B...) and a last line says nudge cannot tell which is this store's; newest first by the instant recorded inside each. The store's own backups in the folder backup.directory named before (STORE.backup-location keeps it) are listed too, with their path, and a last line names that folder. A folder that is there but cannot be read (no permission, read but not entered, a file in its place) is said to be so (exit 66), never listed as empty; when the folders named before hold the store's backups, they are listed (those restore --latest takes from), and a last line names the folder that cannot be read; an earlier folder that cannot be read or is not there (unmounted) is named in a last line, and never forgotten."
        )
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON array.") var json = false

        func run(_ context: CommandContext) throws {
            try BackupsList.run(json: json, context)
        }
    }
}
