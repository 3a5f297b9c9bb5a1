// swift-tools-version: 6.0
import PackageDescription

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
        // The C side of libnotify and GLib; only NudgeNotifier imports it.
        .systemLibrary(
            name: "CLibnotify",
            pkgConfig: "libnotify",
            providers: [.apt(["libnotify-dev"])]
        ),
        // libcanberra: only NudgeSound imports it.
        .systemLibrary(
            name: "CCanberra",
            pkgConfig: "libcanberra",
            providers: [.apt(["libcanberra-dev"])]
        ),
        // GStreamer: a meditation's ambient sound, made or decoded and looped. Only NudgeSound
        // imports it.
        .systemLibrary(
            name: "CGStreamer",
            pkgConfig: "gstreamer-1.0",
            providers: [.apt(["libgstreamer1.0-dev"])]
        ),
        // GIO's D-Bus client: logind on the system bus. Only NudgeSleep imports it.
        .systemLibrary(
            name: "CGio",
            pkgConfig: "gio-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        // timerfd, eventfd, pipe2 and thread names, which Swift's Glibc module does not export.
        .target(name: "CNudgeLinux"),
        // Pure scheduling logic: no I/O; `now` and the time zone are always arguments.
        .target(name: "NudgeCore"),
        // The shared SQLite store (GRDB): schema, migrations, named transactions.
        .target(
            name: "NudgeStore",
            dependencies: ["NudgeCore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // What the command line and the daemon share of the system: the clock, the time zone,
        // the person's clock format (GSettings through GIO), the store's location and the
        // daemon's lock.
        .target(name: "NudgeSystem", dependencies: ["NudgeCore", "CGio"]),
        // nudge's own sounds: played once, or rung as an alarm until stopped (libcanberra); a
        // meditation's ambient sound under it (GStreamer).
        .target(name: "NudgeSound", dependencies: ["NudgeCore", "CCanberra", "CGStreamer", "CNudgeLinux"]),
        // A GLib main loop on a thread of its own, for the session bus and the system bus.
        .target(name: "NudgeGLib", dependencies: ["CGio", "CNudgeLinux"]),
        // The computer's sleep: logind's inhibitors and its PrepareForSleep, on the system bus.
        .target(name: "NudgeSleep", dependencies: ["CGio", "NudgeGLib"]),
        // Desktop notifications through libnotify, with a GLib main loop on its own thread.
        .target(name: "NudgeNotifier", dependencies: ["NudgeCore", "CLibnotify", "NudgeGLib"]),
        // The daemon runtime: timerfd, inotify and signals around the store and the notifier.
        .target(
            name: "NudgeDaemon",
            dependencies: [
                "NudgeCore", "NudgeStore", "NudgeSystem", "NudgeNotifier", "NudgeSound", "NudgeSleep", "CNudgeLinux",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "nudge",
            dependencies: [
                "NudgeCore", "NudgeStore", "NudgeSystem", "NudgeDaemon", "NudgeNotifier", "NudgeSound", "NudgeSleep",
                "CNudgeLinux", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "NudgeTestSupport",
            dependencies: ["NudgeCore", "NudgeStore", "CNudgeLinux", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/NudgeTestSupport"
        ),
        .testTarget(name: "NudgeCoreTests", dependencies: ["NudgeCore", "NudgeTestSupport"]),
        .testTarget(name: "NudgeStoreTests", dependencies: ["NudgeStore", "NudgeTestSupport"]),
        .testTarget(name: "NudgeSystemTests", dependencies: ["NudgeSystem", "NudgeTestSupport"]),
        .testTarget(name: "NudgeNotifierTests", dependencies: ["NudgeNotifier", "NudgeTestSupport"]),
        .testTarget(name: "NudgeSoundTests", dependencies: ["NudgeSound"]),
        .testTarget(
            name: "NudgeDaemonTests",
            dependencies: [
                "NudgeDaemon", "NudgeSystem", "NudgeTestSupport", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "NudgeCommandTests",
            dependencies: ["nudge", "NudgeTestSupport", .product(name: "Logging", package: "swift-log")]),
    ]
)
