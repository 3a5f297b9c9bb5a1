import Foundation
import NudgeTestSupport
import Testing

/// The folder `backup.directory` names, which the newest backup went into, not there now (a
/// USB disk unmounted; issue 39, twelfth round): `backups` listed only the older folder's and
/// doctor said "0 kept" there, `restore --latest` restored the older backup unsaid, and the
/// restore forgot the folder, whose newer backup was never listed again once it was back.
struct UnmountedBackupFolderTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    var usb: String { directory.file("usb") }

    func nudge(_ arguments: String..., at fakeNow: String) -> CommandResult {
        InProcessNudge.run(arguments + ["--store", store], environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": fakeNow])
    }

    /// A backup in the default folder on the 20th, then backup.directory set to the disk and
    /// one taken there on the 21st; then the disk goes (`usb.off`).
    func backUpToTheDiskThenUnplugIt() throws {
        _ = nudge("log", "symptom", "one", "--severity", "1", at: "2026-11-20T10:00:00Z")
        #expect(nudge("backup", at: "2026-11-20T10:00:00Z").status == 0)
        try FileManager.default.createDirectory(atPath: usb, withIntermediateDirectories: false)
        #expect(nudge("settings", "set", "backup.directory", usb, at: "2026-11-21T09:00:00Z").status == 0)
        _ = nudge("log", "symptom", "two", "--severity", "2", at: "2026-11-21T10:00:00Z")
        #expect(nudge("backup", at: "2026-11-21T10:00:00Z").status == 0)
        try FileManager.default.moveItem(atPath: usb, toPath: usb + ".off")
    }

    @Test func aFolderThatIsNotThereIsSaidAndNeverForgotten() throws {
        try backUpToTheDiskThenUnplugIt()

        let listed = nudge("backups", at: "2026-11-22T10:00:00Z")
        #expect(listed.status == 0 && listed.stdout.contains("\(usb), which the newest backup went into, is not there"))
        let doctor = nudge("doctor", at: "2026-11-22T10:00:00Z")
        #expect(doctor.stdout.contains("PROBLEM backups: the backup folder \(usb)"), "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("0 kept in \(usb)"), "\(doctor.stdout)")
        let latest = nudge("restore", "--latest", "--yes", at: "2026-11-22T10:00:00Z")
        #expect(latest.status == 66 && latest.stderr.contains("is not there (an unmounted disk?)"), "\(latest)")
        #expect(try StoreQuery.rows(store, "SELECT name FROM symptom_entries").count == 2)

        // Restored from the older folder anyway (its setting names the default folder), then
        // the disk is back: its newer backup is still this store's.
        let older = store + ".backups/nudge-20261120T100000Z.sqlite"
        #expect(nudge("restore", older, "--yes", at: "2026-11-22T10:05:00Z").status == 0)
        try FileManager.default.moveItem(atPath: usb + ".off", toPath: usb)
        let back = nudge("backups", at: "2026-11-22T10:10:00Z")
        #expect(back.stdout.contains(usb + "/nudge-20261121T100000Z.sqlite"), "\(back)")
    }

    /// The disk unplugged and its empty mount point left in place (hostile round 15):
    /// `restore --latest` took the week-old backup of the folder named before, unsaid, and
    /// `backups` said nothing of the missing newest. It is said by each, and refused.
    @Test func anEmptyMountPointIsNotTheFolderOfTheNewest() throws {
        try backUpToTheDiskThenUnplugIt()
        try FileManager.default.createDirectory(atPath: usb, withIntermediateDirectories: false)

        let lacking =
            "the backup folder \(usb) lacks the newest backup nudge took into it, nudge-20261121T100000Z.sqlite"
        let listed = nudge("backups", at: "2026-11-22T10:00:00Z")
        #expect(listed.stdout.contains(lacking), "\(listed)")
        let doctor = nudge("doctor", at: "2026-11-22T10:00:00Z")
        #expect(doctor.stdout.contains("PROBLEM backups: \(lacking)"), "\(doctor.stdout)")
        let latest = nudge("restore", "--latest", "--yes", at: "2026-11-22T10:00:00Z")
        #expect(latest.status == 66 && latest.stderr.contains(lacking), "\(latest)")
        #expect(try StoreQuery.rows(store, "SELECT name FROM symptom_entries").count == 2)

        // The disk back: the newest is found, and taken.
        try FileManager.default.removeItem(atPath: usb)
        try FileManager.default.moveItem(atPath: usb + ".off", toPath: usb)
        #expect(!nudge("backups", at: "2026-11-22T10:10:00Z").stdout.contains("lacks the newest"))
        let back = nudge("restore", "--latest", "--yes", at: "2026-11-22T10:10:00Z")
        #expect(back.status == 0 && back.stdout.contains("restored the backup of 2026-11-21 10:00 UTC"), "\(back)")
    }

    /// The disk (a tmpfs, which root can mount) unplugged and its empty mount point left: no
    /// backup is written into the mount point, where it would hide under the disk once it is
    /// back and leave the newest out of reach (hostile round 16); with the disk back, the
    /// newest is restored.
    @Test(.enabled(if: getuid() == 0)) func noBackupIsWrittenIntoAnUnpluggedDisksMountPoint() throws {
        try FileManager.default.createDirectory(atPath: usb, withIntermediateDirectories: false)
        func mount() throws {
            let mounted = try Subprocess.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=8m", "tmpfs", usb])
            try #require(mounted.status == 0, "\(mounted)")
        }
        try mount()
        defer { _ = try? Subprocess.run("/usr/bin/umount", ["-l", usb]) }
        #expect(nudge("settings", "set", "backup.directory", usb, at: "2026-11-21T09:00:00Z").status == 0)
        _ = nudge("log", "symptom", "two", "--severity", "2", at: "2026-11-21T10:00:00Z")
        #expect(nudge("backup", at: "2026-11-21T10:00:00Z").status == 0)
        // Its contents kept aside, as the unplugged disk keeps them.
        let kept = directory.file("kept")
        try FileManager.default.copyItem(atPath: usb, toPath: kept)
        #expect(try Subprocess.run("/usr/bin/umount", [usb]).status == 0)

        let refused = nudge("backup", at: "2026-11-22T10:00:00Z")
        #expect(refused.status == 73, "\(refused)")
        #expect(refused.stderr.contains("no backup is written there, where it would hide under the disk"), "\(refused)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: usb).isEmpty)

        try mount()
        for name in try FileManager.default.contentsOfDirectory(atPath: kept) {
            try FileManager.default.copyItem(atPath: kept + "/" + name, toPath: usb + "/" + name)
        }
        let back = nudge("restore", "--latest", "--yes", at: "2026-11-22T10:10:00Z")
        #expect(back.status == 0 && back.stdout.contains("restored the backup of 2026-11-21 10:00 UTC"), "\(back)")
    }

    /// A folder on the disk, not the mount point itself (hostile round 17): `nudge backup` said
    /// no backup is written there, yet made the folder anew on the empty mount point, where an
    /// earlier folder then looked there and empty; `backups` advised the `nudge backup` that
    /// refuses. Nothing is made, and the listing says why it is empty.
    @Test(.enabled(if: getuid() == 0)) func noFolderIsMadeOnAnUnpluggedDisksMountPoint() throws {
        try FileManager.default.createDirectory(atPath: usb, withIntermediateDirectories: false)
        let mounted = try Subprocess.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=8m", "tmpfs", usb])
        try #require(mounted.status == 0, "\(mounted)")
        defer { _ = try? Subprocess.run("/usr/bin/umount", ["-l", usb]) }
        let folder = usb + "/bk"
        #expect(nudge("settings", "set", "backup.directory", folder, at: "2026-11-21T09:00:00Z").status == 0)
        _ = nudge("log", "symptom", "two", "--severity", "2", at: "2026-11-21T10:00:00Z")
        #expect(nudge("backup", at: "2026-11-21T10:00:00Z").status == 0)
        #expect(try Subprocess.run("/usr/bin/umount", [usb]).status == 0)

        let refused = nudge("backup", at: "2026-11-22T10:00:00Z")
        #expect(refused.status == 73, "\(refused)")
        #expect(
            refused.stderr.contains(
                "the backup folder \(folder), where the newest backup nudge-20261121T100000Z.sqlite went, is not there"),
            "\(refused)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: usb).isEmpty)
        let listed = nudge("backups", at: "2026-11-22T10:00:00Z")
        #expect(
            listed.status == 66 && listed.stderr.contains("\(folder), which the newest backup went into, is not there"),
            "\(listed)")
        #expect(!listed.stdout.contains("take one now"), "\(listed)")
    }

    /// A backup used as the store: `backups` advised `nudge backup`, which refuses a backup.
    @Test func aBackupAsTheStoreIsNotAdvisedABackup() throws {
        _ = nudge("log", "symptom", "one", "--severity", "1", at: "2026-11-20T10:00:00Z")
        #expect(nudge("backup", at: "2026-11-20T10:00:00Z").status == 0)
        let backup = store + ".backups/nudge-20261120T100000Z.sqlite"
        let listed = InProcessNudge.run(
            ["backups", "--store", backup], environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-20T11:00:00Z"])
        let words = listed.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("\(backup) is itself a backup: nudge backs up stores, not backups"), "\(listed)")
        #expect(!listed.stdout.contains("take one now"), "\(listed)")
    }

    /// The record names a newest that a later backup has just thinned away (CI's torture test:
    /// `restore --latest` read the record, then a backup beside it took a newer one and thinned
    /// the recorded one): not an empty mount point, since a newer backup is there.
    @Test func aNewestThinnedByALaterBackupIsNotLacking() throws {
        _ = nudge("log", "symptom", "one", "--severity", "1", at: "2026-11-21T09:00:00Z")
        #expect(nudge("backup", at: "2026-11-21T10:00:00Z").status == 0)
        // As the reader saw it a moment before: an older newest, thinned since.
        let location = store + ".backup-location"
        let recorded = try String(contentsOfFile: location, encoding: .utf8)
        let stale = recorded.replacingOccurrences(
            of: "nudge-20261121T100000Z.sqlite", with: "nudge-20261121T095959Z.sqlite")
        #expect(stale != recorded)
        let handle = try #require(FileHandle(forWritingAtPath: location))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(stale.utf8))
        try handle.close()

        let listed = nudge("backups", at: "2026-11-21T10:01:00Z")
        #expect(!listed.stdout.contains("lacks the newest"), "\(listed)")
        let latest = nudge("restore", "--latest", "--yes", at: "2026-11-21T10:01:00Z")
        #expect(latest.status == 0, "\(latest)")
    }
}
