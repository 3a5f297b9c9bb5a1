import CNudgeLinux
import Foundation
import NudgeCore
import NudgeStore

#if canImport(Glibc)
    import Glibc
#endif

/// The store's safety in the doctor's report: its backups, and whether the disk it is on is
/// encrypted at rest.
extension DoctorFindings {
    public static func backupFindings(store: String, settings: NudgeCore.Settings?, now: Date, clock: WallClock)
        -> [Finding]
    {
        // Beside a store it can read, an unreadable STORE.backup-location goes stale unsaid.
        let stale =
            Store.identityUnknowable(at: store) == nil
            ? BackupLocation.staleness(store: store).map {
                [Finding.problem("backups: \($0.problem), \(BackupLocation.staleConsequence)", fix: $0.fix)]
            }
                ?? []
            : []
        let twin = identityTwinFinding(store: store, settings: settings, now: now).map { [$0] } ?? []
        return stale + twin + folderFindings(store: store, settings: settings, now: now, clock: clock)
    }

    private static func folderFindings(store: String, settings: NudgeCore.Settings?, now: Date, clock: WallClock)
        -> [Finding]
    {
        if settings == nil, let reason = BackupLocation.unreadable(store: store),
            Store.identityUnknowable(at: store) != nil
        {
            let location = BackupLocation.path(ofStore: store)
            return [
                .problem(
                    "backups: which folder holds this store's backups is in \(location), which cannot be read (\(reason.lowercased()))",
                    fix:
                        "make it readable: sudo chown \(getuid()):\(getgid()) \(location) && sudo chmod 600 \(location)"
                )
            ]
        }
        let directory = backupDirectory(store: store, settings: settings)
        let settings = settings ?? NudgeCore.Settings()
        guard settings.bool(BackupPolicy.enabled) else {
            return [
                .warning(
                    "backups: off (backup.enabled is false); a damaged store would be lost",
                    fix: "nudge settings set backup.enabled true")
            ]
        }
        let identity = Store.identity(at: store)
        // The store's backups in the folder backup.directory named before count too.
        let formerFolders = BackupDirectory.formerFolders(store: store, besides: directory)
        let former = BackupDirectory.own(in: formerFolders, now: now, identity: identity)
        let readable = BackupDirectory.unreadable(directory, store: store) == nil
        if let blocked = folderProblemFinding(directory, store: store) {
            // One that cannot be read leaves the earlier folders to `restore --latest`, which
            // takes their newest: they are counted too, as `nudge backups` lists them.
            guard !readable, !former.isEmpty else { return [blocked] }
            return [blocked]
                + listedFindings(
                    former, store: store, directory: directory, readable: false, formerFolders: formerFolders,
                    identity: identity, now: now, clock: clock)
        }
        return listedFindings(
            BackupDirectory.list(in: directory, now: now, identity: identity, store: store) + former, store: store,
            directory: directory, readable: true, formerFolders: formerFolders, identity: identity, now: now,
            clock: clock)
    }

    /// The folder `backup.directory` names cannot be written, or written but not listed (mode
    /// 300), which would read as holding none.
    private static func folderProblemFinding(_ directory: String, store: String) -> Finding? {
        if let problem = backupFolderProblem(directory) {
            return .problem(
                "backups: \(problem); no backup can be taken",
                fix: "make it writable by you, or set a folder you can write: nudge settings set backup.directory PATH")
        }
        return BackupDirectory.unreadable(directory, store: store).map {
            // One not there (an unmounted disk) is mounted, not chmodded: its text says how.
            .problem(
                "backups: \($0)",
                fix: FileManager.default.fileExists(atPath: directory)
                    ? "chmod u+rwx \(directory)" : "mount it again, or: nudge settings set backup.directory PATH")
        }
    }

    /// The account of the backups found: those in `directory` (none when it is not `readable`)
    /// and in `formerFolders`.
    private static func listedFindings(
        _ found: [BackupFile], store: String, directory: String, readable: Bool, formerFolders: [String],
        identity: String?, now: Date, clock: WallClock
    ) -> [Finding] {
        let listed = BackupDirectory.newestFirst(found, now: now)
        // One nudge may not open is of no known store, and not damaged: it is named apart.
        let all = listed.filter { $0.unreadableReason == nil }
        let aside = asideFindings(
            listed: listed, readable: all, store: store, directory: directory, identity: identity, now: now,
            clock: clock)
        let newest =
            failedBackupFinding(store: store, newest: all.first { !$0.isAhead(of: now) }, now: now, clock: clock)
            ?? newestBackupFinding(
                all, store: store, directory: directory, readable: readable,
                formerFolders: formerFolders, identity: identity, now: now, clock: clock)
        return aside + [newest]
    }

    /// What is beside the newest: folders backup.directory named before that cannot be read,
    /// a folder others can open, strays, backups nudge cannot open, and those named ahead of now
    /// (taken while the clock was ahead: not the newest).
    private static func asideFindings(
        listed: [BackupFile], readable all: [BackupFile], store: String, directory: String, identity: String?,
        now: Date, clock: WallClock
    ) -> [Finding] {
        let unread: [Finding] = BackupDirectory.unreadFormerFolders(store: store, besides: directory).map {
            .problem(
                "backups: \(BackupDirectory.unreadFolderText($0.folder, $0.reason)), which backup.directory named before: it may hold backups of this store",
                fix: "make it readable (chmod u+rwx \($0.folder)) or mount it")
        }
        let lacking: [Finding] =
            BackupDirectory.lacksItsNewest(directory, store: store).map {
                [.problem("backups: \($0.problem)", fix: $0.fix)]
            } ?? []
        return unread + lacking + (openBackupFolderFinding(directory).map { [$0] } ?? [])
            + (openCopiesFinding(store: store, backups: listed.map(\.path)).map { [$0] } ?? [])
            + setAsideLogFindings(store: store)
            + strayBackupFindings(BackupDirectory.strays(in: directory, identity: identity), store: store, clock: clock)
            + unopenableBackupFindings(listed)
            + all.filter { $0.isAhead(of: now) }.map {
                .warning(
                    "backups: \(($0.path as NSString).lastPathComponent) says it was taken at \(LocalFormat.dateTime($0.takenAt, clock: clock)), which is later than now: the clock was ahead when it was taken, or it is behind now; nudge does not count it as the newest backup",
                    fix:
                        "check the time (timedatectl): if it is wrong, set it right (timedatectl set-ntp true); if it is right, remove that backup once a newer one is taken: rm \(ShellWord.quoted($0.path))"
                )
            }
    }

    /// A backup of this store a person copied within the folder under another name: nudge
    /// neither lists nor thins it, and says so, so that it is not taken for one of the kept.
    static func strayBackupFindings(_ strays: [BackupFile], store: String, clock: WallClock) -> [Finding] {
        strays.map {
            .warning(
                "backups: \(($0.path as NSString).lastPathComponent) is a backup of this store taken at \(LocalFormat.dateTime($0.takenAt, clock: clock)), under a name nudge does not give its backups: it is neither listed nor thinned",
                fix:
                    "keep it as your own copy (restore it with: \(NudgeLine.on(store, "restore", $0.path))), or remove it: rm \(ShellWord.quoted($0.path))"
            )
        }
    }

    /// A file in the backup folder nudge may not open (mode 000, another user's): it may be
    /// this store's backup or another's, so it is neither counted, nor taken, nor thinned.
    static func unopenableBackupFindings(_ backups: [BackupFile]) -> [Finding] {
        backups.compactMap { backup in
            backup.unreadableReason.map {
                .warning(
                    "backups: \(backup.path) cannot be read (\($0.lowercased())): nudge cannot tell whose backup it is, so it neither counts, restores nor removes it",
                    fix:
                        "if it is yours, make it readable: sudo chown \(getuid()):\(getgid()) \(backup.path) && sudo chmod 600 \(backup.path); if it is another user's, leave it"
                )
            }
        }
    }

    /// The folder the settings name; for a store whose settings cannot be read (damaged), the
    /// one recorded beside it.
    public static func backupDirectory(store: String, settings: NudgeCore.Settings?) -> String {
        settings.map { BackupDirectory.directory(store: store, setting: $0[BackupPolicy.directory]) }
            ?? BackupDirectory.directory(ofDamagedStore: store)
    }

    /// dm-crypt (LUKS, also under LVM, and systemd-homed's LUKS homes), fscrypt on the
    /// directory, or eCryptfs: what Linux desktops encrypt a disk with.
    /// The store's folder, and the backup folder when backups are on (each backup is a whole
    /// copy of the store): the nearest folder of it that is there, since the daemon makes it.
    public static func encryptionFindings(store: String, settings: NudgeCore.Settings?) -> [Finding] {
        let folder = PathText.directory(of: store)
        let storeHow = AtRest.encryption(of: folder.isEmpty ? "." : folder)
        let directory = backupDirectory(store: store, settings: settings)
        let settings = settings ?? NudgeCore.Settings()
        var backups: (folder: String, how: String?)?
        if settings.bool(BackupPolicy.enabled) {
            var existing = directory
            while !FileManager.default.fileExists(atPath: existing), existing != "/", !existing.isEmpty {
                existing = PathText.directory(of: existing)
            }
            backups = (existing, AtRest.encryption(of: existing.isEmpty ? "." : existing))
        }
        let fix =
            "keep the store and backup.directory on an encrypted volume: LUKS (set up at install), a systemd-homed home, or fscrypt on the folder"
        guard let storeHow else {
            let alsoBackups = backups.map { $0.how == nil ? ", nor are the backups in \($0.folder)" : "" } ?? ""
            return [
                .warning(
                    "encryption at rest: no\(alsoBackups); anyone with the disk can read the diary, the doses and the therapy journal",
                    fix: fix)
            ]
        }
        guard let backups else { return [.fine("encryption at rest: the store is on \(storeHow)")] }
        guard let backupHow = backups.how else {
            return [
                .warning(
                    "encryption at rest: the store is on \(storeHow), but the backups in \(backups.folder) are not encrypted, and each is a whole copy of it",
                    fix: fix)
            ]
        }
        return [.fine("encryption at rest: the store is on \(storeHow); the backups on \(backupHow)")]
    }
}

/// How the file system under a path is encrypted, read from /proc and /sys.
public enum AtRest {
    public static func encryption(of path: String) -> String? {
        if isFscrypt(path) { return "an fscrypt-encrypted directory" }
        guard let mount = mountOf(path) else { return nil }
        if mount.type == "ecryptfs" { return "eCryptfs" }
        if isDmCrypt(device: mount.device) { return "a dm-crypt (LUKS) volume (\(mount.source))" }
        return nil
    }

    /// statx's STATX_ATTR_ENCRYPTED: the directory has an fscrypt policy.
    private static func isFscrypt(_ path: String) -> Bool { nudge_is_encrypted(path) == 1 }

    /// The mount holding `path`: the longest mount point that is a prefix of its real path.
    private static func mountOf(_ path: String) -> (device: String, source: String, type: String)? {
        guard let table = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8) else { return nil }
        let real = (path as NSString).resolvingSymlinksInPath
        var best: (point: String, device: String, source: String, type: String)?
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count > 6, let dash = fields.firstIndex(of: "-"), dash + 2 < fields.count else { continue }
            let point = fields[4].replacingOccurrences(of: "\\040", with: " ")
            guard real == point || real.hasPrefix(point == "/" ? "/" : point + "/") else { continue }
            if best == nil || point.count >= best!.point.count {
                best = (point, fields[2], fields[dash + 2], fields[dash + 1])
            }
        }
        return best.map { ($0.device, $0.source, $0.type) }
    }

    /// A device-mapper crypt target, here or below (LVM on LUKS): its dm uuid starts CRYPT-.
    private static func isDmCrypt(device: String, depth: Int = 0) -> Bool {
        let block = "/sys/dev/block/\(device)"
        if let uuid = try? String(contentsOfFile: block + "/dm/uuid", encoding: .utf8), uuid.hasPrefix("CRYPT-") {
            return true
        }
        guard depth < 8, let slaves = try? FileManager.default.contentsOfDirectory(atPath: block + "/slaves") else {
            return false
        }
        return slaves.contains { slave in
            guard let number = try? String(contentsOfFile: "/sys/class/block/\(slave)/dev", encoding: .utf8) else {
                return false
            }
            return isDmCrypt(device: number.trimmingCharacters(in: .whitespacesAndNewlines), depth: depth + 1)
        }
    }
}
