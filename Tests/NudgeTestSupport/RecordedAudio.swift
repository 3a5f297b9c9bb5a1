import Foundation

/// What nudge plays, recorded headless: the test HOME's `.asoundrc` sends ALSA's default device
/// into a FIFO through the `file` plugin, and one reader appends it to a file. (The plugin
/// truncates its file at every open, hence the FIFO; its null slave does not pace, so a whole
/// sound arrives at once.)
public final class RecordedAudio: @unchecked Sendable {
    public let home: String
    public let path: String
    private let reader: Spawned
    /// 48 kHz, 16-bit, stereo, as libcanberra opens the device.
    public static let bytesPerSecond = 48_000 * 2 * 2

    public init(in directory: TemporaryDirectory) throws {
        home = directory.file("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let fifo = home + "/pcm.fifo"
        path = home + "/out.raw"
        guard mkfifo(fifo, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        try #"pcm.!default { type file; slave.pcm "null"; file "\#(fifo)"; format "raw" }"#.write(
            toFile: home + "/.asoundrc", atomically: true, encoding: .utf8)
        FileManager.default.createFile(atPath: path, contents: nil)
        // Opened read-write, the FIFO never reports end of file between two sounds. Until a
        // reader has it open, ALSA's open for writing would wait: the reader says when it has.
        let ready = directory.file("audio-reader.err")
        reader = try Subprocess.spawn(
            "/bin/sh", ["-c", #"exec 3<>"$0"; echo open >&2; exec cat <&3 >>"$1""#, fifo, path],
            environment: ["PATH": "/usr/bin:/bin"],
            stderrPath: ready)
        guard reader.waitForLog("open", timeout: 20) else { throw POSIXError(.ETIMEDOUT) }
    }

    /// Seconds of audio written so far.
    public var seconds: Double {
        let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0
        return Double(size) / Double(Self.bytesPerSecond)
    }

    /// When the reader last wrote, by the file's modification time: the instant a sound arrived,
    /// however late the test thread that waited for it was scheduled.
    public var lastWritten: Date? {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date)
            .map(TestClock.instant(atRealTime:))
    }

    /// Waits until at least `seconds` of audio were written.
    public func waitFor(seconds wanted: Double, timeout: TimeInterval = 20) -> Bool {
        FileEvents.waitUntil(watching: [home], timeout: timeout) { seconds >= wanted }
    }

    /// Length and RMS amplitude as sox measures them.
    public func measured() throws -> (length: Double, rms: Double) {
        let result = try Subprocess.run(
            "/usr/bin/sox", ["-t", "raw", "-r", "48000", "-e", "signed", "-b", "16", "-c", "2", path, "-n", "stat"])
        func value(_ label: String) -> Double {
            result.stderr.split(separator: "\n").first { $0.hasPrefix(label) }.flatMap {
                Double($0.split(separator: ":").last!.trimmingCharacters(in: .whitespaces))
            } ?? 0
        }
        return (value("Length (seconds)"), value("RMS     amplitude"))
    }

    deinit { reader.signal(SIGKILL) }
}
