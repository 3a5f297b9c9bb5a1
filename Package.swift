// swift-tools-version: 6.0
import PackageDescription

// The C libraries' header directories as Debian's -dev packages install them, given here rather
// than through `systemLibrary(pkgConfig:)`: SwiftPM takes only -I, -L and -l from a .pc file and
// warned at every build of the -pthread and -D_REENTRANT the GLib family's files also carry
// (nudge needs neither: glibc's threads need no flag). A Swift module that imports one of these
// C modules, directly or through another module, is compiled with them; the module maps link
// the libraries.
#if arch(arm64)
    let multiarch = "aarch64-linux-gnu"
#else
    let multiarch = "x86_64-linux-gnu"
#endif
let cHeaders: [SwiftSetting] = [
    .unsafeFlags(
        [
            "/usr/include/glib-2.0", "/usr/lib/\(multiarch)/glib-2.0/include", "/usr/include/gdk-pixbuf-2.0",
            "/usr/include/gstreamer-1.0",
        ].flatMap { ["-Xcc", "-I\($0)"] })
]

let package = Package(
    name: "nudge",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "nudge", targets: ["nudge"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    ],
    targets: [
        // The C side of libnotify and GLib (libnotify-dev); only NudgeNotifier imports it.
        .systemLibrary(name: "CLibnotify"),
        // libcanberra (libcanberra-dev): only NudgeSound imports it, for the types and constants:
        // libcanberra is not linked but loaded at the first sound (CanberraLibrary).
        .systemLibrary(name: "CCanberra"),
        // GStreamer (libgstreamer1.0-dev): a meditation's ambient sound, made or decoded and
        // looped. Only NudgeSound imports it, for the types: libgstreamer is not linked but
        // loaded at the first ambient sound (GStreamerLibrary).
        .systemLibrary(name: "CGStreamer"),
        // GIO's D-Bus client (libglib2.0-dev): logind on the system bus, GSettings. NudgeSleep,
        // NudgeGLib and NudgeSystem import it.
        .systemLibrary(name: "CGio"),
        // What Swift's Glibc module does not export: timerfd, eventfd, pipe2, a queued signal's
        // value, thread names, fscrypt's flag and malloc_trim; and ALSA's error handler, and the
        // commit the binary was built from.
        .target(name: "CNudgeLinux"),
        // Pure scheduling logic: no I/O; `now` and the time zone are always arguments.
        .target(name: "NudgeCore"),
        // The shared SQLite store (GRDB): schema, migrations, named transactions.
        .target(
            name: "NudgeStore",
            dependencies: ["NudgeCore", "CNudgeLinux", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // What the command line and the daemon share of the system: the clock, the time zone,
        // the person's clock format (GSettings through GIO) and locale's text, the store's
        // location, the daemon's lock, the RTC's wake alarm and the terminal an answer opens.
        .target(name: "NudgeSystem", dependencies: ["NudgeCore", "CGio"], swiftSettings: cHeaders),
        // nudge's own sounds: played once, or rung as an alarm until stopped (libcanberra); a
        // meditation's ambient sound under it (GStreamer).
        .target(
            name: "NudgeSound", dependencies: ["NudgeCore", "CCanberra", "CGStreamer", "CNudgeLinux"],
            swiftSettings: cHeaders),
        // A GLib main loop on a thread of its own, for the session bus and the system bus.
        .target(name: "NudgeGLib", dependencies: ["CGio", "CNudgeLinux"], swiftSettings: cHeaders),
        // The computer's sleep: logind's inhibitors and its PrepareForSleep, on the system bus.
        .target(name: "NudgeSleep", dependencies: ["CGio", "NudgeGLib"], swiftSettings: cHeaders),
        // Desktop notifications through libnotify, with a GLib main loop on its own thread.
        .target(
            name: "NudgeNotifier", dependencies: ["NudgeCore", "CLibnotify", "NudgeGLib"], swiftSettings: cHeaders),
        // The daemon runtime: timerfd, inotify and signals around the store and the notifier.
        .target(
            name: "NudgeDaemon",
            dependencies: [
                "NudgeCore", "NudgeStore", "NudgeSystem", "NudgeNotifier", "NudgeSound", "NudgeSleep", "CNudgeLinux",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: cHeaders
        ),
        // What the commands show and write, apart from parsing their arguments: tables, charts,
        // the calendar, the HTML report, exports, drafts and private files.
        .target(
            name: "NudgeReports", dependencies: ["NudgeCore", "NudgeStore", "NudgeSystem", "CNudgeLinux"],
            swiftSettings: cHeaders),
        // What a command does once its arguments are parsed: its context (the store, the
        // terminal, the clock), the questions it asks, and each command's work, the daemon's
        // start too. No ArgumentParser.
        .target(
            name: "NudgeCommands",
            dependencies: [
                "NudgeCore", "NudgeStore", "NudgeSystem", "NudgeReports", "NudgeSound", "NudgeSleep", "NudgeDaemon",
                "NudgeNotifier",
                "CNudgeLinux",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: cHeaders),
        // The command line apart from the command tree: the options and typed arguments the
        // commands declare, and the guessers that turn a mistyped line into a suggestion (read
        // from the tree the executable names, CommandTree).
        .target(
            name: "NudgeCommandLine",
            dependencies: [
                "NudgeCore", "NudgeStore", "NudgeReports", "NudgeCommands",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: cHeaders),
        // The command tree: each command's declaration and the call to its work.
        .executableTarget(
            name: "nudge",
            dependencies: [
                "NudgeCore", "NudgeStore", "NudgeSystem", "NudgeReports", "NudgeCommands", "NudgeCommandLine",
                "CNudgeLinux", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: cHeaders
        ),
        .target(
            name: "NudgeTestSupport",
            dependencies: ["NudgeCore", "NudgeStore", "CNudgeLinux", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/NudgeTestSupport"
        ),
        .testTarget(name: "NudgeCoreTests", dependencies: ["NudgeCore", "NudgeTestSupport"]),
        .testTarget(name: "NudgeStoreTests", dependencies: ["NudgeStore", "NudgeTestSupport"]),
        .testTarget(
            name: "NudgeSystemTests", dependencies: ["NudgeSystem", "NudgeTestSupport"], swiftSettings: cHeaders),
        .testTarget(
            name: "NudgeNotifierTests", dependencies: ["NudgeNotifier", "NudgeTestSupport"], swiftSettings: cHeaders),
        .testTarget(name: "NudgeSoundTests", dependencies: ["NudgeSound"], swiftSettings: cHeaders),
        .testTarget(
            name: "NudgeDaemonTests",
            dependencies: [
                "NudgeDaemon", "NudgeSystem", "NudgeTestSupport", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: cHeaders
        ),
        .testTarget(
            name: "NudgeReportsTests", dependencies: ["NudgeReports", "NudgeCommands", "NudgeTestSupport"],
            swiftSettings: cHeaders),
        .testTarget(
            name: "NudgeCommandTests",
            dependencies: [
                "nudge", "NudgeCommandLine", "NudgeReports", "NudgeCommands", "NudgeTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: cHeaders),
    ]
)
