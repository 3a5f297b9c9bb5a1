import Foundation
import NudgeSystem
import NudgeTestSupport
import Testing

/// `STORE.awaiting`: reserved whole at the start, overwritten in place on a disk with no room
/// left, and a torn slot never read (hostile round 30 High 2 on issue 39).
struct AwaitingStoreFileTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }

    private func size() -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: store + AwaitingStoreFile.suffix))?[.size] as? Int
    }

    @Test func whatIsSavedIsFoundByTheNextOpeningAndTheFileKeepsItsSize() throws {
        let file = try AwaitingStoreFile(storePath: store)
        #expect(file.found == nil)
        #expect(size() == AwaitingStoreFile.size)
        #expect(file.save(Data("first".utf8)) && file.save(Data("second".utf8)))
        #expect(try AwaitingStoreFile(storePath: store).found == Data("second".utf8))
        #expect(AwaitingStoreFile.held(storePath: store) == Data("second".utf8))
        #expect(file.save(Data()))
        #expect(AwaitingStoreFile.held(storePath: store) == nil)
        #expect(!file.save(Data(count: AwaitingStoreFile.capacity + 1)))
        #expect(size() == AwaitingStoreFile.size)
        let mode = try FileManager.default.attributesOfItem(atPath: store + AwaitingStoreFile.suffix)[.posixPermissions]
        #expect(mode as? Int == 0o600)
    }

    /// A kill in the middle of a write leaves the slot written before.
    @Test func aTornSlotIsNotReadAndTheOneBeforeStands() throws {
        let file = try AwaitingStoreFile(storePath: store)
        #expect(file.save(Data("kept".utf8)) && file.save(Data("torn".utf8)))
        // The second save went to the first slot: a byte of its payload changed, as a torn write.
        let handle = try #require(FileHandle(forUpdatingAtPath: store + AwaitingStoreFile.suffix))
        try handle.seek(toOffset: 28)
        try handle.write(contentsOf: Data("x".utf8))
        try handle.close()
        #expect(AwaitingStoreFile.held(storePath: store) == Data("kept".utf8))
    }

    /// Reserved while there is room, written after the disk is full: no new block is needed.
    @Test(.enabled(if: getuid() == 0)) func itIsWrittenOnAFullDisk() throws {
        let mount = try Subprocess.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", directory.path])
        try #require(mount.status == 0, "\(mount)")
        defer { _ = try? Subprocess.run("/usr/bin/umount", ["-l", directory.path]) }
        let file = try AwaitingStoreFile(storePath: store)
        let dd = try Subprocess.run("/usr/bin/dd", ["if=/dev/zero", "of=\(directory.file("filler"))", "bs=4k"])
        #expect(dd.stderr.contains("No space left"), "\(dd)")
        let records = Data(repeating: UInt8(ascii: "r"), count: AwaitingStoreFile.capacity)
        #expect(file.save(records) && file.save(records.prefix(100)))
        #expect(AwaitingStoreFile.held(storePath: store) == records.prefix(100))
        #expect(size() == AwaitingStoreFile.size)
    }
}
