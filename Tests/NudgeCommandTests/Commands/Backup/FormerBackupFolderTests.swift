import Foundation
import NudgeTestSupport
import Testing

/// The store's backups in a folder `backup.directory` named before (issue 39, fourth round):
/// after the setting changed, or a restore brought back an older one, they dropped out of
/// `backups`, doctor and `restore --latest`, though the newest was among them. The folder
/// `STORE.backup-location` records beside the store, rewritten at each change, keeps them found.
struct FormerBackupFolderTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    var first: String { store + ".backups" }
    var second: String { directory.file("elsewhere") }

    @discardableResult
    func nudge(_ arguments: String..., at fakeNow: String) -> CommandResult {
        let result = InProcessNudge.run(
            arguments + ["--store", store], environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": fakeNow])
        #expect(result.status == 0 || arguments == ["doctor"], "\(arguments): \(result)")
        return result
    }

    func location() throws -> [String: String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: store + ".backup-location"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]).compactMapValues {
            $0 as? String
        }
    }

    func entries() throws -> String? {
        try StoreQuery.rows(store, "SELECT count(*) AS n FROM symptom_entries").first?["n"]
    }

    @Test func backupsInTheFolderNamedBeforeStayTheStores() throws {
        nudge("log", "symptom", "first", "--severity", "2", at: "2026-11-20T10:00:00Z")
        nudge("backup", at: "2026-11-20T10:00:00Z")
        // `settings set` rewrites the location, and keeps the folder named before.
        nudge("settings", "set", "backup.directory", second, at: "2026-11-21T09:00:00Z")
        #expect(try location()["directory"] == second && location()["formerDirectory"] == first)
        let listed = nudge("backups", at: "2026-11-21T09:00:00Z")
        #expect(listed.stdout.contains(first + "/nudge-20261120T100000Z.sqlite"), "\(listed)")
        nudge("log", "symptom", "second", "--severity", "2", at: "2026-11-21T10:00:00Z")
        nudge("backup", at: "2026-11-21T10:00:00Z")

        // Restoring the first backup brings back its setting (the default folder): the
        // location follows, and the newest backup, in the other folder, is still the store's.
        nudge("restore", first + "/nudge-20261120T100000Z.sqlite", "--yes", at: "2026-11-22T10:00:00Z")
        #expect(try location()["directory"] == first && location()["formerDirectory"] == second)
        #expect(try entries() == "1")
        let both = nudge("backups", at: "2026-11-22T10:00:00Z")
        #expect(
            both.stdout.contains(second + "/nudge-20261121T100000Z.sqlite")
                && both.stdout.contains(" nudge-20261120T100000Z.sqlite")
                && both.stdout.hasSuffix(
                    "1 of these is in \(second), which backup.directory named before; new backups go to \(first), and nudge does not thin the earlier folder\n"
                ), "\(both)")
        let doctor = nudge("doctor", at: "2026-11-22T10:00:00Z")
        #expect(
            doctor.stdout.contains(
                "checked ok; 1 kept in \(first); 1 in \(second), which backup.directory named before\n"), "\(doctor)")
        nudge("restore", "--latest", "--yes", at: "2026-11-22T10:00:00Z")
        #expect(try entries() == "2")
    }
}

/// One folder under two spellings (issue 39, fifth round): a link to it, or `..` in its path,
/// was taken for the folder named before, so its backups were listed twice and doctor counted
/// "1 kept in real; 1 in link". Folders compare by device and inode.
extension FormerBackupFolderTests {
    @Test(arguments: ["link", "sub/../nudge.sqlite.backups"])
    func oneFolderUnderAnotherSpellingIsNotAnEarlierFolder(spelling: String) throws {
        try FileManager.default.createDirectory(atPath: directory.file("sub"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: directory.file("link"), withDestinationPath: first)
        nudge("log", "symptom", "first", "--severity", "2", at: "2026-11-20T10:00:00Z")
        nudge("backup", at: "2026-11-20T10:00:00Z")
        let renamed = directory.file(spelling)
        nudge("settings", "set", "backup.directory", renamed, at: "2026-11-21T09:00:00Z")
        let recorded = try location()
        #expect(recorded["formerDirectory"] == nil, "\(recorded)")
        let listed = nudge("backups", at: "2026-11-21T09:00:00Z")
        #expect(
            listed.stdout.components(separatedBy: "nudge-20261120T100000Z.sqlite").count == 2
                && !listed.stdout.contains("named before"), "\(listed)")
        let doctor = nudge("doctor", at: "2026-11-21T09:00:00Z")
        #expect(doctor.stdout.contains("checked ok; 1 kept in \(renamed)\n"), "\(doctor)")
    }
}

/// More than one earlier folder (issue 39, fifth round): A, then B, then C dropped A's backups
/// from every account, since only the folder named last before was remembered.
extension FormerBackupFolderTests {
    @Test func everyEarlierFolderThatHoldsBackupsStaysTheStores() throws {
        let third = directory.file("third")
        nudge("log", "symptom", "first", "--severity", "2", at: "2026-11-20T10:00:00Z")
        nudge("backup", at: "2026-11-20T10:00:00Z")
        nudge("settings", "set", "backup.directory", second, at: "2026-11-21T09:00:00Z")
        nudge("backup", at: "2026-11-21T10:00:00Z")
        nudge("settings", "set", "backup.directory", third, at: "2026-11-22T09:00:00Z")
        let listed = nudge("backups", at: "2026-11-22T09:00:00Z")
        #expect(
            listed.stdout.contains(first + "/nudge-20261120T100000Z.sqlite")
                && listed.stdout.contains(second + "/nudge-20261121T100000Z.sqlite"), "\(listed)")
        let doctor = nudge("doctor", at: "2026-11-22T09:00:00Z")
        #expect(
            doctor.stdout.contains("; 1 in \(second), which backup.directory named before")
                && doctor.stdout.contains("; 1 in \(first), which backup.directory named before"), "\(doctor)")
        // A folder that holds none of the store's backups any more is forgotten.
        try FileManager.default.removeItem(atPath: first + "/nudge-20261120T100000Z.sqlite")
        nudge("backup", at: "2026-11-22T10:00:00Z")
        let data = try Data(contentsOf: URL(fileURLWithPath: store + ".backup-location"))
        let recorded = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(
            recorded["formerDirectory"] as? String == second && recorded["olderDirectories"] == nil, "\(recorded)")
    }

    /// The folder named now turned into something that cannot be read (eleventh round: a FIFO
    /// another program named): `restore --latest` takes the newest from the earlier folders,
    /// naming the one it could not read, so the damaged store's advice is no dead end.
    @Test func anUnreadableFolderLeavesTheEarlierOnes() throws {
        nudge("log", "symptom", "sneeze", "--severity", "2", at: "2026-11-22T08:00:00Z")
        nudge("backup", at: "2026-11-22T09:00:00Z")
        try FileManager.default.createDirectory(atPath: second, withIntermediateDirectories: false)
        nudge("settings", "set", "backup.directory", second, at: "2026-11-22T10:00:00Z")
        #expect(rmdir(second) == 0 && mkfifo(second, 0o600) == 0)
        let restored = nudge("restore", "--latest", "--yes", at: "2026-11-22T11:00:00Z")
        #expect(
            restored.stdout.hasPrefix(
                "restored the backup of 2026-11-22 09:00 UTC (from a folder backup.directory named before: cannot read the backup folder \(second)"
            ), "\(restored)")
    }
}

/// The same folder, for `nudge backups` and doctor (issue 39, twelfth round): they stopped at
/// the folder that cannot be read (exit 66, "no backup can be taken") while `restore --latest`
/// took the newest of the earlier folders. All three now agree on that backup.
extension FormerBackupFolderTests {
    @Test func anUnreadableFolderLeavesTheEarlierOnesListedAndCounted() throws {
        nudge("log", "symptom", "sneeze", "--severity", "2", at: "2026-11-22T08:00:00Z")
        nudge("backup", at: "2026-11-22T09:00:00Z")
        try FileManager.default.createDirectory(atPath: second, withIntermediateDirectories: false)
        nudge("settings", "set", "backup.directory", second, at: "2026-11-22T10:00:00Z")
        #expect(rmdir(second) == 0 && mkfifo(second, 0o600) == 0)
        let unreadable = "cannot read the backup folder \(second) (it is not a folder)"
        let listed = nudge("backups", at: "2026-11-22T11:00:00Z")
        #expect(
            listed.stdout.contains(first + "/nudge-20261122T090000Z.sqlite")
                && listed.stdout.contains(unreadable)
                && listed.stdout.hasSuffix("whose newest sound one restore --latest takes\n"), "\(listed)")
        let json = nudge("backups", "--json", at: "2026-11-22T11:00:00Z")
        #expect(json.stdout.contains("nudge-20261122T090000Z.sqlite") && json.stderr.contains(unreadable), "\(json)")
        let doctor = nudge("doctor", at: "2026-11-22T11:00:00Z")
        #expect(
            doctor.stdout.contains("PROBLEM backups: \(second) is not a folder; no backup can be taken")
                && doctor.stdout.contains(
                    "ok      backups: newest 2026-11-22 09:00 UTC (2h ago), checked ok; 1 in \(first), which backup.directory named before\n"
                ), "\(doctor)")
        let restored = nudge("restore", "--latest", "--yes", at: "2026-11-22T11:00:00Z")
        #expect(restored.stdout.hasPrefix("restored the backup of 2026-11-22 09:00 UTC"), "\(restored)")
    }
}

/// Past the 5 earlier folders remembered (issue 39, twelfth round), a change of
/// `backup.directory` dropped the oldest that held the store's backups unsaid: from then on
/// no listing, restore or doctor counted them. The change says so, naming the folder.
extension FormerBackupFolderTests {
    @Test func aFolderPushedOutOfThoseRememberedIsNamed() throws {
        nudge("log", "symptom", "sneeze", "--severity", "2", at: "2026-11-20T08:00:00Z")
        nudge("backup", at: "2026-11-20T09:00:00Z")
        for number in 1...5 {
            let changed = nudge(
                "settings", "set", "backup.directory", directory.file("bk\(number)"), at: "2026-11-2\(number)T08:00:00Z"
            )
            #expect(changed.stderr.isEmpty, "\(changed)")
            nudge("backup", at: "2026-11-2\(number)T09:00:00Z")
        }
        let sixth = nudge("settings", "set", "backup.directory", directory.file("bk6"), at: "2026-11-26T08:00:00Z")
        #expect(
            sixth.stderr
                == "nudge: warning: \(first) holds backups of this store, but nudge remembers 5 earlier backup folders that hold them, and it is no longer one of them: nudge backups, restore --latest and doctor leave its backups out; restore one by its path, or move them into the folder backup.directory names\n",
            "\(sixth)")
        #expect(try location()["formerDirectory"] == directory.file("bk5"))
    }

    /// `backup.directory` a link, pointed at another folder (`ln -sfn`, a new disk): the backups
    /// where it led before dropped out of sight, `restore --latest` refused, and the next backup
    /// forgot them (hostile round 17). They stay the store's, in an earlier folder.
    @Test func aLinkPointedElsewhereKeepsTheBackupsWhereItLed() throws {
        let (disk1, disk2, link) = (directory.file("disk1"), directory.file("disk2"), directory.file("current"))
        for folder in [disk1, disk2] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        }
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: disk1)
        nudge("log", "symptom", "before", "--severity", "2", at: "2026-11-20T09:00:00Z")
        nudge("settings", "set", "backup.directory", link, at: "2026-11-20T09:00:00Z")
        nudge("backup", at: "2026-11-20T10:00:00Z")
        try FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: disk2)

        let listed = nudge("backups", at: "2026-11-21T09:00:00Z")
        #expect(listed.stdout.contains(disk1 + "/nudge-20261120T100000Z.sqlite"), "\(listed)")
        #expect(!listed.stdout.contains("lacks the newest"), "\(listed)")
        nudge("log", "symptom", "after", "--severity", "3", at: "2026-11-21T09:00:00Z")
        let restored = nudge("restore", "--latest", "--yes", at: "2026-11-21T09:30:00Z")
        #expect(restored.stdout.contains("restored the backup of 2026-11-20 10:00 UTC"), "\(restored)")
        #expect(try entries() == "1")

        nudge("backup", at: "2026-11-22T10:00:00Z")
        let recorded = try location()
        #expect(recorded["formerDirectory"] == disk1, "\(recorded)")
        let both = nudge("backups", at: "2026-11-22T10:00:00Z")
        #expect(
            both.stdout.contains(disk1 + "/nudge-20261120T100000Z.sqlite")
                && both.stdout.contains("nudge-20261122T100000Z.sqlite"), "\(both)")
    }
}
