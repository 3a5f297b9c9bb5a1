import CGio
import CNudgeLinux
import Foundation

/// A GLib main loop on a thread of its own, with its own main context.
///
/// libnotify and GDBus deliver signals only while a main loop runs, and every call on their
/// objects is made from this thread so no GLib object is touched from two threads.
public final class GLibThread: @unchecked Sendable {
    private let context: OpaquePointer
    private let loop: OpaquePointer
    private let started = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// The process's one thread that runs GLib's global default context, started at its first
    /// use and never stopped: what is attached to that context from a thread that runs none
    /// (GSettings' file monitors, made wherever the process first used GSettings) is dispatched
    /// here. Only one thread can acquire the default context, so every user shares this one
    /// and adds and removes its own handlers through it.
    public static let defaultContext = GLibThread(name: "nudge-glib", runsDefaultContext: true)

    /// A thread with a main context of its own.
    public convenience init(name: String) { self.init(name: name, runsDefaultContext: false) }

    private init(name: String, runsDefaultContext: Bool) {
        context = runsDefaultContext ? g_main_context_ref(g_main_context_default()) : g_main_context_new()
        loop = g_main_loop_new(context, 0)
        let handles = Handles(context: context, loop: loop)
        let thread = Thread { [handles, started, finished] in
            nudge_name_this_thread(name)
            g_main_context_push_thread_default(handles.context)
            started.signal()
            g_main_loop_run(handles.loop)
            // What is ready already runs before the context goes: a call its owner's connection
            // ended as it closed answers with an error, and its callback lets go of what it held.
            var ready = 0
            while ready < 1000, g_main_context_iteration(handles.context, 0) != 0 { ready += 1 }
            g_main_context_pop_thread_default(handles.context)
            g_main_loop_unref(handles.loop)
            g_main_context_unref(handles.context)
            finished.signal()
        }
        thread.start()
        started.wait()
    }

    /// Runs `body` on the GLib thread and waits for its result.
    public func perform<T>(_ body: @escaping () -> T) -> T {
        var result: T?
        let job = Job { result = body() }
        g_main_context_invoke(
            context,
            { pointer in
                // The job, with what its body holds, is let go before the caller goes on: a
                // deinit that performs work on this thread must not be outlived by a
                // reference to itself (Swift aborts on an object freed while retained).
                var job: Job? = Unmanaged<Job>.fromOpaque(pointer!).takeRetainedValue()
                job!.body()
                let done = job!.done
                job = nil
                done.signal()
                return 0  // G_SOURCE_REMOVE
            }, Unmanaged.passRetained(job).toOpaque())
        job.done.wait()
        return result!
    }

    /// Runs `body` on the GLib thread without waiting for it: for work that may wait on another
    /// process (a D-Bus call), which the caller must not wait behind.
    public func post(_ body: @escaping () -> Void) {
        g_main_context_invoke(
            context,
            { pointer in
                Unmanaged<Job>.fromOpaque(pointer!).takeRetainedValue().body()
                return 0  // G_SOURCE_REMOVE
            }, Unmanaged.passRetained(Job(body)).toOpaque())
    }

    /// Ends the loop; the thread lets go of its context and loop as it ends. Called on the
    /// thread itself (its owner's last reference let go in one of its callbacks), it returns at
    /// once and the loop ends when that callback returns: waiting would wait on itself.
    public func stop() {
        // Asked before the loop ends: the thread lets go of the context as it ends.
        let onItself = g_main_context_is_owner(context) != 0
        g_main_loop_quit(loop)
        guard !onItself else { return }
        finished.wait()
    }

    /// GLib's context and loop are thread-safe; Swift cannot know that.
    private struct Handles: @unchecked Sendable {
        let context: OpaquePointer
        let loop: OpaquePointer
    }

    private final class Job {
        let body: () -> Void
        let done = DispatchSemaphore(value: 0)
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}
