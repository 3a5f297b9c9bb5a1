import Foundation
import NudgeCore
import NudgeReports
import NudgeStore
import NudgeSystem

/// Everything a command touches from the outside world, built once from the process.
public struct CommandContext {
    public var storePath: String
    /// `NUDGE_STORE` when the store's path came from it, for a refusal to name: a variable set
    /// once and forgotten (`--store` was just typed, and the default is said by its path).
    public var storeNamedBy: String?
    public var clock: DaemonClock
    public var timeZone: ZoneRules
    public var systemTimeZone: SystemTimeZone
    /// How times and weekdays are said to the person: their desktop's or their locale's clock.
    public var personClock: PersonClock
    public var environment: CommandEnvironment
    /// Rows the command's reads left out, said when it is done.
    public let unreadableRows = UnreadableRowsNote()

    public init(storeOption: String?, environment: CommandEnvironment = .current) {
        self.environment = environment
        let variables = environment.variables
        storePath = StoreLocation.resolve(option: storeOption, environment: variables)
        storeNamedBy = storeOption?.isEmpty == false || variables["NUDGE_STORE"]?.isEmpty != false ? nil : "NUDGE_STORE"
        clock = DaemonClock(startingAt: variables["NUDGE_FAKE_NOW"].flatMap(Timestamp.parse))
        systemTimeZone = SystemTimeZone(environment: variables)
        timeZone = systemTimeZone.current()
        personClock = PersonClock.current(environment: variables)
    }

    /// One line on standard output.
    public func print(_ line: String) {
        environment.output(line + "\n")
    }

    /// Prose on standard output, wrapped to the width as a table is.
    public func printWrapped(_ text: String) {
        environment.output(TextWrap.lines(text, width: environment.width).joined(separator: "\n") + "\n")
    }

    /// Rows as a table, or as JSON.
    public func print<Item, Row>(_ listing: Listing<Item, Row>, json: Bool) throws {
        environment.output(try listing.render(json: json, width: environment.width))
    }

    /// One JSON value for programs.
    public func printJSON(_ value: some Encodable) throws {
        environment.output(try JSONText.render(value) + "\n")
    }

    public var now: Date { clock.now() }

    /// The backup directory the store's settings name; the default beside the store when there
    /// is no store yet or it cannot be read.
    public var backupDirectory: String {
        let setting = (try? Store(readingOnly: storePath, now: now).settings()[BackupPolicy.directory]) ?? ""
        return BackupDirectory.directory(store: storePath, setting: setting)
    }
    public var wallClock: WallClock { personClock.wallClock(zone: timeZone) }

    /// How an instant was understood, for confirmations: `22:10 yesterday, 2026-11-21 22:10 EST`.
    public func understood(_ instant: Date, toTheSecond: Bool = false) -> String {
        InstantInput.describe(instant, now: now, clock: wallClock, toTheSecond: toTheSecond)
    }

    /// When a confirmation says a thing was or will be, every command as `log symptom`: near,
    /// `at 22:10 yesterday, 2026-11-21 22:10 EST`; further, the weekday first, so that a day
    /// typed wrong shows at once: `on Monday 16 Nov, 10:00 (2026-11-16 10:00 EST)`.
    public func when(_ instant: Date, on far: String = "on", at near: String = "at") -> String {
        let clock = wallClock
        guard abs(clock.date(of: instant).daysSinceEpoch - clock.date(of: now).daysSinceEpoch) > 1 else {
            return "\(near) \(understood(instant))"
        }
        return "\(far) \(InstantInput.plainDay(instant, clock: clock)) (\(understood(instant)))"
    }

    /// For a command that changes the store: a store not made yet, or another program's SQLite
    /// file, is created or migrated by its first write, so a refusal before it changes nothing.
    public func openStore() throws -> Store {
        do { return unreadableRows.opened(try Store(changing: storePath, now: now)) } catch {
            throw CommandFailure(error, namedBy: storeNamedBy)
        }
    }

    /// For a command that only reads: it creates, converts and migrates nothing.
    public func openStoreForReading() throws -> Store {
        do { return unreadableRows.opened(try Store(readingOnly: storePath, now: now)) } catch {
            throw CommandFailure(error, namedBy: storeNamedBy)
        }
    }
}

extension CommandFailure {
    /// `source` is where the store's path came from (`CommandContext.storeNamedBy`).
    public init(_ error: StoreError, namedBy source: String? = nil) {
        let message = error.described(namedBy: source)
        switch error {
        case .damaged(let path, let reason): self.init(DamagedStore.refusal(path: path, reason: reason), exitCode: 65)
        // EX_DATAERR
        case .notADatabase, .newerSchema, .unusable, .backup: self.init(message, exitCode: 65)
        // A full disk is an error doing I/O, as a restore's is, not a permission (hostile round 30).
        case .notWritable where error.isDiskFull: self.init(message, exitCode: 74)  // EX_IOERR
        case .notWritable: self.init(message, exitCode: 77)  // EX_NOPERM
        case .cannotOpen, .cannotCreateDirectory: self.init(message, exitCode: 66)  // EX_NOINPUT
        case .failed: self.init(message, exitCode: 74)  // EX_IOERR
        case .busy, .staleLogIndex: self.init(message, exitCode: 75)  // EX_TEMPFAIL
        }
    }
}

extension Store {
    /// Store errors as command failures, so `run()` bodies stay one `try` deep.
    @discardableResult
    public func run<T>(_ body: (Store) throws -> T) throws -> T {
        do { return try body(self) } catch let error as StoreError { throw CommandFailure(error) }
    }
}
