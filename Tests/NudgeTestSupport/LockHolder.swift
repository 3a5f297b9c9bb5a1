import Foundation

extension Subprocess {
    /// A process that holds an exclusive `flock` on `path` until it is killed, as a live nudge
    /// holds its temporary files; spawned with its stderr in `log`. Wait for `held` in its log
    /// before counting on the lock.
    public static func holdingLock(on path: String, log: String) throws -> Spawned {
        try spawn(
            "/usr/bin/python3",
            [
                "-c",
                "import fcntl, sys, time\nf = open(sys.argv[1], 'rb')\nfcntl.flock(f, fcntl.LOCK_EX)\nprint('held', file=sys.stderr, flush=True)\ntime.sleep(600)",
                path,
            ], environment: ["PATH": "/usr/bin:/bin"], stderrPath: log)
    }
}
