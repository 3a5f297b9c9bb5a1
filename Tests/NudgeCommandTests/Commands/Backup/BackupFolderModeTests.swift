import Foundation
import NudgeTestSupport
import Testing

/// A backup folder whose mode keeps its owner out (issue 39, fourth round): one that can be
/// written but not read (300) takes the backup and says so, not "cannot sync" with the backup in
/// place; one that can be neither (000) is said to be unreadable, never "no backups yet". Root
/// passes every mode, so the binary runs as nobody on a store and folder nobody owns.
@Suite(.timeLimit(.minutes(2)))
struct BackupFolderModeTests {
    static let setpriv = "/usr/bin/setpriv"
    static let canRunAsNobody =
        FileManager.default.isExecutableFile(atPath: setpriv) && getuid() == 0
        && (try? Subprocess.run(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", "/bin/true"]).status)
            == 0

    let directory = TemporaryDirectory()
    var home: String { directory.file("nobody") }
    var store: String { home + "/nudge.sqlite" }
    var folder: String { store + ".backups" }

    init() throws {
        // The test's folder is root's 0700: nobody needs to pass through it to its own.
        chmod(directory.path, 0o755)
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
        chown(home, 65534, 65534)
        chmod(home, 0o700)
    }

    func nudgeAsNobody(_ arguments: String...) throws -> CommandResult { try nudgeAsNobody(arguments) }

    func nudgeAsNobody(_ arguments: [String], at now: String = "2026-11-22T10:00:00Z") throws -> CommandResult {
        try Subprocess.run(
            Self.setpriv,
            ["--reuid=65534", "--regid=65534", "--clear-groups", NudgeBinary.path] + arguments + ["--store", store],
            environment: NudgeBinary.environment(["TZ": "UTC", "NUDGE_FAKE_NOW": now]))
    }

    @Test(.enabled(if: canRunAsNobody, "needs root and /usr/bin/setpriv to run nudge as nobody"))
    func aFolderThatCanBeWrittenButNotReadTakesTheBackup() throws {
        #expect(try nudgeAsNobody("log", "symptom", "sneeze", "--severity", "2").status == 0)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        chown(folder, 65534, 65534)
        chmod(folder, 0o300)
        let result = try nudgeAsNobody("backup")
        #expect(result.status == 0 && result.stdout.hasPrefix("backed up the store to \(folder)/nudge-"), "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        let backups = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(backups == ["nudge-20261122T100000Z.sqlite"], "\(backups)")
    }

    @Test(.enabled(if: canRunAsNobody, "needs root and /usr/bin/setpriv to run nudge as nobody"))
    func aFolderThatCanBeNeitherReadNorWrittenIsSaidToBeUnreadable() throws {
        #expect(try nudgeAsNobody("log", "symptom", "sneeze", "--severity", "2").status == 0)
        #expect(try nudgeAsNobody("backup").status == 0)
        chmod(folder, 0o000)
        let said =
            "nudge: cannot read the backup folder \(folder) (Permission denied); make it a folder this user can read (chmod u+rwx), or set backup.directory to another\n"
        for arguments in [["backups"], ["restore", "--latest", "--yes"]] {
            let result = try nudgeAsNobody(arguments)
            #expect(result.status == 66 && result.stderr == said && result.stdout.isEmpty, "\(arguments): \(result)")
        }
    }

    @Test(.enabled(if: canRunAsNobody, "needs root and /usr/bin/setpriv to run nudge as nobody"))
    func aFolderThatCanBeReadButNotEnteredIsSaidToBeUnreadable() throws {
        #expect(try nudgeAsNobody("log", "symptom", "sneeze", "--severity", "2").status == 0)
        #expect(try nudgeAsNobody("backup").status == 0)
        chmod(folder, 0o600)
        let said = "nudge: cannot read the backup folder \(folder) (Permission denied);"
        for arguments in [["backups"], ["backups", "--json"], ["restore", "--latest", "--yes"]] {
            let result = try nudgeAsNobody(arguments)
            #expect(
                result.status == 66 && result.stderr.hasPrefix(said) && result.stdout.isEmpty, "\(arguments): \(result)"
            )
        }
    }

    @Test(.enabled(if: canRunAsNobody, "needs root and /usr/bin/setpriv to run nudge as nobody"))
    func doctorNamesAFolderThatCanBeWrittenButNotRead() throws {
        #expect(try nudgeAsNobody("log", "symptom", "sneeze", "--severity", "2").status == 0)
        #expect(try nudgeAsNobody("backup").status == 0)
        chmod(folder, 0o300)
        let report = try nudgeAsNobody("doctor").stdout
        #expect(
            report.contains("PROBLEM backups: cannot read the backup folder \(folder) (Permission denied)"), "\(report)"
        )
        #expect(!report.contains("none yet"), "\(report)")
    }

    /// An earlier folder (issue 39, sixth round) that cannot be read or is not there may hold the
    /// newest backup: said so, `restore --latest` refuses, and it is never forgotten.
    @Test(.enabled(if: canRunAsNobody, "needs root and /usr/bin/setpriv to run nudge as nobody"))
    func anEarlierFolderThatCannotBeReadIsSaidAndKept() throws {
        let (first, second) = (home + "/g1", home + "/g2")
        #expect(try nudgeAsNobody("log", "symptom", "sneeze", "--severity", "2").status == 0)
        #expect(try nudgeAsNobody("settings", "set", "backup.directory", first).status == 0)
        #expect(try nudgeAsNobody(["backup"], at: "2026-11-22T11:00:00Z").status == 0)
        #expect(try nudgeAsNobody("settings", "set", "backup.directory", second).status == 0)
        #expect(try nudgeAsNobody(["backup"], at: "2026-11-22T10:00:00Z").status == 0)
        for (reason, breakIt) in [
            ("permission denied", { chmod(first, 0o000) }), ("not there", { rename(first, first + ".away") }),
        ] {
            #expect(breakIt() == 0)
            let said = "cannot read the earlier backup folder \(first) (\(reason))"
            let listing = try nudgeAsNobody("backups")
            #expect(listing.status == 0 && listing.stdout.contains(said), "\(listing)")
            let restore = try nudgeAsNobody("restore", "--latest", "--yes")
            #expect(restore.status == 66 && restore.stderr.hasPrefix("nudge: \(said)"), "\(restore)")
            #expect(try nudgeAsNobody("doctor").stdout.contains("PROBLEM backups: \(said)"))
            #expect(try nudgeAsNobody(["backup"], at: "2026-11-22T12:00:00Z").status == 0)
            let location = try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: store + ".backup-location")))
            #expect((location as? [String: Any])?["formerDirectory"] as? String == first, "\(location)")
        }
    }

    /// The folder named now cannot be read (twelfth round): `backups` and doctor stopped there
    /// while `restore --latest` took the earlier folder's newest; all three count it now.
    @Test(.enabled(if: canRunAsNobody, "needs root and /usr/bin/setpriv to run nudge as nobody"))
    func aFolderThatCannotBeReadLeavesTheEarlierOnes() throws {
        let second = home + "/g2"
        #expect(try nudgeAsNobody("log", "symptom", "sneeze", "--severity", "2").status == 0)
        #expect(try nudgeAsNobody(["backup"], at: "2026-11-22T09:00:00Z").status == 0)
        #expect(try nudgeAsNobody("settings", "set", "backup.directory", second).status == 0)
        #expect(mkdir(second, 0o700) == 0 && chown(second, 65534, 65534) == 0 && chmod(second, 0o000) == 0)
        let listing = try nudgeAsNobody("backups")
        #expect(
            listing.status == 0 && listing.stdout.contains(folder + "/nudge-20261122T090000Z.sqlite")
                && listing.stdout.contains("cannot read the backup folder \(second) (Permission denied)"),
            "\(listing)")
        let doctor = try nudgeAsNobody("doctor").stdout
        #expect(
            doctor.contains("PROBLEM backups: \(second) cannot be written (Permission denied)")
                && doctor.contains("checked ok; 1 in \(folder), which backup.directory named before\n"), "\(doctor)")
        let restore = try nudgeAsNobody("restore", "--latest", "--yes")
        #expect(
            restore.status == 0 && restore.stdout.hasPrefix("restored the backup of 2026-11-22 09:00 UTC"),
            "\(restore)")
    }

    /// The folder named until now, there but unreadable when the setting changes, is kept too.
    @Test(.enabled(if: canRunAsNobody, "needs root and /usr/bin/setpriv to run nudge as nobody"))
    func anUnreadableFolderIsKeptWhenTheSettingChanges() throws {
        #expect(try nudgeAsNobody("log", "symptom", "sneeze", "--severity", "2").status == 0)
        #expect(try nudgeAsNobody("backup").status == 0)
        #expect(chmod(folder, 0o000) == 0)
        #expect(try nudgeAsNobody("settings", "set", "backup.directory", home + "/g2").status == 0)
        let location = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: store + ".backup-location")))
        #expect((location as? [String: Any])?["formerDirectory"] as? String == folder, "\(location)")
    }

    /// An emptied store whose `STORE.backup-location` is there but root's 0000 (a `sudo nudge`
    /// left it): damage as when that file names an identity, never a new store, and the file is
    /// never written over. Restoring into it (seventh round: the refusal offered `restore --latest`, which gave the
    /// store a new identity and made every earlier backup another store's), listing its backups
    /// and doctor say so too, and offer no restore; emptied or removed, with the backups in a
    /// folder only that file names.
    @Test(
        .enabled(if: canRunAsNobody, "needs root and /usr/bin/setpriv to run nudge as nobody"),
        arguments: ["empty", "missing"])
    func anEmptiedStoreBesideAnUnreadableBackupLocationIsDamage(_ state: String) throws {
        #expect(try nudgeAsNobody("log", "symptom", "sneeze", "--severity", "2").status == 0)
        #expect(try nudgeAsNobody("settings", "set", "backup.directory", home + "/elsewhere").status == 0)
        #expect(try nudgeAsNobody("backup").status == 0)
        let backup = try #require(try FileManager.default.contentsOfDirectory(atPath: home + "/elsewhere").first)
        let location = store + ".backup-location"
        let recorded = try Data(contentsOf: URL(fileURLWithPath: location))
        if state == "empty" { #expect(truncate(store, 0) == 0) } else { #expect(unlink(store) == 0) }
        for companion in ["-wal", "-shm"] { unlink(store + companion) }
        #expect(chown(location, 0, 0) == 0 && chmod(location, 0o000) == 0)
        let said =
            "nudge: the store \(store) is damaged (it is \(state), and \(location) cannot be read (Permission denied)"
        for arguments in [
            ["symptoms"], ["log", "symptom", "cough", "--severity", "1"], ["backup"], ["backups"],
            ["restore", "--latest", "--yes"], ["restore", home + "/elsewhere/" + backup, "--yes"],
        ] {
            let result = try nudgeAsNobody(arguments)
            #expect(result.status == 65 && result.stderr.hasPrefix(said), "\(arguments): \(result)")
            #expect(!result.stderr.contains("restore --latest"), "\(arguments): \(result)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result)")
        }
        let doctor = try nudgeAsNobody("doctor").stdout
        #expect(doctor.contains("PROBLEM store: \(said.dropFirst("nudge: ".count))"), "\(doctor)")
        #expect(
            doctor.contains("PROBLEM backups: which folder holds this store's backups is in \(location)"), "\(doctor)")
        #expect(!doctor.contains("none yet"), "\(doctor)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: location)) == recorded)
        let size = (try? FileManager.default.attributesOfItem(atPath: store))?[.size] as? Int
        #expect(state == "empty" ? size == 0 : size == nil)
    }

    /// However many times the folder changes, an earlier one that cannot be read is never
    /// forgotten (seventh round: the sixth change dropped it from the five remembered).
    @Test(.enabled(if: canRunAsNobody, "needs root and /usr/bin/setpriv to run nudge as nobody"))
    func anUnreadableEarlierFolderOutlastsTheLimit() throws {
        let first = home + "/bk1"
        #expect(try nudgeAsNobody("log", "symptom", "sneeze", "--severity", "2").status == 0)
        for number in 1...8 {
            #expect(try nudgeAsNobody("settings", "set", "backup.directory", home + "/bk\(number)").status == 0)
            #expect(try nudgeAsNobody(["backup"], at: "2026-11-2\(number)T10:00:00Z").status == 0)
            if number == 1 { #expect(chmod(first, 0o000) == 0) }
        }
        let location = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: store + ".backup-location")))
                as? [String: Any])
        let remembered = [location["formerDirectory"] as? String] + ((location["olderDirectories"] as? [String]) ?? [])
        #expect(remembered.contains(first), "\(location)")
        #expect(remembered.count == 6, "five that hold backups and the unreadable one: \(location)")
        let restore = try nudgeAsNobody(["restore", "--latest", "--yes"], at: "2026-11-29T10:00:00Z")
        #expect(restore.status == 66 && restore.stderr.contains(first), "\(restore)")
    }

    /// Beside a store it can read, a STORE.backup-location root left unreadable goes stale: the
    /// commands that would record a new folder say so, and doctor names it (eighth round: a
    /// later `restore --latest` followed the stale folder to an older backup, unsaid).
    @Test(.enabled(if: canRunAsNobody, "needs root and /usr/bin/setpriv to run nudge as nobody"))
    func anUnreadableLocationBesideASoundStoreIsSaid() throws {
        #expect(try nudgeAsNobody("log", "symptom", "sneeze", "--severity", "2").status == 0)
        #expect(try nudgeAsNobody("backup").status == 0)
        let location = store + ".backup-location"
        #expect(chown(location, 0, 0) == 0 && chmod(location, 0o600) == 0)
        let said = "nudge: warning: \(location) cannot be read (permission denied), so it does not record"
        for arguments in [["settings", "set", "backup.directory", home + "/w"], ["backup"]] {
            let result = try nudgeAsNobody(arguments)
            #expect(result.status == 0 && result.stderr.hasPrefix(said), "\(arguments): \(result)")
        }
        let doctor = try nudgeAsNobody("doctor").stdout
        #expect(doctor.contains("PROBLEM backups: \(location) cannot be read"), "\(doctor)")
        // The backups in the folder it names are not "none" (ninth round).
        let listing = try nudgeAsNobody("backups")
        #expect(
            listing.stdout.contains(
                "\(location) cannot be read (permission denied), so the earlier folders it names are not listed"),
            "\(listing)")
        let restore = try nudgeAsNobody("restore", "--latest", "--yes")
        #expect(restore.status == 66 && restore.stderr.hasPrefix("nudge: \(location) cannot be read"), "\(restore)")
    }

    /// Root on another user's store (ninth round: `sudo nudge restore` left the kept copy of
    /// the rows it rolled back, and STORE.backup-location, readable by root alone): refused,
    /// naming the user to run it as, and nothing is made beside the store. Doctor still looks.
    @Test(.enabled(if: canRunAsNobody, "needs root and /usr/bin/setpriv to run nudge as nobody"))
    func rootIsRefusedOnAnotherUsersStore() throws {
        #expect(try nudgeAsNobody("log", "symptom", "sneeze", "--severity", "2").status == 0)
        #expect(try nudgeAsNobody("backup").status == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: home).sorted()
        let environment = NudgeBinary.environment(["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-22T10:00:00Z"])
        for arguments in [["restore", "--latest", "--yes"], ["backup"], ["log", "symptom", "x", "--severity", "1"]] {
            let result = try Subprocess.run(NudgeBinary.path, arguments + ["--store", store], environment: environment)
            #expect(
                result.status == 77 && result.stderr.contains("belongs to user nobody")
                    && result.stderr.contains("sudo -u nobody nudge"), "\(arguments): \(result)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: home).sorted() == before)
        let doctor = try Subprocess.run(NudgeBinary.path, ["doctor", "--store", store], environment: environment)
        #expect(!doctor.stderr.contains("belongs to"), "\(doctor)")
    }
}
