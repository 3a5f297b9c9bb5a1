import Foundation
import NudgeTestSupport
import Testing

/// A backup, or a copy a restore kept beside the store, that other users can read holds the
/// diary as the store does (hostile round 23 on issue 39: doctor named the folder's mode and
/// said nothing of a 0644 backup and fifteen 0644 kept copies).
@Suite struct DoctorOpenCopiesTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test func copiesOfTheStoreOthersCanReadAreNamedWithTheirFix() throws {
        #expect(nudge("log", "symptom", "Nausea", "--severity", "2").status == 0)
        #expect(nudge("backup").status == 0)
        let folder = store + ".backups"
        let backup = folder + "/" + (try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first))
        #expect(nudge("restore", "--yes", backup).status == 0)
        let kept = try #require(
            try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .first { $0.hasPrefix("nudge.sqlite.before-restore-") })
        let quiet = nudge("doctor")
        #expect(!quiet.stdout.contains("other users can read"), "\(quiet)")
        #expect(chmod(backup, 0o644) == 0 && chmod(directory.file(kept), 0o640) == 0)
        let said = nudge("doctor")
        let line = try #require(said.stdout.split(separator: "\n").first { $0.contains("other users can read") })
        #expect(line.hasPrefix("PROBLEM backups: 2 copies of the store other users can read"), "\(said)")
        #expect(said.stdout.contains("chmod 600 \(backup) \(directory.file(kept))"), "\(said)")
    }
}
