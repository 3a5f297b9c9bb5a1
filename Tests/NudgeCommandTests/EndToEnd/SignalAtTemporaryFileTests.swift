import Foundation
import NudgeTestSupport
import Testing

/// SIGINT, SIGTERM or SIGHUP the instant a temporary file is made, before nudge notes it for
/// removal (hostile round 30 on issue 39: session 18 closed that window for backups only; an
/// export's, a draft's and the files beside the store kept it). The real binary runs with
/// `mkstemp` wrapped (LD_PRELOAD) to send the process the signal as soon as the
/// file named so is made, and a thread of its own that blocks no signal (a desktop session's
/// dconf worker; the thread that makes the file holds the signals): the command must still end
/// by that signal, leaving no file.
@Suite(.hangBound(minutes: 3)) struct SignalAtTemporaryFileTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    var out: String { directory.file("out") }
    var environment: [String: String] { ["TZ": "UTC", "NUDGE_STORE": store] }

    init() throws {
        #expect(
            try NudgeBinary.run(["log", "symptom", "sneeze", "--severity", "2"], environment: environment).status == 0)
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
    }

    /// Runs `nudge ARGUMENTS` signalled with `number` as its file whose path contains `marker`
    /// is made; whether it ended by that signal.
    func endedBySignal(_ arguments: [String], marker: String, _ number: Int32) throws -> Bool {
        let shim = try Self.signallingShim(in: directory)
        let run = try Subprocess.run(
            NudgeBinary.path, arguments,
            environment: NudgeBinary.environment(
                environment.merging([
                    "LD_PRELOAD": shim, "NUDGE_TEST_SIGNAL_AT": marker, "NUDGE_TEST_SIGNAL": String(number),
                ]) { $1 }))
        return run.status == number
    }

    /// The names in `folder` that start as a temporary file of nudge's does.
    func temporaryFiles(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP]) func anExportSignalledAsItsFileIsMadeLeavesNothing(number: Int32)
        throws
    {
        let arguments = ["symptoms", "export", "--format", "csv", "--output", out + "/diary.csv"]
        #expect(try endedBySignal(arguments, marker: "/.diary.csv.", number))
        let left = try FileManager.default.contentsOfDirectory(atPath: out)
        #expect(left.isEmpty, "\(left)")
    }

    /// The file beside the store that says where its backups are, written as the setting changes.
    @Test func theBackupLocationSignalledAsItsFileIsMadeLeavesNothing() throws {
        let arguments = ["settings", "set", "backup.directory", out]
        #expect(try endedBySignal(arguments, marker: "/.nudge-location-", SIGTERM))
        let left = try temporaryFiles(in: directory.path)
        #expect(left.isEmpty, "\(left)")
    }

    /// A backup's own file, which session 18 held the signals for: it stays so.
    @Test func aBackupSignalledAsItsFileIsMadeLeavesNothing() throws {
        #expect(try endedBySignal(["backup", "--output", out + "/x.sqlite"], marker: "/.nudge-x.sqlite.", SIGINT))
        let left = try FileManager.default.contentsOfDirectory(atPath: out)
        #expect(left.isEmpty, "\(left)")
    }

    /// A shared library that wraps `mkstemp`: once a file whose path contains
    /// `NUDGE_TEST_SIGNAL_AT` is made, it sends its process `NUDGE_TEST_SIGNAL`, as a Ctrl-C
    /// at that instant would; and starts a thread that takes any signal.
    static func signallingShim(in directory: TemporaryDirectory) throws -> String {
        let source = directory.file("signal-at-mkstemp.c")
        let library = directory.file("signal-at-mkstemp.so")
        try """
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <pthread.h>
        #include <signal.h>
        #include <stdlib.h>
        #include <string.h>
        #include <unistd.h>

        /* A thread that blocks no signal, as GLib's dconf worker in a desktop session: the
           kernel gives it a signal the thread making the file holds. */
        static void *open_to_signals(void *unused) {
            sigset_t none;
            sigemptyset(&none);
            pthread_sigmask(SIG_SETMASK, &none, NULL);
            for (;;) pause();
            return unused;
        }
        __attribute__((constructor)) static void start_open_thread(void) {
            pthread_t thread;
            pthread_create(&thread, NULL, open_to_signals, NULL);
        }
        static int signalled(int descriptor, const char *path) {
            const char *marker = getenv("NUDGE_TEST_SIGNAL_AT");
            const char *number = getenv("NUDGE_TEST_SIGNAL");
            if (descriptor >= 0 && marker && number && strstr(path, marker)) kill(getpid(), atoi(number));
            return descriptor;
        }
        int mkstemp(char *path) {
            int (*made)(char *) = (int (*)(char *))dlsym(RTLD_NEXT, "mkstemp");
            return signalled(made(path), path);
        }
        int mkstemp64(char *path) { return mkstemp(path); }
        """.write(toFile: source, atomically: false, encoding: .utf8)
        // Swift's toolchain brings clang, wherever it is installed.
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") + ["/usr/bin"]
        let compiler = try #require(
            folders.flatMap { ["\($0)/cc", "\($0)/clang"] }.first { FileManager.default.isExecutableFile(atPath: $0) },
            "a C compiler")
        let built = try Subprocess.run(compiler, ["-shared", "-fPIC", "-o", library, source, "-ldl", "-lpthread"])
        try #require(built.status == 0, "\(built)")
        return library
    }
}
