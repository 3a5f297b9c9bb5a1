import Foundation
import NudgeTestSupport
import Testing

/// The Debian package's contents, from contrib/package/manifest and the control template,
/// without building it (contrib/scripts/test-deb.sh builds, lints and installs it).
@Suite struct DebianPackageTests {
    static let package = Repository.path("contrib/package")

    struct Entry {
        var mode: String
        var source: String
        var destination: String
        var how: String?
    }

    static func manifest() throws -> [Entry] {
        try String(contentsOfFile: "\(package)/manifest", encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") }
            .map { line in
                let fields = line.split(separator: " ").map(String.init)
                return Entry(mode: fields[0], source: fields[1], destination: fields[2], how: fields.dropFirst(3).first)
            }
    }

    /// Each source exists (the binary is built by the script), and the package puts every file
    /// where Debian's tools look for it.
    @Test func theManifestInstallsWhatExistsWhereDebianLooks() throws {
        let entries = try Self.manifest()
        for entry in entries where entry.source != ".build-static/release/nudge" {
            let matches =
                entry.source.contains("*")
                ? try FileManager.default.contentsOfDirectory(atPath: Repository.path("man")).filter {
                    $0.hasPrefix("nudge") && $0.hasSuffix(".1")
                }.map { "man/\($0)" } : [entry.source]
            #expect(!matches.isEmpty, "\(entry.source) matches nothing")
            for source in matches {
                #expect(
                    FileManager.default.fileExists(atPath: Repository.path(source)), "\(source) is missing"
                )
            }
        }
        #expect(
            Set(entries.map(\.destination)) == [
                "usr/bin/nudge", "usr/share/man/man1/", "usr/share/man/man5/nudge.5.gz",
                "usr/share/bash-completion/completions/nudge", "usr/share/zsh/vendor-completions/_nudge",
                "usr/share/fish/vendor_completions.d/nudge.fish", "usr/lib/systemd/user/nudge.service",
                "usr/share/applications/nudge.desktop", "etc/xdg/autostart/nudge.desktop",
                "usr/share/doc/nudge/copyright", "usr/share/doc/nudge/changelog.Debian.gz",
                "usr/share/lintian/overrides/nudge",
            ])
        #expect(
            entries.allSatisfy {
                $0.destination.hasSuffix(".gz") == ($0.how == "gzip" || $0.how == "changelog")
                    || $0.destination.hasSuffix("/")
            })
        #expect(entries.first { $0.destination == "usr/bin/nudge" }?.mode == "755")
        #expect(entries.filter { $0.destination != "usr/bin/nudge" }.allSatisfy { $0.mode == "644" })
    }

    /// The fields dpkg and apt need, with what the script fills in; nothing depends on a person's
    /// data being removed.
    @Test func theControlFileHasTheFieldsDpkgNeeds() throws {
        let control = try String(contentsOfFile: "\(Self.package)/control", encoding: .utf8)
        let fields = Dictionary(
            control.split(separator: "\n").filter { !$0.hasPrefix(" ") }.compactMap { line -> (String, String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
        ) { first, _ in first }
        #expect(fields["Package"] == "nudge" && fields["Version"] == "@VERSION@" && fields["Architecture"] == "@ARCH@")
        // GStreamer's base plugins make the noises and decode Ogg; the good ones decode WAV and
        // FLAC; a sink plays them. libcanberra is loaded at the first sound and libgstreamer at the
        // first ambient sound, not linked, so dpkg-shlibdeps finds neither.
        #expect(
            fields["Depends"]
                == "@DEPENDS@, libcanberra0, libgstreamer1.0-0, sound-theme-freedesktop, gstreamer1.0-plugins-base")
        #expect(fields["Section"] == "utils" && fields["Priority"] == "optional")
        #expect(fields["Maintainer"]?.contains("@") == true && fields["Description"]?.isEmpty == false)
        let postrm = try String(contentsOfFile: "\(Self.package)/postrm", encoding: .utf8)
        #expect(!postrm.contains("rm ") && !postrm.contains(".local/share/nudge"), "the package never removes a store")
    }

    /// The packaged unit starts the packaged binary; the autostart entry stands aside where the
    /// user unit runs (systemd's xdg-autostart-generator honours X-systemd-skip).
    @Test func theUnitAndAutostartEntryAreRewrittenForThePackage() throws {
        let script = try String(contentsOfFile: "\(Self.package)/build-deb.sh", encoding: .utf8)
        #expect(script.contains("ExecStart=/usr/bin/nudge "))
        #expect(script.contains("X-systemd-skip=true") && script.contains("TryExec=nudge"))
        let unit = try String(
            contentsOfFile: Repository.path("contrib/systemd/nudge.service"), encoding: .utf8)
        #expect(unit.contains("\nExecStart=%h/.local/bin/nudge daemon\n"), "the line the script rewrites")
        let entry = try String(
            contentsOfFile: Repository.path("contrib/autostart/nudge.desktop"), encoding: .utf8)
        #expect(entry.contains("\nExec=nudge daemon\n"), "the line the script rewrites")
    }
}
