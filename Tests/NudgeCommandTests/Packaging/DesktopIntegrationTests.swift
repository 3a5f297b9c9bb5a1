import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// What a desktop installs: man pages and completions generated from the command definitions
/// (and not drifted from them), the hand-written nudge(5), the systemd user unit, the autostart entry.
@Suite struct DesktopIntegrationTests {
    static let regenerate = "run contrib/scripts/generate-docs.sh and commit the result"

    @Test func manPagesAreGeneratedFromTheCommandsAsTheyAreNow() throws {
        let dump = try NudgeBinary.run(["--experimental-dump-help"], environment: [:])
        #expect(dump.status == 0)
        let committed = try String(contentsOfFile: Repository.path("man/dump-help.json"), encoding: .utf8)
        #expect(dump.stdout == committed, "the commands changed since man/ was generated: \(Self.regenerate)")
        // One page per command in the dump.
        let names = try #require(try JSONSerialization.jsonObject(with: Data(committed.utf8)) as? [String: Any])
        #expect(names["command"] != nil)
        for page in [
            "nudge.1", "nudge-daemon.1", "nudge-dose-2.1", "nudge-call-remind.1", "nudge-ack.1", "nudge-history.1",
        ] {
            #expect(
                FileManager.default.fileExists(atPath: Repository.path("man/\(page)")),
                "man/\(page): \(Self.regenerate)")
        }
    }

    /// What generate-manual does not write, contrib/man adds to every page, each example once.
    @Test func everyPageHasExamplesEnvironmentFilesAndExitStatus() throws {
        let pages = try Self.commandPages()
        #expect(pages.count >= 50 && !pages.contains("nudge-help.1"))
        for page in pages {
            let text = try String(contentsOfFile: Repository.path("man/\(page)"), encoding: .utf8)
            for section in [".Sh ENVIRONMENT", ".Sh FILES", ".Sh \"EXIT STATUS\"", ".Sh EXAMPLES", "NUDGE_FAKE_NOW"] {
                #expect(text.contains(section), "man/\(page) lacks \(section): \(Self.regenerate)")
            }
            #expect(!text.contains(".Ex -std"), "man/\(page)")
            let examples = text.components(separatedBy: ".Sh EXAMPLES\n").last?.components(separatedBy: ".Sh ")[0] ?? ""
            let commands = examples.split(separator: "\n").filter { $0.hasPrefix("nudge ") }
            #expect(Set(commands).count == commands.count, "man/\(page) shows an example twice: \(commands)")
            // Each description after the first is a paragraph of its own, not the previous
            // example's next line.
            let descriptions = examples.components(separatedBy: ".Ed\n").dropFirst().dropLast()
            #expect(descriptions.allSatisfy { $0.hasPrefix(".Pp\n") }, "man/\(page): \(Self.regenerate)")
        }
    }

    /// One name for a command's page everywhere, as `man nudge-call-log` finds it (as git-log's):
    /// its file, its title, its NAME and every SEE ALSO naming it; the synopsis says the command
    /// as it is typed.
    @Test func aPageIsNamedWithDashesEverywhere() throws {
        let pages = try Self.commandPages()
        for page in pages where page != "nudge.1" {
            let name = String(page.dropLast(2))
            let text = try String(contentsOfFile: Repository.path("man/\(page)"), encoding: .utf8)
            #expect(
                (try? FileManager.default.destinationOfSymbolicLink(atPath: Repository.path("man/\(page)"))) == nil,
                "man/\(page) is a link: \(Self.regenerate)")
            #expect(text.contains("\n.Dt \(name.uppercased()) 1\n"), "man/\(page)'s title: \(Self.regenerate)")
            #expect(text.contains(".Sh NAME\n.Nm \(name)\n"), "man/\(page)'s NAME: \(Self.regenerate)")
            #expect(text.contains(".Sh SYNOPSIS\n.Nm \"nudge "), "man/\(page)'s synopsis: \(Self.regenerate)")
        }
        for page in pages {
            let text = try String(contentsOfFile: Repository.path("man/\(page)"), encoding: .utf8)
            for reference in text.split(separator: "\n").filter({ $0.hasPrefix(".Xr nudge") }) {
                let named = reference.split(separator: " ")[1]
                #expect(
                    named == "nudge" || pages.contains("\(named).1"), "man/\(page): \(reference) names no page")
            }
        }
        let readme = try String(contentsOfFile: Repository.path("README.md"), encoding: .utf8)
        #expect(readme.contains("man nudge-daemon") && !readme.contains("man nudge."))
    }

    static func commandPages() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Repository.path("man")).filter {
            $0.hasPrefix("nudge") && $0.hasSuffix(".1")
        }
    }

    @Test(arguments: [("bash", "nudge.bash"), ("zsh", "_nudge"), ("fish", "nudge.fish")])
    func completionsAreGeneratedFromTheCommandsAsTheyAreNow(shell: String, file: String) throws {
        let generated = try NudgeBinary.run(["--generate-completion-script", shell], environment: [:])
        #expect(generated.status == 0 && generated.stdout.contains("dose"))
        let committed = try String(contentsOfFile: Repository.path("contrib/completions/\(file)"), encoding: .utf8)
        #expect(generated.stdout == committed, "contrib/completions/\(file) drifted: \(Self.regenerate)")
    }

    @Test func everyPageRendersWithoutAWarning() throws {
        let pages = try FileManager.default.contentsOfDirectory(atPath: Repository.path("man")).filter {
            $0.hasSuffix(".1") || $0.hasSuffix(".5")
        }
        #expect(pages.count >= 25)
        for page in pages {
            let rendered = try Subprocess.run(
                "/usr/bin/man", ["-l", Repository.path("man/\(page)")],
                environment: ["MANWIDTH": "100", "PATH": "/usr/bin:/bin"])
            #expect(rendered.status == 0 && rendered.stderr.isEmpty, "\(page): \(rendered.stderr)")
            #expect(rendered.stdout.contains("NAME"))
        }
    }

    @Test func theStorePageNamesEverySettingsKey() throws {
        let page = try String(contentsOfFile: Repository.path("man/nudge.5"), encoding: .utf8)
        for key in SettingKey.allCases {
            guard let start = page.range(of: ".It Sy \(key.rawValue)\n") else {
                Issue.record("man/nudge.5 does not describe \(key.rawValue)")
                continue
            }
            // The key's own entry, up to the next one: "Default 5" must not be found in 50's.
            let entry = page[start.upperBound...].split(separator: "\n.It ", maxSplits: 1).first.map(String.init) ?? ""
            let stated = entry.firstMatch(of: /Default (\S+?)[;.:]?(\s|$)/).map { String($0.1) }
            #expect(
                stated == (key.defaultValue.isEmpty ? "empty" : key.defaultValue),
                "man/nudge.5: the default of \(key.rawValue)")
        }
    }

    @Test func theUserUnitVerifies() throws {
        // systemd-analyze runs the ExecStart binary's checks and `man` for Documentation=.
        let home = TemporaryDirectory("nudge-home")
        let files = FileManager.default
        try files.createDirectory(atPath: home.file(".local/bin"), withIntermediateDirectories: true)
        try files.createSymbolicLink(atPath: home.file(".local/bin/nudge"), withDestinationPath: NudgeBinary.path)
        for (page, section) in [("nudge.1", "man1"), ("nudge.5", "man5")] {
            try files.createDirectory(atPath: home.file("man/\(section)"), withIntermediateDirectories: true)
            try files.copyItem(atPath: Repository.path("man/\(page)"), toPath: home.file("man/\(section)/\(page)"))
        }
        let verified = try Subprocess.run(
            "/usr/bin/systemd-analyze", ["--user", "verify", Repository.path("contrib/systemd/nudge.service")],
            environment: [
                "HOME": home.path, "XDG_RUNTIME_DIR": home.path, "MANPATH": home.file("man"), "PATH": "/usr/bin:/bin",
            ])
        #expect(verified.status == 0, "\(verified)")
        let unit = try String(contentsOfFile: Repository.path("contrib/systemd/nudge.service"), encoding: .utf8)
        #expect(unit.contains("Type=notify") && unit.contains("Restart=on-failure"))
        #expect(unit.contains("\nWatchdogSec=120\n"), "a hung loop is killed and restarted")
    }

    /// The user unit gets CAP_WAKE_ALARM only where the user manager holds it (its CapPrm, bit
    /// 35): elsewhere AmbientCapabilities= would stop the unit from starting. Verified both ways.
    @Test(arguments: [("000001ffffffffff", true), ("000001f7ffffffff", false), ("0000000000000000", false)])
    func theWakeDropInFollowsTheManagersCapability(permitted: String, written: Bool) throws {
        let home = TemporaryDirectory("nudge-home")
        let files = FileManager.default
        let units = home.file(".config/systemd/user")
        try files.createDirectory(atPath: units + "/nudge.service.d", withIntermediateDirectories: true)
        try "[Service]\nAmbientCapabilities=CAP_WAKE_ALARM\n".write(
            toFile: units + "/nudge.service.d/wake.conf", atomically: true, encoding: .utf8)
        try files.copyItem(atPath: Repository.path("contrib/systemd/nudge.service"), toPath: units + "/nudge.service")
        let status = home.file("status")
        try "Name:\tsystemd\nCapInh:\t0000000000000000\nCapPrm:\t\(permitted)\nCapEff:\t\(permitted)\n".write(
            toFile: status, atomically: true, encoding: .utf8)
        let result = try Subprocess.run(
            "/bin/sh", [Repository.path("contrib/scripts/wake-dropin.sh"), status, units],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result)")
        let dropIn = try? String(contentsOfFile: units + "/nudge.service.d/wake.conf", encoding: .utf8)
        #expect((dropIn?.contains("AmbientCapabilities=CAP_WAKE_ALARM") ?? false) == written, "\(result.stdout)")
        #expect(
            result.stdout.hasPrefix(written ? "installed " : "no CAP_WAKE_ALARM in the user manager"),
            "\(result.stdout)")
        // What systemd makes of the unit with the drop-in, or without it.
        try files.createDirectory(atPath: home.file(".local/bin"), withIntermediateDirectories: true)
        try files.createSymbolicLink(atPath: home.file(".local/bin/nudge"), withDestinationPath: NudgeBinary.path)
        let verified = try Subprocess.run(
            "/usr/bin/systemd-analyze", ["--user", "verify", "--man=no", units + "/nudge.service"],
            environment: [
                "HOME": home.path, "XDG_CONFIG_HOME": home.file(".config"), "XDG_RUNTIME_DIR": home.path,
                "PATH": "/usr/bin:/bin",
            ])
        // It reads the drop-in (a wrong key there is named) and finds nothing to say.
        #expect(verified.status == 0 && !verified.stderr.contains("wake.conf"), "\(verified)")
    }

    @Test func theAutostartEntryValidatesAndMatchesTheNotificationsHint() throws {
        let validated = try Subprocess.run(
            "/usr/bin/desktop-file-validate", [Repository.path("contrib/autostart/nudge.desktop")])
        #expect(validated.status == 0 && validated.stdout.isEmpty, "\(validated)")
        // The notifications say desktop-entry "nudge": the file installed is nudge.desktop.
        #expect(
            try String(contentsOfFile: Repository.path("contrib/autostart/nudge.desktop"), encoding: .utf8).contains(
                "Exec=nudge daemon"))
    }

    @Test func installIsIdempotentAndUninstallUndoesIt() throws {
        let home = TemporaryDirectory("nudge-install")
        let prefix = home.file("prefix")
        // No user manager in a test: the autostart entry is what starts nudge at login.
        let environment = [
            "HOME": home.path, "XDG_CONFIG_HOME": home.file("config"), "PATH": "/usr/bin:/bin",
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent",
        ]
        let first = try Subprocess.run(
            "/bin/sh", [Repository.path("contrib/install.sh"), "--prefix", prefix, "--binary", NudgeBinary.path],
            environment: environment)
        #expect(first.status == 0, "\(first)")
        #expect(first.stdout.contains("installed \(prefix)/bin/nudge\n"))
        #expect(
            first.stdout.contains("no systemd user manager here: the autostart entry starts nudge at the next login"))
        for file in [
            "prefix/bin/nudge", "prefix/share/man/man1/nudge.1", "prefix/share/man/man1/nudge-dose-2.1",
            "prefix/share/man/man5/nudge.5",
            "prefix/share/bash-completion/completions/nudge", "prefix/share/zsh/site-functions/_nudge",
            "prefix/share/fish/vendor_completions.d/nudge.fish", "prefix/share/applications/nudge.desktop",
            "config/autostart/nudge.desktop",
        ] {
            #expect(FileManager.default.fileExists(atPath: home.file(file)), "missing \(file)")
        }
        let entry = try String(contentsOfFile: home.file("config/autostart/nudge.desktop"), encoding: .utf8)
        #expect(entry.contains("Exec=\(prefix)/bin/nudge daemon"))
        let page = try Subprocess.run(
            "/usr/bin/man", ["nudge"],
            environment: ["MANPATH": home.file("prefix/share/man"), "PATH": "/usr/bin:/bin", "MANWIDTH": "80"])
        #expect(page.status == 0 && page.stdout.contains("nudge"), "\(page)")
        let daemonPage = try Subprocess.run(
            "/usr/bin/man", ["nudge-daemon"],
            environment: ["MANPATH": home.file("prefix/share/man"), "PATH": "/usr/bin:/bin", "MANWIDTH": "80"])
        #expect(daemonPage.status == 0 && daemonPage.stdout.contains("nudge daemon"), "\(daemonPage)")

        let second = try Subprocess.run(
            "/bin/sh", [Repository.path("contrib/install.sh"), "--prefix", prefix, "--binary", NudgeBinary.path],
            environment: environment)
        let changed = second.stdout.split(separator: "\n").filter {
            $0.hasPrefix("installed") || $0.hasPrefix("updated")
        }
        #expect(second.status == 0 && changed.isEmpty, "a second run changed: \(changed)")

        let removed = try Subprocess.run(
            "/bin/sh", [Repository.path("contrib/uninstall.sh"), "--prefix", prefix], environment: environment)
        #expect(removed.status == 0, "\(removed)")
        let left =
            FileManager.default.enumerator(atPath: home.path)?.compactMap { $0 as? String }.filter {
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: home.file($0), isDirectory: &isDirectory)
                    && !isDirectory.boolValue
            } ?? []
        #expect(left.isEmpty, "left behind: \(left)")
        let refused = try Subprocess.run(
            "/bin/sh", [Repository.path("contrib/install.sh"), "--prefx", prefix], environment: environment)
        #expect(refused.status == 64 && refused.stderr == "install.sh: unknown option '--prefx'; see --help\n")
    }

    /// The README's picture: a real pop-up drawn by dunst under Xvfb, made by the script in contrib.
    /// Two seconds alone; the limit is for a hang, with the whole suite running beside it on 2 cores.
    @Test(.timeLimit(.minutes(3)))
    func theScreenshotScriptDrawsARealNotification() throws {
        let directory = TemporaryDirectory("nudge-shot")
        let output = directory.file("shot.png")
        let made = try Subprocess.run(
            "/bin/sh", [Repository.path("contrib/scripts/screenshot.sh"), output],
            environment: ["NUDGE_BINARY": NudgeBinary.path, "PATH": "/usr/bin:/bin", "HOME": directory.path])
        #expect(made.status == 0, "\(made)")
        let png = try #require(FileManager.default.contents(atPath: output))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "not a PNG")
        // Width and height, big-endian, in the IHDR chunk.
        let size =
            png.count > 24
            ? (png[16...19].reduce(0) { $0 << 8 | Int($1) }, png[20...23].reduce(0) { $0 << 8 | Int($1) }) : (0, 0)
        #expect(size == (620, 120))
        // A black screen compresses to almost nothing; a drawn notification does not.
        #expect(png.count > 3000, "\(png.count) bytes: nothing was drawn?")
    }
}
