import CGStreamer
import Foundation
import NudgeCore

/// Ambient sound through GStreamer: `audiotestsrc` makes the noises; a file is decoded by
/// `uridecodebin` and looped without a gap by segment seeks. The sink is `autoaudiosink`: the
/// desktop's sound server where its plugin is installed, else ALSA. State changes happen on one
/// thread of its own; each playing has a thread that waits on its bus (errors, a loop's end) and
/// nothing else. No call waits for that thread: the daemon's loop hands work over and goes on.
///
/// Not Dispatch: work sent to a Dispatch queue starts libdispatch's worker-pool monitor, a
/// timer that then wakes the process every second for as long as it runs.
public final class GStreamerAmbient: AmbientPlayer, @unchecked Sendable {
    private let thread = SoundThread(name: "nudge gstreamer")
    private let onProblem: @Sendable (String) -> Void
    /// Touched only on `thread`.
    private var playing: Playing?

    /// `onProblem` hears why a sound could not play (no sound device, a file that cannot be
    /// decoded or is not a regular file): the span runs silent.
    public init(onProblem: @escaping @Sendable (String) -> Void) {
        self.onProblem = onProblem
    }

    public func start(_ sound: AmbientSound, volume: Int, seconds: TimeInterval, fadeSeconds: TimeInterval) {
        // The span is counted from the asking: a pipeline that took a second to start (GStreamer
        // loading its plugins under load) ends with the span, its fade a second shorter, rather
        // than a second after it, under the end bell.
        let asked = SoundThread.monotonicNanoseconds()
        thread.run { [self] in
            end()
            guard seconds > 0 else { return }
            let gst: GStreamerLibrary
            switch Self.started {
            case .failure(let problem): return onProblem("cannot play the ambient sound \(sound): \(problem)")
            case .success(let library): gst = library
            }
            // A file that became a FIFO or a device since it was chosen: GStreamer's open would
            // wait for good.
            if case .file(let path) = sound, let problem = SoundFile.notRegular(path) {
                return onProblem("cannot play the ambient sound: \(problem)")
            }
            switch Playing.make(sound, volume: Double(volume) / 100, gst: gst) {
            case .failure(let problem):
                onProblem("cannot play the ambient sound \(sound): \(problem)")
            case .success(let made):
                playing = made
                made.watch { [self] problem in
                    onProblem("the ambient sound \(sound) stopped: \(problem)")
                    thread.run { [self] in if playing === made { end() } }
                }
                if let problem = made.play() {
                    onProblem("cannot play the ambient sound \(sound): \(problem)")
                    return end()
                }
                fadeStep(made, started: asked, seconds: seconds, fadeSeconds: fadeSeconds)
            }
        }
    }

    public func stop() {
        thread.run { [self] in end() }
    }

    /// Steps the volume down to nothing over the last `fadeSeconds`, 20 times a second, and ends
    /// the playing `seconds` after `started`, on the monotonic clock.
    private func fadeStep(_ made: Playing, started: UInt64, seconds: TimeInterval, fadeSeconds: TimeInterval) {
        guard playing === made else { return }
        let elapsed = Double(SoundThread.monotonicNanoseconds() - started) / 1e9
        guard elapsed < seconds else { return end() }
        let fadeStart = max(seconds - fadeSeconds, 0)
        if elapsed >= fadeStart { made.setLevel(max(seconds - elapsed, 0) / fadeSeconds) }
        let next = elapsed < fadeStart ? fadeStart : min(elapsed + 0.05, seconds)
        thread.run(after: next - elapsed) { [self] in
            fadeStep(made, started: started, seconds: seconds, fadeSeconds: fadeSeconds)
        }
    }

    /// Stops what plays; on the thread.
    private func end() {
        guard let made = playing else { return }
        playing = nil
        made.close()
    }

    /// GStreamer loaded and set up once per process, on the first ambient sound; the reason if
    /// it cannot be.
    static let started: Result<GStreamerLibrary, AmbientProblem> = GStreamerLibrary.loaded.flatMap { gst in
        var error: UnsafeMutablePointer<GError>?
        guard gst.initCheck(nil, nil, &error) != 0 else {
            defer { if let error { g_error_free(error) } }
            return .failure(
                AmbientProblem(error.map { String(cString: $0.pointee.message) } ?? "GStreamer cannot start"))
        }
        return .success(gst)
    }
}

extension GStreamerAmbient {
    /// Why GStreamer cannot decode the file at `path` for an ambient sound, or nil when it can:
    /// the file is decoded to its first frame into a sink that sounds nothing.
    public static func decodeProblem(_ path: String) -> String? {
        let gst: GStreamerLibrary
        switch started {
        case .failure(let problem): return "GStreamer cannot start (\(problem))"
        case .success(let library): gst = library
        }
        // Before GStreamer opens it: a FIFO would hold the command for good.
        if let problem = SoundFile.notRegular(path) { return problem }
        let refusal = "GStreamer cannot decode \(path); give a sound file such as Ogg, FLAC, WAV or MP3"
        guard FileManager.default.isReadableFile(atPath: path), let uri = gst.filenameToURI(path, nil) else {
            return refusal
        }
        defer { g_free(uri) }
        guard let pipeline = gst.parseLaunch("uridecodebin name=source ! audioconvert ! fakesink", nil) else {
            return "GStreamer has no decoder pipeline; install gstreamer1.0-plugins-base"
        }
        defer {
            _ = gst.setState(pipeline, GST_STATE_NULL)
            gst.objectUnref(pipeline)
        }
        let bin = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self)
        if let source = gst.binGetByName(bin, "source") {
            gst.setObjectArg(
                UnsafeMutableRawPointer(source).assumingMemoryBound(to: GObject.self), "uri", String(cString: uri))
            gst.objectUnref(source)
        }
        guard gst.setState(pipeline, GST_STATE_PAUSED) != GST_STATE_CHANGE_FAILURE,
            gst.getState(pipeline, nil, nil, 10 * 1_000_000_000) == GST_STATE_CHANGE_SUCCESS
        else { return refusal }
        return nil
    }
}
