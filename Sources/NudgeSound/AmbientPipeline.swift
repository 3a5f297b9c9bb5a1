import CGStreamer
import CNudgeLinux
import Foundation
import NudgeCore

extension GStreamerAmbient {
    /// One ambient sound's pipeline: source, conversion, a `volume` element named `level`, the
    /// sink. Its state changes on the player's thread; its bus is read by its own thread.
    final class Playing: @unchecked Sendable {
        private let pipeline: UnsafeMutablePointer<GstElement>
        private let level: UnsafeMutablePointer<GstElement>
        private let bus: UnsafeMutablePointer<GstBus>
        private let volume: Double
        private let loops: Bool
        private let gst: GStreamerLibrary
        /// Signalled as the bus's thread ends; nil until `watch` starts one.
        private var watcherEnded: DispatchSemaphore?

        private init(
            pipeline: UnsafeMutablePointer<GstElement>, level: UnsafeMutablePointer<GstElement>, volume: Double,
            loops: Bool, gst: GStreamerLibrary
        ) {
            self.pipeline = pipeline
            self.level = level
            self.gst = gst
            self.bus = gst.getBus(pipeline)!
            self.volume = volume
            self.loops = loops
        }

        static func make(_ sound: AmbientSound, volume: Double, gst: GStreamerLibrary) -> Result<
            Playing, AmbientProblem
        > {
            let source: String
            switch sound {
            case .noise(let noise):
                // Brown noise is GStreamer's red (Brownian) noise.
                let wave = ["brown-noise": "red-noise"][noise.rawValue] ?? noise.rawValue
                source = "audiotestsrc wave=\(wave)"
            case .file:
                source = "uridecodebin name=source"
            }
            // One format for every output, as libcanberra opens it.
            let description =
                "\(source) ! audioconvert ! audioresample ! volume name=level ! audio/x-raw,format=S16LE,rate=48000,channels=2 ! autoaudiosink name=output"
            var error: UnsafeMutablePointer<GError>?
            guard let element = gst.parseLaunch(description, &error) else {
                defer { if let error { g_error_free(error) } }
                return .failure(AmbientProblem(error.map { String(cString: $0.pointee.message) } ?? "no pipeline"))
            }
            if let error { g_error_free(error) }
            let bin = UnsafeMutableRawPointer(element).assumingMemoryBound(to: GstBin.self)
            guard let level = gst.binGetByName(bin, "level") else {
                gst.objectUnref(element)
                return .failure(AmbientProblem("no volume element"))
            }
            let made = Playing(pipeline: element, level: level, volume: volume, loops: sound.isFile, gst: gst)
            if case .file(let path) = sound, let source = gst.binGetByName(bin, "source") {
                defer { gst.objectUnref(source) }
                guard let uri = gst.filenameToURI(path, nil) else {
                    made.close()
                    return .failure(AmbientProblem("\(path) is not a file's path"))
                }
                defer { g_free(uri) }
                made.set(source, "uri", String(cString: uri))
            }
            made.setLevel(1)
            return .success(made)
        }

        /// Starts the sound; a file is first decoded to its first frame, then played as a
        /// segment so that its end can be joined to its start without a gap.
        func play() -> String? {
            if loops {
                guard gst.setState(pipeline, GST_STATE_PAUSED) != GST_STATE_CHANGE_FAILURE,
                    gst.getState(pipeline, nil, nil, 10 * 1_000_000_000) == GST_STATE_CHANGE_SUCCESS
                else { return "it cannot be decoded" }
                seek(flushing: true)
            }
            guard gst.setState(pipeline, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE else {
                return "the sound output cannot be opened"
            }
            // autoaudiosink falls back to a fake sink where no output opens: silence.
            guard !hasElement("fake-audio-sink", in: "output") else {
                return "no sound output opens (no sound server, no ALSA device)"
            }
            return nil
        }

        /// `fraction` of the sound's volume.
        func setLevel(_ fraction: Double) {
            set(level, "volume", String(format: "%.4f", volume * min(max(fraction, 0), 1)))
        }

        /// The bus thread's name, as `ps -L` and /proc show it (at most 15 bytes).
        static let watcherName = "nudge ambient"

        /// Reads the bus on a thread of its own until the pipeline ends or closes: a loop's end
        /// starts it again, an error is said through `failed` once.
        func watch(failed: @escaping @Sendable (String) -> Void) {
            // The thread's own references: `close` may let go of the player's while it reads.
            _ = gst.objectRef(bus)
            _ = gst.objectRef(pipeline)
            let ended = DispatchSemaphore(value: 0)
            watcherEnded = ended
            let thread = Thread { [self] in
                nudge_name_this_thread(Self.watcherName)
                defer {
                    gst.objectUnref(bus)
                    gst.objectUnref(pipeline)
                    ended.signal()
                }
                let wanted =
                    GST_MESSAGE_ERROR.rawValue | GST_MESSAGE_EOS.rawValue | GST_MESSAGE_SEGMENT_DONE.rawValue
                    | GST_MESSAGE_APPLICATION.rawValue
                while let message = gst.busTimedPopFiltered(bus, GstClockTime.max, GstMessageType(rawValue: wanted)) {
                    defer { gst.messageUnref(message) }
                    switch message.pointee.type {
                    case GST_MESSAGE_SEGMENT_DONE:
                        seek(flushing: false)
                    case GST_MESSAGE_ERROR:
                        var error: UnsafeMutablePointer<GError>?
                        gst.messageParseError(message, &error, nil)
                        failed(error.map { String(cString: $0.pointee.message) } ?? "an error")
                        if let error { g_error_free(error) }
                        return
                    case GST_MESSAGE_EOS:
                        failed("it ended")
                        return
                    default:
                        return
                    }
                }
            }
            thread.start()
        }

        /// Ends the bus's thread, stops the sound and lets the pipeline go. The message that
        /// ends the thread goes first: a pipeline going to NULL sets its bus flushing, and a
        /// flushing bus drops what is posted, which left the thread waiting for good. A thread
        /// busy for 2 s (a seek held by a stalled device) is told again once the pipeline is
        /// down, and ends on its own references: the player's thread never waits longer.
        func close() {
            let endWatcher = { [gst, bus] in
                gst.busPost(bus, gst.messageNewApplication(nil, gst.structureNewEmpty("nudge-close")))
            }
            let ended =
                watcherEnded.map {
                    _ = endWatcher()
                    return $0.wait(timeout: .now() + 2) == .success
                } ?? true
            _ = gst.setState(pipeline, GST_STATE_NULL)
            if !ended {
                gst.busSetFlushing(bus, 0)
                _ = endWatcher()
            }
            gst.objectUnref(bus)
            gst.objectUnref(level)
            gst.objectUnref(pipeline)
        }

        private func hasElement(_ name: String, in binName: String) -> Bool {
            let bin = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self)
            guard let child = gst.binGetByName(bin, binName) else { return false }
            defer { gst.objectUnref(child) }
            guard
                let found = gst.binGetByName(
                    UnsafeMutableRawPointer(child).assumingMemoryBound(to: GstBin.self), name)
            else { return false }
            gst.objectUnref(found)
            return true
        }

        private func seek(flushing: Bool) {
            let flags = GST_SEEK_FLAG_SEGMENT.rawValue | (flushing ? GST_SEEK_FLAG_FLUSH.rawValue : 0)
            _ = gst.seek(
                pipeline, 1.0, GST_FORMAT_TIME, GstSeekFlags(rawValue: flags), GST_SEEK_TYPE_SET, 0,
                GST_SEEK_TYPE_NONE, -1)
        }

        private func set(_ element: UnsafeMutablePointer<GstElement>, _ property: String, _ value: String) {
            gst.setObjectArg(
                UnsafeMutableRawPointer(element).assumingMemoryBound(to: GObject.self), property, value)
        }
    }
}

struct AmbientProblem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension AmbientSound {
    var isFile: Bool {
        if case .file = self { return true }
        return false
    }
}
