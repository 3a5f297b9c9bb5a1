import Foundation

/// What nudge plays, recorded headless: the test HOME's `.asoundrc` sends ALSA's default device
/// into a FIFO through the `file` plugin, and one reader appends it to a file. (The plugin
/// truncates its file at every open, hence the FIFO; its null slave does not pace, so a whole
/// sound arrives at once.) A `paced` recording reads the FIFO no faster than a sound card plays,
/// so that a writer that keeps a device fed (GStreamer's ring buffer writes silence between
/// sounds) is held to real time by the full pipe, as a card holds it.
public final class RecordedAudio: @unchecked Sendable {
    public let home: String
    public let path: String
    private let reader: Spawned
    /// 48 kHz, 16-bit, stereo, as libcanberra opens the device.
    public static let bytesPerSecond = 48_000 * 2 * 2

    public init(in directory: TemporaryDirectory, paced: Bool = false) throws {
        home = directory.file("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let fifo = home + "/pcm.fifo"
        path = home + "/out.raw"
        guard mkfifo(fifo, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        try #"pcm.!default { type file; slave.pcm "null"; file "\#(fifo)"; format "raw" }"#.write(
            toFile: home + "/.asoundrc", atomically: true, encoding: .utf8)
        guard FileManager.default.createFile(atPath: path, contents: nil) else { throw POSIXError(.EIO) }
        // Opened read-write, the FIFO never reports end of file between two sounds. Until a
        // reader has it open, ALSA's open for writing would wait: the reader says when it has.
        let ready = directory.file("audio-reader.err")
        reader =
            paced
            ? try Subprocess.spawn(
                "/usr/bin/python3", ["-c", Self.pacedReader, fifo, path, String(Self.bytesPerSecond)],
                environment: ["PATH": "/usr/bin:/bin"], stderrPath: ready)
            : try Subprocess.spawn(
                "/bin/sh", ["-c", #"exec 3<>"$0"; echo open >&2; exec cat <&3 >>"$1""#, fifo, path],
                environment: ["PATH": "/usr/bin:/bin"],
                stderrPath: ready)
        guard reader.waitForLog("open", timeout: 20) else { throw POSIXError(.ETIMEDOUT) }
    }

    /// Reads at most `rate` bytes a second, with a tenth of a second of slack; what was not read
    /// while nothing was written is not made up later.
    private static let pacedReader = """
        import fcntl, os, sys, time
        fifo, path, rate = sys.argv[1], sys.argv[2], int(sys.argv[3])
        source = os.open(fifo, os.O_RDWR)
        fcntl.fcntl(source, 1031, 4096)  # F_SETPIPE_SZ: a card's buffer, not a pipe's 64 KiB
        sys.stderr.write("open\\n"); sys.stderr.flush()
        out = open(path, "ab", buffering=0)
        budget, last = 0.0, time.monotonic()
        while True:
            now = time.monotonic()
            budget = min(budget + (now - last) * rate, rate / 10)
            last = now
            if budget < 4096:
                time.sleep((4096 - budget) / rate)
                continue
            data = os.read(source, int(budget) // 4 * 4)
            out.write(data)
            budget -= len(data)
        """

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

    /// The RMS amplitude (0 to 1) of each window of `seconds` of the recording, in order.
    public func rmsPerWindow(seconds: Double) throws -> [Double] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let samplesPerWindow = Int(48_000 * seconds) * 2
        return data.withUnsafeBytes { raw in
            let samples = raw.bindMemory(to: Int16.self)
            return stride(from: 0, to: samples.count, by: samplesPerWindow).map { start in
                let window = samples[start..<min(start + samplesPerWindow, samples.count)]
                let sum = window.reduce(0.0) { $0 + Double($1) * Double($1) }
                return (sum / Double(max(window.count, 1))).squareRoot() / 32768
            }
        }
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
