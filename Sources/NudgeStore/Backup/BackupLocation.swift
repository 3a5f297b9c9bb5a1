import Foundation
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// Where a store's backups are and whose they are, in a small file beside the store
/// (`STORE.backup-location`, JSON, 0600): the `backup.directory` setting and the identity live
/// inside the store, which a damaged store cannot give, and another program may delete a row.
/// Written when a backup is taken into a directory and when the setting changes.
public struct BackupLocation: Codable, Sendable, Equatable {
    public var directory: String
    public var identity: String?
    /// The folder `directory` named before it changed (a setting, or a restore that brought
    /// back an older one), while it holds backups of this store: nudge takes and thins none
    /// there any more, but they are still the store's, and the newest may be among them.
    public var formerDirectory: String?
    /// The folders named before `formerDirectory`, newest first, while they hold backups of
    /// this store (A, then B, then C: A's backups are still the store's); at most
    /// `formerFoldersKept` with it. Nil when there are none (what an older nudge wrote).
    public var olderDirectories: [String]?
    /// The inode of this file as nudge wrote it (decimal). A copy (`cp -a` of the store's
    /// folder) has another, and the identity it names is the original's, not the copy's
    /// store's: read as none, so the copy never takes the original's identity and backups.
    /// Nil in a file an older nudge wrote.
    var fileInode: String?
    /// The folder the newest backup was taken into. One that is not there now is not a folder
    /// no backup went into yet: it is an unmounted disk, said and never forgotten. Nil in a
    /// file an older nudge wrote.
    public var tookBackupsInto: String?
    /// The file name of the newest backup taken into `tookBackupsInto`. That folder there but
    /// without it is an unplugged disk's empty mount point (or the file was removed): its
    /// newest is elsewhere, and `restore --latest` never passes over it unsaid. Nil in a file
    /// an older nudge wrote.
    public var newestBackup: String?
    /// The file system (`st_dev`) `tookBackupsInto` was on when the newest went into it: on
    /// another now and without the newest, the folder is a mount point whose disk is gone,
    /// where a backup would hide under the disk once it is back (`BackupDirectory.unplugged`).
    public var newestBackupDevice: String?
    /// Where `tookBackupsInto` led when the newest went into it, links resolved: a link that
    /// leads elsewhere now (`ln -sfn` to another disk) leaves the backups where they went, an
    /// earlier folder, never out of sight. Nil in a file an older nudge wrote.
    public var tookBackupsIntoFolder: String?
    /// The highest delivery id the store at this path had given when a daemon let go of it
    /// (it stopped, or the store was removed or replaced under it): a store restored where
    /// none is numbers its deliveries past it, so a notification of the lost one still on
    /// screen never names a delivery of the restored one (`nudge ack ID`). Nil in a file an
    /// older nudge wrote, or before a daemon stopped.
    public var deliveriesIssuedThrough: Int64?
    /// The last backup into a folder that failed, and why: doctor names it until the next
    /// backup is taken, which clears it. Nil in a file an older nudge wrote.
    public var failedBackup: FailedBackup?
    /// The damage warning on screen until a daemon finds the store sound (`DamageWarning`).
    /// Nil when none is, or in a file an older nudge wrote.
    public var damageWarning: DamageWarning?

    /// How many earlier folders are remembered: a person moves backups rarely.
    static let formerFoldersKept = 5

    public static func path(ofStore store: String) -> String { store + ".backup-location" }

    /// The most that is read: the file is a few hundred bytes; a larger one is not nudge's.
    static let largest = 65_536

    /// What the file beside the store says; nil when there is none, it cannot be read, it is
    /// not a regular file, or it is over `largest`. An identity that is not a UUID (another
    /// program's) counts as none. Opened without waiting and without following a link: a FIFO
    /// in its place would hold every command and the daemon in `open` for good (doctor names it).
    public static func read(store: String) -> BackupLocation? {
        let descriptor = open(path(ofStore: store), O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return nil
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: largest + 1), data.count <= largest,
            var location = try? JSONDecoder().decode(BackupLocation.self, from: data)
        else { return nil }
        location.identity = Store.wellFormed(location.identity)
        if let written = location.fileInode, written != String(status.st_ino) { location.identity = nil }
        return location
    }

    /// Why the file, there and regular, may not be read (`Permission denied`); nil otherwise:
    /// a FIFO, device, folder or link in its place counts as none, as `read` says.
    public static func unreadable(store: String) -> String? {
        var status = stat()
        guard lstat(path(ofStore: store), &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let descriptor = open(path(ofStore: store), O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor < 0 else {
            close(descriptor)
            return nil
        }
        return errno == EACCES || errno == EPERM ? String(cString: strerror(errno)) : nil
    }

    /// What a command that would have recorded the folder says when the file cannot be read
    /// (and so is not written over): it names the folder and identity of before, which
    /// `restore --latest` would follow once it is readable again. Nil when it can be read.
    public static func staleness(store: String) -> (problem: String, fix: String)? {
        guard let reason = unreadable(store: store) else { return nil }
        let file = path(ofStore: store)
        return (
            "\(file) cannot be read (\(reason.lowercased()))",
            "make it readable: sudo chown \(getuid()):\(getgid()) \(file) && sudo chmod 600 \(file)"
        )
    }

    /// What a stale location fails to do, said by the commands that would have written it.
    public static let staleConsequence = "so it does not record the backup folder or the store's identity"

    /// What a backup says when the file could not be written beside the store (`reason`).
    public static func unrecordedWarning(store: String, reason: String) -> String {
        "\(path(ofStore: store)) could not be written (\(reason)), \(staleConsequence): restore --latest finds this backup while backup.directory names its folder and the store can be read; let nudge write in \(PathText.directory(of: store).isEmpty ? "." : PathText.directory(of: store)) (a read-only mount: mount it read-write), then run nudge backup again"
    }

    /// Records `directory` and the store's identity beside the store, keeping the identity
    /// recorded before when the store has none now (its backups carry it). A temporary file
    /// 0600 from its first byte, synced and renamed; nothing when the file says so already.
    /// A failure is not the backup's (the store's setting still names the folder): its reason
    /// is returned, for the backup to say. `tookInto`: the folder a backup was just taken into,
    /// remembered as a former one when the setting names another by now; `newest`: that
    /// backup's file name.
    @discardableResult
    static func record(
        directory: String, identity: String?, store: String, tookInto: String? = nil, newest: String? = nil
    ) -> String? {
        // One that cannot be read may name the identity and folders: never written over unread
        // (`staleness` says so).
        guard unreadable(store: store) == nil else { return nil }
        let earlier = read(store: store)
        let identity = identity ?? earlier?.identity
        var former: [String] = []
        let tookBackupsInto = tookInto ?? earlier?.tookBackupsInto
        let remembered = rememberedFolders(earlier, tookBackupsInto: tookBackupsInto)
        // Those read and found to hold its backups count against the limit, newest first; one
        // that could not be read never does, so no number of changes forgets it unread.
        var holding = 0
        for folder in [tookInto, earlier?.directory, earlier?.tookBackupsIntoFolder, earlier?.formerDirectory]
            .compactMap({ $0 }) + (earlier?.olderDirectories ?? [])
        where !BackupDirectory.isSameFolder(folder, directory)
            && !former.contains(where: { BackupDirectory.isSameFolder($0, folder) })
        {
            if remembered.contains(folder) && BackupDirectory.whyUnseen(folder) != nil {
                former.append(folder)
            } else if holding < formerFoldersKept
                && BackupDirectory.holdsBackups(in: folder, identity: identity, store: store)
            {
                holding += 1
                former.append(folder)
            }
        }
        let location = BackupLocation(
            directory: directory, identity: identity, formerDirectory: former.first,
            olderDirectories: former.count > 1 ? Array(former.dropFirst()) : nil, fileInode: earlier?.fileInode,
            tookBackupsInto: tookBackupsInto, newestBackup: tookInto == nil ? earlier?.newestBackup : newest,
            newestBackupDevice: tookInto == nil ? earlier?.newestBackupDevice : tookInto.flatMap(Self.device(of:)),
            tookBackupsIntoFolder: tookInto == nil ? earlier?.tookBackupsIntoFolder : tookInto.flatMap(Self.resolved),
            deliveriesIssuedThrough: earlier?.deliveriesIssuedThrough,
            failedBackup: tookInto == nil ? earlier?.failedBackup : nil, damageWarning: earlier?.damageWarning)
        guard location != earlier else { return nil }
        return writeFile(location, to: path(ofStore: store))
    }

    /// The highest delivery id recorded beside the store at `store`; one another program
    /// spoiled (not a whole number from 1 to 10^12, past what the store itself would take)
    /// counts as none.
    public static func deliveriesIssued(store: String) -> Int64? {
        read(store: store)?.deliveriesIssuedThrough.flatMap { (1...1_000_000_000_000).contains($0) ? $0 : nil }
    }

    /// Records that the store at `store` gave delivery ids up to `id`, in the file a backup
    /// wrote beside it; never lowers the mark. Nothing where no backup wrote one (nothing can
    /// be restored from its folder by `--latest` then) or it cannot be read. A failure's
    /// reason is returned.
    @discardableResult
    public static func recordDeliveries(through id: Int64, store: String) -> String? {
        guard unreadable(store: store) == nil, var location = read(store: store),
            id > location.deliveriesIssuedThrough ?? 0
        else { return nil }
        location.deliveriesIssuedThrough = id
        return writeFile(location, to: path(ofStore: store))
    }

    /// The folders `earlier` remembers that are kept when they cannot be read (unmounted, no
    /// permission): they may hold the store's backups. So is the folder named until now when it
    /// is there but unreadable, or gone while it holds what was taken into it.
    private static func rememberedFolders(_ earlier: BackupLocation?, tookBackupsInto: String?) -> Set<String> {
        let current = earlier.flatMap { earlier in
            BackupDirectory.whyUnseen(earlier.directory).map {
                $0 != BackupDirectory.notThere || BackupDirectory.isSameFolder(earlier.directory, tookBackupsInto)
            } == true ? earlier.directory : nil
        }
        return Set([current, earlier?.formerDirectory].compactMap { $0 } + (earlier?.olderDirectories ?? []))
    }

    /// Writes `location` into a temporary file 0600 from its first byte, with that file's
    /// inode, synced and renamed over `target`; nothing is left behind when a step fails, whose
    /// reason is returned, nor when SIGINT, SIGTERM or SIGHUP ends the process.
    static func writeFile(_ location: BackupLocation, to target: String) -> String? {
        var location = location
        let temporary: NotedTemporaryFile
        do {
            temporary = try Store.temporaryFile(beside: target, prefix: ".nudge-location-")
        } catch {
            return error.description
        }
        defer { temporary.forgetOnSignal() }
        let descriptor = temporary.descriptor
        var status = stat()
        if fstat(descriptor, &status) == 0 { location.fileInode = String(status.st_ino) }
        let data = (try? JSONEncoder().encode(location)) ?? Data()
        let written =
            !data.isEmpty && data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == data.count
            && fsync(descriptor) == 0
        var reason = written ? nil : "cannot write \(temporary.path): \(String(cString: strerror(errno)))"
        close(descriptor)
        if reason == nil, rename(temporary.path, target) != 0 {
            reason = "cannot rename over \(target): \(String(cString: strerror(errno)))"
        }
        if reason != nil { unlink(temporary.path) }
        return reason
    }

    /// `path` with every link resolved; nil when it is not there.
    static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// The file system a path is on (`st_dev`, decimal); nil when it is not there.
    static func device(of path: String) -> String? {
        var status = stat()
        return stat(path, &status) == 0 ? String(status.st_dev) : nil
    }

    /// Runs `body` holding an exclusive lock on the store's folder (flock, apart from SQLite's
    /// locks): a backup and a `settings set` each read the setting and write the file within
    /// it, so the last to write read the last setting committed. Held for milliseconds; a
    /// folder that cannot be opened runs `body` unlocked. Without `waiting` (the daemon, whose
    /// loop must not wait on another process, stopped or slow) a lock held elsewhere skips
    /// `body`: its holder reads the setting and writes the file itself. Whether `body` ran.
    @discardableResult
    static func whileLocked(store: String, waiting: Bool = true, _ body: () -> Void) -> Bool {
        let folder = PathText.directory(of: store)
        return whileLocked(folder: folder.isEmpty ? "." : folder, waiting: waiting, body)
    }

    /// Runs `body` holding an exclusive lock on `folder` (flock), as `whileLocked(store:)` does.
    @discardableResult
    static func whileLocked(folder: String, waiting: Bool = true, _ body: () -> Void) -> Bool {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if descriptor >= 0 { close(descriptor) } }
        if descriptor >= 0 {
            let operation = waiting ? LOCK_EX : LOCK_EX | LOCK_NB
            while flock(descriptor, operation) != 0 {
                if errno != EINTR { return false }
            }
        }
        body()
        return true
    }
}
