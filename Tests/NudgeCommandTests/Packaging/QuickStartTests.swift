import Foundation
import NudgeTestSupport
import Testing

/// CI must run exactly the README's test command, or the quick start can rot unseen.
@Suite struct QuickStartTests {
    @Test func ciRunsTheReadmesTestCommandVerbatim() throws {
        let readme = try String(contentsOfFile: Repository.path("README.md"), encoding: .utf8)
        let ci = try String(contentsOfFile: Repository.path(".ci/run"), encoding: .utf8)
        let quickStart = try #require(
            readme.components(separatedBy: "## Quick start").last?.components(separatedBy: "```sh").dropFirst().first)
        let commands =
            quickStart.components(separatedBy: "```").first?.split(separator: "\n").filter {
                !$0.hasPrefix("#") && !$0.isEmpty
            } ?? []
        #expect(commands.count == 2)
        let testCommand = try #require(commands.last.map(String.init))
        #expect(testCommand.hasSuffix("contrib/scripts/build-without-warnings.sh && swift test"))
        #expect(ci.split(separator: "\n").contains { String($0) == testCommand })
    }
}
