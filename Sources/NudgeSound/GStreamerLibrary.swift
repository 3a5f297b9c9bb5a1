import CGStreamer
import Glibc

/// The GStreamer functions an ambient sound uses, found in libgstreamer when the first ambient
/// sound (or a check of a sound file) needs them. Linked at start, the library and the five it
/// needs (libdw, libelf, libunwind, liblzma, libbz2) were 0.7 MB of a daemon at rest that most
/// days plays no ambient sound.
struct GStreamerLibrary: @unchecked Sendable {
    typealias ErrorOut = UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
    typealias Element = UnsafeMutablePointer<GstElement>?
    typealias Bus = UnsafeMutablePointer<GstBus>?
    typealias Message = UnsafeMutablePointer<GstMessage>?

    let initCheck:
        @convention(c) (
            UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?,
            ErrorOut
        ) -> gboolean
    let parseLaunch: @convention(c) (UnsafePointer<CChar>?, ErrorOut) -> Element
    let filenameToURI: @convention(c) (UnsafePointer<CChar>?, ErrorOut) -> UnsafeMutablePointer<CChar>?
    let binGetByName: @convention(c) (UnsafeMutablePointer<GstBin>?, UnsafePointer<CChar>?) -> Element
    let objectRef: @convention(c) (gpointer?) -> gpointer?
    let objectUnref: @convention(c) (gpointer?) -> Void
    let setObjectArg:
        @convention(c) (UnsafeMutablePointer<GObject>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Void
    let setState: @convention(c) (Element, GstState) -> GstStateChangeReturn
    let getState:
        @convention(c) (Element, UnsafeMutablePointer<GstState>?, UnsafeMutablePointer<GstState>?, GstClockTime) ->
            GstStateChangeReturn
    let seek:
        @convention(c) (Element, gdouble, GstFormat, GstSeekFlags, GstSeekType, Int64, GstSeekType, Int64) -> gboolean
    let getBus: @convention(c) (Element) -> Bus
    let busPost: @convention(c) (Bus, Message) -> gboolean
    let busTimedPopFiltered: @convention(c) (Bus, GstClockTime, GstMessageType) -> Message
    let busSetFlushing: @convention(c) (Bus, gboolean) -> Void
    let structureNewEmpty: @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutablePointer<GstStructure>?
    let messageNewApplication:
        @convention(c) (UnsafeMutablePointer<GstObject>?, UnsafeMutablePointer<GstStructure>?) -> Message
    let messageParseError:
        @convention(c) (Message, ErrorOut, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Void
    let messageUnref: @convention(c) (Message) -> Void

    /// Loads the library once per process; the reason (for the person: what to install) if it
    /// or one of its functions cannot be found.
    static let loaded: Result<GStreamerLibrary, AmbientProblem> = {
        let loaded: LoadedLibrary
        switch LoadedLibrary.open(
            "libgstreamer-1.0.so.0",
            names: [
                "gst_init_check", "gst_parse_launch", "gst_filename_to_uri", "gst_bin_get_by_name", "gst_object_ref",
                "gst_object_unref", "gst_util_set_object_arg", "gst_element_set_state", "gst_element_get_state",
                "gst_element_seek", "gst_element_get_bus", "gst_bus_post", "gst_bus_timed_pop_filtered",
                "gst_bus_set_flushing", "gst_structure_new_empty", "gst_message_new_application",
                "gst_message_parse_error", "gst_message_unref",
            ])
        {
        case .success(let library): loaded = library
        case .failure(let failure):
            return .failure(AmbientProblem("\(failure.reason); install GStreamer 1.x (libgstreamer1.0-0)"))
        }
        func find<Function>(_ name: String) -> Function { loaded.function(name) }
        let library = GStreamerLibrary(
            initCheck: find("gst_init_check"), parseLaunch: find("gst_parse_launch"),
            filenameToURI: find("gst_filename_to_uri"), binGetByName: find("gst_bin_get_by_name"),
            objectRef: find("gst_object_ref"), objectUnref: find("gst_object_unref"),
            setObjectArg: find("gst_util_set_object_arg"), setState: find("gst_element_set_state"),
            getState: find("gst_element_get_state"), seek: find("gst_element_seek"),
            getBus: find("gst_element_get_bus"), busPost: find("gst_bus_post"),
            busTimedPopFiltered: find("gst_bus_timed_pop_filtered"), busSetFlushing: find("gst_bus_set_flushing"),
            structureNewEmpty: find("gst_structure_new_empty"),
            messageNewApplication: find("gst_message_new_application"),
            messageParseError: find("gst_message_parse_error"), messageUnref: find("gst_message_unref"))
        return .success(library)
    }()
}
