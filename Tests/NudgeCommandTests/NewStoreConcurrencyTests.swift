import Foundation
import NudgeTestSupport
import Testing

/// At login the daemon and a command can meet on a store that does not exist yet. Creating the
/// directory and the file and migrating must be safe under any concurrency: no failed write.
/// Serialized: each round already runs 50 processes on 2 cores.
@Suite(.serialized) struct NewStoreConcurrencyTests {
    let directory = TemporaryDirectory()

    @Test(.timeLimit(.minutes(3)), arguments: 1...3)
    func fiftyWritersOnANewStoreAllSucceed(round: Int) throws {
        let store = directory.file("round\(round)/deeper/nudge.sqlite")
        let environment = NudgeBinary.environment(["TZ": "UTC"])
        let writers = try (0..<50).map { index in
            let arguments =
                index % 5 == 4
                ? ["contacts", "add", "Person \(index)", "--every", "7", "--store", store]
                : ["log", "symptom", "Headache \(index)", "--severity", "3", "--store", store]
            return try Subprocess.spawn(
                NudgeBinary.path, arguments, environment: environment, stderrPath: directory.file("writer-\(round)-\(index).err"))
        }
        var failures: [String] = []
        for (index, writer) in writers.enumerated() {
            let status = writer.waitForExit(timeout: 120)
            if status != 0 { failures.append("writer \(index): exit \(status.map(String.init) ?? "none"): \(writer.stderr)") }
        }
        #expect(failures.isEmpty, "\(failures.count) of 50 failed: \(failures.prefix(3))")
        let counts = try StoreQuery.rows(
            store, "SELECT (SELECT count(*) FROM symptom_entries) AS symptoms, (SELECT count(*) FROM contacts) AS contacts")
        #expect(counts.first == ["symptoms": "40", "contacts": "10"])
    }
}
