import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// Where a written backup goes (hostile round 27 on issue 39): a file that another program put
/// at `--output`, or changed there, while the backup was written is never renamed over; a new
/// name in the backup folder is linked, never put over one.
struct BackupPlacementTests {
    let directory = TemporaryDirectory()
    var output: String { directory.file("out.sqlite") }

    func written() throws -> String {
        let path = directory.file(".nudge-out.sqlite.1.abcdef")
        try Data("backup".utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aFileThatAppearedWhereNothingWasIsLeftAsItIs() throws {
        let temporary = try written()
        try Data("notes".utf8).write(to: URL(fileURLWithPath: output))
        #expect(throws: Store.BackupFailure.self) { try BackupPlacement.given(was: nil).put(temporary, at: output) }
        #expect(contents(output) == "notes")
    }

    @Test func aFileReplacedSinceTheStartIsLeftAsItIs() throws {
        try Data("earlier backup".utf8).write(to: URL(fileURLWithPath: output))
        let stamp = try #require(StoreOverwrite.stamp(output))
        let temporary = try written()
        // Saved by an editor: a new file renamed over the old one.
        let saved = directory.file("notes.tmp")
        try Data("notes".utf8).write(to: URL(fileURLWithPath: saved))
        #expect(rename(saved, output) == 0)
        do {
            _ = try BackupPlacement.given(was: stamp).put(temporary, at: output)
            Issue.record("put over a file changed meanwhile")
        } catch {
            #expect(error.exitCode == 73 && error.description.contains("that file is left as it is"), "\(error)")
        }
        #expect(contents(output) == "notes")
    }

    @Test func theFileThatWasThereIsReplacedAndNothingIsLinkedWhereNothingWas() throws {
        try Data("earlier backup".utf8).write(to: URL(fileURLWithPath: output))
        let stamp = StoreOverwrite.stamp(output)
        #expect(try BackupPlacement.given(was: stamp).put(try written(), at: output) == output)
        #expect(contents(output) == "backup")
        let new = directory.file("new.sqlite")
        #expect(try BackupPlacement.given(was: nil).put(try written(), at: new) == new)
        #expect(contents(new) == "backup")
    }

    @Test func aNewNameIsOnePastTheLastOfItsSecond() throws {
        let instant = try #require(Timestamp.parse("2026-11-28T04:35:13Z"))
        let first = directory.file(BackupDirectory.fileName(for: instant))
        try Data("first".utf8).write(to: URL(fileURLWithPath: first))
        let placed = try BackupPlacement.newName(in: directory.path, takenAt: instant).put(try written(), at: first)
        #expect(placed == directory.file(BackupDirectory.fileName(for: instant, attempt: 2)))
        #expect(contents(first) == "first" && contents(placed) == "backup")
    }

    /// Two backups of one second, the first thinned away by the second: the third is named
    /// past both, never again the first's name (five at once named three files, round 27).
    @Test func aThinnedNameOfTheSameSecondIsNeverGivenAgain() throws {
        let folder = directory.file("backups")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let instant = try #require(Timestamp.parse("2026-11-28T04:35:13Z"))
        #expect(BackupPlacement.nextAttempt(in: folder, for: instant) == 1)
        #expect(
            FileManager.default.createFile(
                atPath: folder + "/" + BackupDirectory.fileName(for: instant, attempt: 2), contents: nil))
        #expect(BackupPlacement.nextAttempt(in: folder, for: instant) == 3)
        #expect(
            FileManager.default.createFile(
                atPath: folder + "/" + BackupDirectory.fileName(for: instant, attempt: 10), contents: nil))
        #expect(BackupPlacement.nextAttempt(in: folder, for: instant) == 11)
        let other = try #require(Timestamp.parse("2026-11-28T04:35:14Z"))
        #expect(BackupPlacement.nextAttempt(in: folder, for: other) == 1)
    }
}
