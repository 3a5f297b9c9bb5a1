import ArgumentParser
import NudgeCommandLine
import NudgeCommands

extension Nudge {
    struct Restore: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "restore",
            abstract: "Put a backup in place of the store, keeping the store as it was.",
            discussion: """
                The backup must be a sound nudge store; it is migrated to this nudge's schema and written into the store in one transaction, which a running daemon follows at once. Under the same write lock the store as it was is first copied beside it, named STORE.before-restore-INSTANT (.2, .3... when the name is taken; mode 0600) once the restore is committed, and never deleted: every write any program committed is in one or the other (a restore killed before its commit leaves no such copy: the next restore removes what it left, and names a copy whose restore was committed). Only a damaged store is replaced by a rename (programs that have it open must open it again); any other failure leaves it as it was. Says what the store has that the backup has not, by rows of every table of every app and the settings (compared by content and primary key: added, or changed since), and the rows the store no longer has (deleted since, rolled back by an earlier restore, or in a table dropped since) that come back, by kind; a backup an older nudge took is said to be brought up to date, and only the columns, indexes, views and triggers another program added since are named as removed; a restore with no room beside the store names the store's folder and about how much it needs there; of another store's backup, how many of its rows replace the store's; on a terminal it asks first, with the same account (when the store was written to while it asked, it counts again under the write lock, restores nothing, says so and asks again); elsewhere it needs --yes. The backup is copied privately before it asks: what it counts and restores is the backup named, even when a backup taken meanwhile removes the file. The store keeps its identity, never the backup's (a store not there yet gets a new one, unless the STORE.backup-location left beside it names one, or, with no such file, the backup is from STORE.backups, which holds that one store's backups alone: the removed store has come back, and keeps the backup's; but never an identity another live store holds, found where that identity's backups record they were taken from: the store moved with mv and a new one restored at its old path gets one of its own, and it says so; its folder is made, 0700): --latest waits for a backup being written into the backup folder (the daemon's nightly one, up to 60 s; longer refuses, exit 75) and takes only its own backups (where stores share the backup directory), and another store's backup is restored only when named, with --yes. With no identity anywhere (no store, no STORE.backup-location) and the backups of several stores in the folder, --latest refuses, naming each store's newest (store A has the newest backup, then store B...), and a backup restored by path is said to be store A's or B's (the store gets an identity of its own). A backup given as the store (--store BACKUP) is refused: nothing is restored into a backup. A backup folder that cannot be read is said to be so (exit 66); so is, for --latest, an earlier one that cannot be read or is not there (it may hold the newest): make it readable or mount it, or restore by path.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The backup file to restore: its path, or its name as nudge backups lists it.") var file:
            String?
        @Flag(help: "Restore the newest backup that passes its check.") var latest = false
        @Flag(help: "Restore without asking.") var yes = false

        func validate() throws {
            switch (file, latest) {
            case (nil, false):
                throw ValidationError(
                    "give the backup to restore, or --latest for the newest sound one (nudge backups lists them)")
            case (.some, true): throw ValidationError("give either a backup file or --latest, not both")
            case (.some, false), (nil, true): break
            }
        }

        func run(_ context: CommandContext) throws {
            try BackupRestore(file: file, latest: latest, yes: yes).run(context)
        }
    }
}
