import Foundation
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// A copy written into the store's file over a while, truncated first (`cp` or `cat >` on a
/// slow disk): read before it is whole it is no store, and the daemon that started again on it
/// at the 15 s bound called it damaged and exited (hostile round 23 on issue 39).
struct StoreSettleTests {
    let directory = TemporaryDirectory()

    @Test(.timeLimit(.minutes(1)))
    func aCopyTruncatedFirstAndWrittenPastTheBoundIsWaitedForUntilWhole() throws {
        let backup = directory.file("backup.sqlite")
        let source = directory.file("source.sqlite")
        try StoreQuery.create(source)
        try StoreQuery.write(
            source,
            (1...200).map { "INSERT INTO store_metadata (key, value) VALUES ('filler.\($0)', hex(zeroblob(200)))" }
                .joined(separator: ";\n"))
        _ = try Store(path: source).backUp(toFile: backup)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: backup))
        let path = directory.file("nudge.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: bytes))
        let (truncated, finished) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let chunk = bytes.count / 12 + 1
        Thread {
            guard let handle = FileHandle(forWritingAtPath: path) else { return }
            try? handle.truncate(atOffset: 0)
            truncated.signal()
            for offset in stride(from: 0, to: bytes.count, by: chunk) {
                usleep(200_000)
                try? handle.write(contentsOf: bytes[offset..<min(offset + chunk, bytes.count)])
            }
            try? handle.close()
            finished.signal()
        }.start()
        truncated.wait()
        StoreOverwrite.waitUntilSettled(
            path, quiet: .milliseconds(400), bound: .seconds(1), givenUp: .seconds(5), limit: .seconds(40))
        #expect(finished.wait(timeout: .now()) == .success, "returned while the copy was half written")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }
}
