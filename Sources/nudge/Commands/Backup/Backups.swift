import ArgumentParser
import Foundation
import NudgeCore
import NudgeStore

extension Nudge {
    struct Backups: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the store's backups, newest first, each checked and counted.",
            discussion:
                "Each backup is opened read-only and checked whole (PRAGMA integrity_check); its records are counted by kind."
        )
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON array.") var json = false

        func run(_ context: CommandContext) throws {
            let directory = try backupDirectory(context)
            let backups = BackupDirectory.list(in: directory, now: context.now).map {
                ($0, BackupDirectory.inspect($0.path))
            }
            try context.print(
                Listing(
                    items: backups,
                    row: { backup, contents in
                        BackupRow(
                            path: backup.path, takenAt: backup.takenAt, size: backup.size, check: contents.check,
                            counts: Dictionary(
                                uniqueKeysWithValues: contents.counts.map {
                                    ($0.label.replacingOccurrences(of: " ", with: "_"), $0.count)
                                }))
                    },
                    columns: [
                        .init("TAKEN") { LocalFormat.dateTime($0.0.takenAt, clock: context.wallClock) },
                        .init("SIZE") { ByteCountText.describe($0.0.size) },
                        .init("CHECK") { $0.1.check },
                        .init("RECORDS") {
                            $0.1.counts.map { BackupDirectory.phrase($0.count, $0.label) }.joined(separator: ", ")
                        },
                        .init("FILE") { ($0.0.path as NSString).lastPathComponent },
                    ],
                    whenEmpty:
                        "No backups in \(directory) yet. The daemon takes one each day; take one now with: nudge backup"
                ),
                json: json)
        }

        /// The directory the store's settings name; a store not made yet has the default.
        private func backupDirectory(_ context: CommandContext) throws -> String {
            let setting = try context.openStoreForReading().run { try $0.settings() }[BackupPolicy.directory]
            return BackupDirectory.directory(store: context.storePath, setting: setting)
        }

        struct BackupRow: Encodable {
            var path: String
            @TimestampText var takenAt: Date?
            var size: Int
            var check: String
            var counts: [String: Int]
        }
    }
}
