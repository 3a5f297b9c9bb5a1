import Foundation
import GRDB
import NudgeCore
import NudgeReports
import NudgeTestSupport
import Testing

/// What backup, backups, restore and doctor say when something is wrong, in a person's words:
/// a full disk, a damaged backup, a backup folder open to others.
struct BackupPlainWordsTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    let fakeNow = "2026-11-22T20:00:00Z"

    @discardableResult
    func nudge(_ arguments: [String], store: String? = nil, status: Int32 = 0) -> CommandResult {
        let result = InProcessNudge.run(
            arguments + ["--store", store ?? self.store], environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": fakeNow])
        #expect(result.status == status, "\(arguments): \(result)")
        return result
    }

    /// `backup --output` onto a backup in the store's own backup folder (hostile round 20 on
    /// issue 39): refused as in that folder, not as "the store or one of its files".
    @Test func anOutputInTheBackupFolderIsRefusedAsSuch() throws {
        nudge(["log", "symptom", "Headache", "--severity", "3"])
        nudge(["backup"])
        let taken = store + ".backups/nudge-20261122T200000Z.sqlite"
        let before = StoreDump.bytes(taken)
        let refused = nudge(["backup", "--output", taken], status: 64)
        #expect(
            refused.stderr
                == "nudge: --output '\(taken)' is in the store's backup folder \(store).backups, whose files nudge names and thins; give another path\n",
            "\(refused)")
        #expect(before != nil && StoreDump.bytes(taken) == before)
    }

    /// The counts leave out nothing a person keeps (hostile round 24 on issue 39: two contacts,
    /// a call reminder and a medication taken went uncounted); a call Monica marks deleted is
    /// not one.
    @Test func theCountsNameContactsCallRemindersAndDosesTaken() throws {
        nudge(["contacts", "add", "Ann", "--every", "7"])
        nudge(["contacts", "add", "Bob", "--every", "14"])
        nudge(["call", "remind", "Ann", "--on", "2026-12-01"])
        nudge(["meds", "add", "Melatonin", "--dose", "3mg", "--at", "22:00", "--custom"])
        nudge(["meds", "taken", "Melatonin"])
        nudge(["call", "log", "Ann"])
        nudge(["call", "log", "Bob"])
        try DatabaseQueue(path: store).write { db in
            try db.execute(
                sql: "UPDATE call_logs SET is_marked_deleted = 1 WHERE rowid = (SELECT min(rowid) FROM call_logs)")
        }
        let taken = nudge(["backup"])
        #expect(taken.stdout.contains(" 1 call,"), "\(taken)")
        #expect(taken.stdout.contains("2 contacts, 1 call reminder, 1 medication dose taken"), "\(taken)")
        let listed = nudge(["backups", "--json"])
        #expect(listed.stdout.contains("\"medication_doses_taken\" : 1"), "\(listed)")
    }

    /// A database that is not nudge's, named as a backup in the folder, was listed with counts
    /// of nothing, as an empty backup (hostile round 25 on issue 39): it has none.
    @Test func aDatabaseThatIsNotABackupIsListedWithoutCounts() throws {
        nudge(["log", "symptom", "Headache", "--severity", "3"])
        nudge(["backup"])
        let foreign = store + ".backups/nudge-20261121T100000Z.sqlite"
        try DatabaseQueue(path: foreign).write { db in
            try db.execute(sql: "CREATE TABLE notes (t); INSERT INTO notes VALUES ('x')")
        }
        let listed = nudge(["backups"]).stdout
        #expect(listed.contains("not a nudge backup"), "\(listed)")
        #expect(listed.components(separatedBy: "diary entr").count == 2, "counts for the real backup alone: \(listed)")
    }

    /// A log set aside that another program kept writing into (it had the store open across a
    /// copy put in place by hand: hostile round 25 on issue 39) is named as such by doctor.
    @Test func aLogSetAsideAndWrittenSinceIsNamedByDoctor() throws {
        nudge(["log", "symptom", "Headache", "--severity", "3"])
        nudge(["backup"])
        let aside = store + ".before-overwrite-20261122T195000Z-wal"
        let quiet = store + ".before-overwrite-20261122T194000Z-wal"
        for path in [aside, quiet] { try Data(repeating: 1, count: 100).write(to: URL(fileURLWithPath: path)) }
        let setAside = try #require(Timestamp.parse("2026-11-22T19:50:00Z"))
        try FileManager.default.setAttributes(
            [.modificationDate: setAside.addingTimeInterval(300)], ofItemAtPath: aside)
        try FileManager.default.setAttributes(
            [.modificationDate: setAside.addingTimeInterval(-600)], ofItemAtPath: quiet)
        let doctor = nudge(["doctor"], status: 1).stdout
        let lines = doctor.split(separator: "\n").filter { $0.contains("is the write-ahead log that was beside") }
        #expect(lines.count == 2, "\(doctor)")
        #expect(
            lines.filter { $0.contains("another program wrote into it after it was set aside") }.count == 1, "\(doctor)"
        )
        #expect(lines.first { $0.contains("195000Z") }?.contains("after it was set aside") == true, "\(doctor)")
    }

    /// A backup beside the journal of a write that was cut off (a program killed while it
    /// wrote into it): read alone it is half-written, and was called "not a sound SQLite
    /// file", though SQLite rolls the write back at the next open (hostile round 24 on issue
    /// 39). The write is rolled back, and the backup restored as it was taken (one whose write
    /// cannot be rolled back, a file this user may not write, is refused naming the journal:
    /// not testable as root, who may write any file).
    @Test func aBackupBesideAHotJournalIsRestoredAsItWasTaken() throws {
        for index in 1...60 { nudge(["log", "symptom", "Headache \(index)", "--severity", "3"]) }
        let backup = directory.file("a.sqlite")
        nudge(["backup", "--output", backup])
        // A write held open with pages spilled into the file: the pair copied then is what a
        // writer killed at that moment leaves.
        func tornCopy(_ name: String) throws -> String {
            let torn = directory.file(name)
            let writer = try DatabaseQueue(path: backup)
            try writer.inDatabase { db in
                try db.execute(sql: "PRAGMA cache_size = 2")
                try db.execute(sql: "BEGIN IMMEDIATE")
                try db.execute(sql: "UPDATE symptom_entries SET notes = hex(randomblob(300))")
                try db.execute(sql: "DELETE FROM symptom_entries WHERE rowid % 2 = 0")
                try FileManager.default.copyItem(atPath: backup, toPath: torn)
                try FileManager.default.copyItem(atPath: backup + "-journal", toPath: torn + "-journal")
                try db.execute(sql: "ROLLBACK")
            }
            return torn
        }
        let torn = try tornCopy("torn.sqlite")
        nudge(["restore", torn, "--yes"])
        let entries = try DatabaseQueue(path: store).read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM symptom_entries WHERE notes IS NULL OR notes = ''")
        }
        #expect(entries == 60, "the backup as it was taken")
    }

    /// `restore FILE` onto a store on a full disk (a 2 MB tmpfs, which root can mount): the
    /// backup fits beside the store once, not twice. It says the store's folder is on a full
    /// disk, never the backup's (hostile round 26 on issue 39), roughly how much it needs there
    /// and what to do, and the store is as it was.
    @Test(.enabled(if: getuid() == 0)) func aRestoreOntoAFullDiskSaysTheDiskIsFull() throws {
        nudge(["log", "symptom", "Headache", "--severity", "3"])
        let backup = directory.file("big.sqlite")
        nudge(["backup", "--output", backup])
        try DatabaseQueue(path: backup).writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE attachments (body BLOB)")
            try db.execute(sql: "INSERT INTO attachments VALUES (randomblob(1000000))")
            try db.execute(sql: "PRAGMA journal_mode = DELETE")
        }
        let small = directory.file("small")
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: false)
        let mount = try Subprocess.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", small])
        try #require(mount.status == 0, "\(mount)")
        defer { _ = try? Subprocess.run("/usr/bin/umount", ["-l", small]) }
        let onFullDisk = small + "/nudge.sqlite"
        nudge(["log", "symptom", "Nausea", "--severity", "2"], store: onFullDisk)
        let restore = nudge(["restore", "--yes", backup], store: onFullDisk, status: 74)
        #expect(
            restore.stderr.contains(
                "the store's folder \(small) is on a full disk: a restore needs about 2 MB free there, for a copy of the backup and the copy of the store it keeps; free space there (df -h \(small)), then restore again"
            ), "\(restore)")
        #expect(!restore.stderr.contains("SQLite error") && restore.stderr.contains(backup), "\(restore)")
        #expect(restore.stderr.split(separator: "\n").count == 1, "\(restore)")
        #expect(try StoreQuery.rows(onFullDisk, "SELECT name FROM symptom_entries").map { $0["name"] } == ["Nausea"])
        let left = try FileManager.default.contentsOfDirectory(atPath: small)
        #expect(!left.contains { $0.hasPrefix(".nudge-restore-") || $0.contains("before-restore") }, "\(left)")
    }

    /// `restore --latest` onto a store on a disk with less room than the backup (300 KB free on
    /// a tmpfs, a backup of about 2 MB elsewhere): its first copy, beside the store, fails, and that says
    /// what the copy that fits and the step after it that does not say: the folder, the room
    /// needed and `df -h` (hostile round 27 on issue 39 had "the disk is full" alone).
    @Test(.enabled(if: getuid() == 0)) func aRestoreWhoseFirstCopyDoesNotFitNamesTheFolderAndTheRoom() throws {
        let small = directory.file("small")
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: false)
        let mount = try Subprocess.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", small])
        try #require(mount.status == 0, "\(mount)")
        defer { _ = try? Subprocess.run("/usr/bin/umount", ["-l", small]) }
        let onFullDisk = small + "/nudge.sqlite"
        nudge(["log", "symptom", "Nausea", "--severity", "2"], store: onFullDisk)
        nudge(["settings", "set", "backup.directory", directory.file("backups")], store: onFullDisk)
        try DatabaseQueue(path: onFullDisk).writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE attachments (body BLOB)")
            try db.execute(sql: "INSERT INTO attachments VALUES (randomblob(1500000))")
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
        nudge(["backup"], store: onFullDisk)
        try DatabaseQueue(path: onFullDisk).writeWithoutTransaction { db in
            try db.execute(sql: "DROP TABLE attachments")
            try db.execute(sql: "VACUUM")
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let free = try #require(
            try FileManager.default.attributesOfFileSystem(forPath: small)[.systemFreeSize] as? Int)
        #expect(
            FileManager.default.createFile(
                atPath: small + "/filler", contents: Data(count: max(0, free - 300_000))))
        let restore = nudge(["restore", "--latest", "--yes"], store: onFullDisk, status: 74)
        #expect(
            restore.stderr.contains("the store's folder \(small) is on a full disk: a restore needs about ")
                && restore.stderr.contains("free space there (df -h \(small)), then restore again"), "\(restore)")
        #expect(restore.stderr.split(separator: "\n").count == 1, "\(restore)")
        #expect(try StoreQuery.rows(onFullDisk, "SELECT name FROM symptom_entries").map { $0["name"] } == ["Nausea"])
        let left = try FileManager.default.contentsOfDirectory(atPath: small)
        #expect(!left.contains { $0.hasPrefix(".nudge-restore-") || $0.contains("before-restore") }, "\(left)")
    }

    /// A backup that does not fit on a full disk names the folder, never the whole backup of
    /// the same second its name would have followed (hostile round 14: "cannot write the backup
    /// …/nudge-20261127T031533Z.sqlite: the disk is full" of a sound file).
    @Test(.enabled(if: getuid() == 0)) func aBackupOnAFullDiskNamesTheFolderNotAnEarlierBackup() throws {
        nudge(["log", "symptom", "Headache", "--severity", "3"])
        let small = directory.file("small")
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: false)
        let mount = try Subprocess.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", small])
        try #require(mount.status == 0, "\(mount)")
        defer { _ = try? Subprocess.run("/usr/bin/umount", ["-l", small]) }
        nudge(["settings", "set", "backup.directory", small])
        nudge(["backup"])
        let first = try #require(
            try FileManager.default.contentsOfDirectory(atPath: small).first { $0.hasSuffix(".sqlite") })
        // What is left of the disk, filled: dd stops at "No space left on device".
        _ = try Subprocess.run("/usr/bin/dd", ["if=/dev/zero", "of=\(small)/filler", "bs=64k", "count=64"])
        let failed = nudge(["backup"], status: 74)
        #expect(failed.stderr.contains("cannot write a backup into \(small): the disk is full"), "\(failed)")
        #expect(!failed.stderr.contains(first), "\(failed)")
    }

    /// A 3 MB store backed up into an empty 1 MB tmpfs (hostile round 28 on issue 39: "the disk
    /// is full", and doctor "free space in" a folder holding nothing): the backup says it needs
    /// about the store's size and the disk holds less in all, and doctor says to choose a
    /// larger disk.
    @Test(.enabled(if: getuid() == 0)) func aBackupIntoAnEmptyDiskSmallerThanTheStoreSaysSo() throws {
        nudge(["log", "symptom", "Headache", "--severity", "3"])
        try DatabaseQueue(path: store).writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE attachments (body BLOB)")
            try db.execute(sql: "INSERT INTO attachments VALUES (randomblob(3000000))")
        }
        let small = directory.file("small")
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: false)
        let mount = try Subprocess.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", small])
        try #require(mount.status == 0, "\(mount)")
        defer { _ = try? Subprocess.run("/usr/bin/umount", ["-l", small]) }
        nudge(["settings", "set", "backup.directory", small])
        let failed = nudge(["backup"], status: 74)
        let said =
            "the store's size, and the disk of \(small) holds 1.0 MB in all; set backup.directory to a folder on a larger disk)"
        #expect(
            failed.stderr.contains("cannot write a backup into \(small): the disk is full (a backup needs about 3."),
            "\(failed)")
        #expect(failed.stderr.contains(said), "\(failed)")
        let doctor = nudge(["doctor"], status: 1).stdout
        #expect(doctor.contains(said), "\(doctor)")
        #expect(
            doctor.contains("set a folder on a disk larger than the store: nudge settings set backup.directory PATH"),
            "\(doctor)")
        #expect(!doctor.contains("free space in \(small)"), "\(doctor)")
    }

    /// `restore NAME` with the bare name of the copy a restore kept beside the store, from
    /// another folder (hostile round 28 on issue 39: "does not exist; give a backup's path",
    /// and `nudge backups` never lists such copies): it names the file beside the store and
    /// the whole line to type.
    @Test func aBareNameOfAFileBesideTheStoreIsNamedInFull() throws {
        nudge(["log", "symptom", "Headache", "--severity", "3"])
        let backup = directory.file("b.sqlite")
        nudge(["backup", "--output", backup])
        nudge(["restore", backup, "--yes"])
        let kept = try #require(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).first {
                $0.hasPrefix("nudge.sqlite.before-restore-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm")
            })
        #expect(!FileManager.default.fileExists(atPath: kept))
        let beside = URL(fileURLWithPath: directory.path).resolvingSymlinksInPath().path + "/" + kept
        let refused = nudge(["restore", kept, "--yes"], status: 64)
        #expect(
            refused.stderr
                == "nudge: the backup '\(kept)' does not exist here, but \(beside) does, beside the store; did you mean: nudge --store \(store) restore \(beside) --yes\n",
            "\(refused)")
    }

    /// A store on a read-only mount, backed up into a folder elsewhere (hostile round 17): the
    /// backup is taken, and its warning says that STORE.backup-location could not record it,
    /// which `restore --latest` of a damaged store or a changed setting relies on.
    @Test(.enabled(if: getuid() == 0)) func aBackupOfAStoreOnAReadOnlyMountSaysItsFolderIsNotRecorded() throws {
        let small = directory.file("small")
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: false)
        let mount = try Subprocess.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=8m", "tmpfs", small])
        try #require(mount.status == 0, "\(mount)")
        defer { _ = try? Subprocess.run("/usr/bin/umount", ["-l", small]) }
        let onReadOnly = small + "/nudge.sqlite"
        nudge(["log", "symptom", "Nausea", "--severity", "2"], store: onReadOnly)
        nudge(["settings", "set", "backup.directory", directory.file("elsewhere")], store: onReadOnly)
        let readOnly = try Subprocess.run("/usr/bin/mount", ["-o", "remount,ro", small])
        try #require(readOnly.status == 0, "\(readOnly)")
        let backup = nudge(["backup"], store: onReadOnly)
        #expect(backup.stdout.hasPrefix("backed up the store to \(directory.file("elsewhere"))/"), "\(backup)")
        #expect(
            backup.stderr.contains(
                "nudge: warning: \(onReadOnly).backup-location could not be written (cannot write in \(small): Read-only file system)"
            ), "\(backup)")
        #expect(backup.stderr.contains("mount it read-write"), "\(backup)")
        #expect(backup.stderr.split(separator: "\n").count == 1, "\(backup)")
    }

    /// A damaged backup's CHECK says "damaged", not SQLite's "*** in database main ***"; the
    /// JSON keeps SQLite's first complaint itself.
    /// A command on a full disk (hostile round 17): SQLite cannot make the store's -shm, and
    /// said "disk I/O error; choose another store". A write says the disk is full.
    @Test(.enabled(if: getuid() == 0)) func aWriteOnAFullDiskSaysTheDiskIsFull() throws {
        let small = directory.file("small")
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: false)
        let mount = try Subprocess.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=1100k", "tmpfs", small])
        try #require(mount.status == 0, "\(mount)")
        defer { _ = try? Subprocess.run("/usr/bin/umount", ["-l", small]) }
        let onFullDisk = small + "/nudge.sqlite"
        nudge(["log", "symptom", "Nausea", "--severity", "2"], store: onFullDisk)
        for suffix in ["-wal", "-shm"] { unlink(onFullDisk + suffix) }
        let filler = try Subprocess.run("/usr/bin/dd", ["if=/dev/zero", "of=\(small)/fill", "bs=1k", "count=4000"])
        #expect(filler.status != 0, "the disk filled up: \(filler)")
        // A read reads it (`FullDiskReadingTests`); a write is refused.
        let read = InProcessNudge.run(
            ["log", "symptom", "Headache", "--severity", "3", "--store", onFullDisk],
            environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": fakeNow])
        #expect(read.status != 0, "\(read)")
        #expect(
            read.stderr.contains("the disk is full; free space on it (df -h \(small)), then try again"), "\(read)")
        #expect(read.stderr.split(separator: "\n").count == 1, "\(read)")
    }

    /// `restore --latest` passed over a damaged newest backup unsaid (hostile round 17): it
    /// restores the newest sound one and names the damaged one it passed over.
    @Test func aDamagedNewestBackupPassedOverIsNamed() throws {
        nudge(["log", "symptom", "Headache", "--severity", "3"])
        let folder = store + ".backups"
        let older = InProcessNudge.run(
            ["backup", "--store", store], environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-21T10:00:00Z"])
        #expect(older.status == 0, "\(older)")
        nudge(["log", "symptom", "Nausea", "--severity", "2"])
        nudge(["backup"])
        let newest = folder + "/nudge-20261122T200000Z.sqlite"
        let handle = try #require(FileHandle(forUpdatingAtPath: newest))
        try handle.truncate(atOffset: 8192)
        try handle.close()
        let restored = nudge(["restore", "--latest", "--yes"])
        let words = restored.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("restored the backup of 2026-11-21 10:00 UTC"), "\(restored)")
        #expect(words.contains("(the newer \(newest) is damaged, passed over)"), "\(restored)")
    }

    /// A symbolic link that loops as `backup.directory` (hostile round 17) was taken, and once
    /// reset, remembered as an earlier folder that kept `restore --latest` refusing for good.
    @Test func aBackupFolderThatLoopsIsRefused() throws {
        nudge(["log", "symptom", "Headache", "--severity", "3"])
        let (one, other) = (directory.file("la"), directory.file("lb"))
        try FileManager.default.createSymbolicLink(atPath: one, withDestinationPath: other)
        try FileManager.default.createSymbolicLink(atPath: other, withDestinationPath: one)
        let refused = nudge(["settings", "set", "backup.directory", one], status: 64)
        #expect(refused.stderr.contains("it is a symbolic link that loops; give a directory"), "\(refused)")
        #expect(try StoreQuery.rows(store, "SELECT key FROM settings WHERE key = 'backup.directory'").isEmpty)
    }

    /// One of the store's backups given as `backup.directory` (hostile round 17: "it is the
    /// store or one of its files"): the refusal says it is in the store's backup folder.
    @Test func aBackupFileAsTheBackupFolderIsRefusedAsOneOfTheBackups() throws {
        nudge(["log", "symptom", "Headache", "--severity", "3"])
        nudge(["backup"])
        let backups = store + ".backups"
        let file = backups + "/" + (try #require(try FileManager.default.contentsOfDirectory(atPath: backups).first))
        try InProcessNudge.expectRefusal(
            ["settings", "set", "backup.directory", file], store: store,
            environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": fakeNow],
            mentioning: "it is in the store's backup folder \(backups), whose files nudge names and thins")
    }

    /// `--output other.sqlite-wal` (or `-journal`, `-shm`) beside another store (hostile round
    /// 18): the backup was written, and SQLite discarded it at that store's next write.
    @Test(arguments: ["-wal", "-journal", "-shm"]) func aBackupIsNeverNamedAsAnotherDatabasesLog(suffix: String) throws
    {
        nudge(["log", "symptom", "Headache", "--severity", "3"])
        let other = directory.file("other.sqlite")
        nudge(["log", "symptom", "Other", "--severity", "1"], store: other)
        try InProcessNudge.expectRefusal(
            ["backup", "--output", other + suffix], store: store,
            environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": fakeNow],
            mentioning: "is the name of the \(suffix.dropFirst()) file SQLite keeps beside the database \(other)")
        #expect(!FileManager.default.fileExists(atPath: other + suffix))
    }

    /// `restore NAME` with the name as `nudge backups` lists it, from another folder (hostile
    /// round 18: "does not exist; give a backup's path"): the backup of that name in the
    /// backup folder is restored.
    @Test func aBackupNamedAsTheListingNamesItIsRestored() throws {
        nudge(["log", "symptom", "Headache", "--severity", "3"])
        nudge(["backup"])
        nudge(["log", "symptom", "Later", "--severity", "1"])
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: store + ".backups").first { $0.hasPrefix("nudge-") })
        #expect(!FileManager.default.fileExists(atPath: name))
        let restored = nudge(["restore", name, "--yes"])
        #expect(restored.stdout.hasPrefix("restored the backup of "), "\(restored)")
        #expect(try StoreQuery.rows(store, "SELECT name FROM symptom_entries").map { $0["name"] } == ["Headache"])
        // A file of that name in the current folder too (hostile round 19: it was restored,
        // named only by its name): which one is meant is asked.
        let here = FileManager.default.currentDirectoryPath + "/" + name
        try FileManager.default.copyItem(atPath: store + ".backups/" + name, toPath: here)
        defer { unlink(here) }
        try InProcessNudge.expectRefusal(
            ["restore", name, "--yes"], store: store, environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": fakeNow],
            mentioning: "'\(name)' names a file in this folder and a backup in \(store).backups; give the path")
    }

    /// An earlier backup folder whose name holds terminal controls, reached through a link
    /// retargeted since (hostile round 18: `backups` and doctor printed ESC [1A ESC [2K CR raw,
    /// erasing a line and forging "ok all backups verified"): shown with the controls replaced.
    @Test func anEarlierFolderNamedWithTerminalControlsIsShownHarmless() throws {
        nudge(["log", "symptom", "Headache", "--severity", "3"])
        let forged = directory.file("disk\u{1b}[1A\u{1b}[2K\rok      all backups verified")
        let other = directory.file("other")
        for folder in [forged, other] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        }
        let link = directory.file("link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: forged)
        nudge(["settings", "set", "backup.directory", link])
        nudge(["backup"])
        try FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: other)
        let listed = nudge(["backups"])
        let doctor = nudge(["doctor"], status: 1)
        for output in [listed.stdout, doctor.stdout] {
            #expect(!output.contains("\u{1b}") && !output.contains("\r"), "\(output.debugDescription)")
        }
        #expect(listed.stdout.contains("disk\u{FFFD}[1A"), "\(listed.stdout.debugDescription)")
    }

    /// A file that is no backup under a backup's name (another user's, in a shared folder):
    /// doctor counted it among those kept (hostile round 18: "2 kept" of 1 sound backup).
    @Test func doctorCountsAFileNamedAsABackupApartFromThoseKept() throws {
        nudge(["log", "symptom", "Headache", "--severity", "3"])
        nudge(["backup"])
        #expect(
            FileManager.default.createFile(
                atPath: store + ".backups/nudge-20261122T000001Z.sqlite", contents: Data("notes\n".utf8)))
        let doctor = nudge(["doctor"], status: 1)
        #expect(
            doctor.stdout.contains(
                "; 1 kept in \(store).backups, and 1 damaged file named as a backup"), "\(doctor.stdout)")
    }

    @Test func backupsSaysADamagedBackupIsDamaged() throws {
        nudge(["log", "symptom", "Headache", "--severity", "3"])
        nudge(["settings", "set", "symptom.snooze_minutes", "30"])
        nudge(["backup"])
        let backups = store + ".backups"
        let file = backups + "/" + (try #require(try FileManager.default.contentsOfDirectory(atPath: backups).first))
        let root = try #require(
            try DatabaseQueue(path: file).read { db in
                try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'settings'")
            })
        // The settings' root page zeroed: the records are still counted, and the check lists
        // what is wrong.
        let handle = try #require(FileHandle(forWritingAtPath: file))
        try handle.seek(toOffset: UInt64((root - 1) * 4096))
        handle.write(Data(repeating: 0, count: 4096))
        try handle.close()
        let listing = nudge(["backups"], status: 0).stdout
        #expect(listing.contains(" damaged "), "\(listing)")
        #expect(!listing.contains("***"), "\(listing)")
        let json = nudge(["backups", "--json"]).stdout
        #expect(!json.contains("***") && !json.contains("\"check\" : \"ok\""), "\(json)")
    }

    /// A backup folder others can write (someone else made it 0777): doctor names it as a
    /// problem with the fix; nudge's own 0700 folder is not named.
    @Test func doctorNamesABackupFolderOpenToOthers() throws {
        nudge(["log", "symptom", "Headache", "--severity", "3"])
        nudge(["backup"])
        let backups = store + ".backups"
        let now = try #require(Timestamp.parse(fakeNow))
        let clock = WallClock(zone: .system("UTC"))
        func lines() -> [String] {
            DoctorFindings.backupFindings(store: store, settings: nil, now: now, clock: clock).map(\.line)
        }
        #expect(!lines().contains { $0.contains("open to other users") }, "\(lines())")
        #expect(chmod(backups, 0o777) == 0)
        let open = try #require(lines().first { $0.contains("open to other users") }, "\(lines())")
        #expect(open.hasPrefix("PROBLEM backups: the folder \(backups) is open to other users (mode 777)"), "\(open)")
        #expect(
            open.contains("remove one, or put in one of their own") && open.contains("chmod 700 \(backups)"), "\(open)")
    }

    /// `--output` over an earlier backup of this store replaces it (a nightly copy to one
    /// name), and one line says so, with what the file was (issue 39, twelfth round: silently).
    @Test func replacingAnEarlierBackupWithOutputSaysSo() throws {
        nudge(["log", "symptom", "Headache", "--severity", "3"])
        let output = directory.file("keep.sqlite")
        #expect(!nudge(["backup", "--output", output]).stdout.contains("replaced"))
        let changed = try #require(Timestamp.parse("2026-11-20T10:00:00Z"))
        try FileManager.default.setAttributes([.modificationDate: changed], ofItemAtPath: output)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int)
        let result = nudge(["backup", "--output", output])
        #expect(
            result.stdout.hasPrefix("backed up the store to \(output) (")
                && result.stdout.hasSuffix(
                    "\nreplaced the file that was at \(output) (\(ByteCountText.describe(size)), last changed 2026-11-20 10:00 UTC)\n"
                ),
            "\(result)")
    }

    /// What `backup --output` never writes over (hostile round 17: a person's notes were
    /// replaced, while an earlier backup of the store was refused): a file that is not a
    /// backup, another store's backup, and a name that promises a document.
    @Test func backupOutputRefusesWhatIsNotAnEarlierBackupOfThisStore() throws {
        nudge(["log", "symptom", "Headache", "--severity", "3"])
        let notes = directory.file("notes")
        #expect(FileManager.default.createFile(atPath: notes, contents: Data("twelve bytes".utf8)))
        let theirs = directory.file("theirs.sqlite")
        nudge(["log", "symptom", "Other", "--severity", "1"], store: directory.file("other.sqlite"))
        nudge(["backup", "--output", theirs], store: directory.file("other.sqlite"))
        let theirsBefore = StoreDump.bytes(theirs)
        // This store's own copy and its backup cut short were "another store" (round 24).
        let ownCopy = directory.file("own-copy.sqlite")
        try FileManager.default.copyItem(atPath: store, toPath: ownCopy)
        let cut = directory.file("cut.sqlite")
        nudge(["backup", "--output", cut])
        let size = try #require(try FileManager.default.attributesOfItem(atPath: cut)[.size] as? Int)
        try FileHandle(forWritingTo: URL(fileURLWithPath: cut)).truncate(atOffset: UInt64(size / 2))
        let environment = ["TZ": "UTC", "NUDGE_FAKE_NOW": fakeNow]
        for (output, words) in [
            (ownCopy, "(this store itself under another name, or a copy of it (as a restore keeps beside it))"),
            (cut, "(a file SQLite cannot read whole ("),
            (notes, "--output '\(notes)' is a file that is not a backup (12 B, last changed "),
            (
                theirs,
                "is a SQLite database that is not a backup of this store (another store, or another store's backup)"
            ),
            (
                directory.file("copy.csv"),
                "ends in .csv, but a backup is a whole SQLite database; give an --output ending in .sqlite"
            ),
        ] {
            try InProcessNudge.expectRefusal(
                ["backup", "--output", output], store: store, environment: environment, mentioning: words)
        }
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "twelve bytes")
        #expect(StoreDump.bytes(theirs) == theirsBefore)
        #expect(!FileManager.default.fileExists(atPath: directory.file("copy.csv")))
        // An empty file is no one's: taken.
        let empty = directory.file("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(nudge(["backup", "--output", empty]).stdout.contains("replaced the file that was at \(empty) (0 B"))
    }

    /// A backup.directory another program spoiled (an integer where a path goes): `backup`
    /// warns that it writes into STORE.backups instead, and doctor counts it a problem
    /// (hostile round 15: backups left the other disk unsaid, and doctor said ok).
    @Test func aSpoiledBackupFolderSettingIsSaid() throws {
        nudge(["settings", "set", "backup.directory", directory.file("usb")])
        try DatabaseQueue(path: store).write {
            try $0.execute(sql: "UPDATE settings SET value = 12345 WHERE key = 'backup.directory'")
        }
        let backup = nudge(["backup"])
        #expect(backup.stdout.contains("backed up the store to \(store).backups/"), "\(backup)")
        #expect(
            backup.stderr.contains("nudge: warning: the settings row backup.directory cannot be read"), "\(backup)")
        let doctor = InProcessNudge.run(
            ["doctor", "--store", store], environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": fakeNow])
        #expect(doctor.stdout.contains("PROBLEM settings: backup.directory: its value is not"), "\(doctor)")
        #expect(doctor.stdout.contains("fix: nudge settings reset backup.directory, or set it again"), "\(doctor)")
    }
}
