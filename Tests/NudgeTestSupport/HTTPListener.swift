import Foundation

/// An HTTP server on 127.0.0.1 (python3's http.server on a free port) that answers every POST
/// with 200 and keeps its body as one line of `received`: what a notification service would
/// have been sent. It ends with the test.
public final class HTTPListener: Sendable {
    public let port: Int
    private let process: Spawned
    private let bodies: String

    private static let script = """
        import http.server, sys
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get('Content-Length', 0)))
                with open(sys.argv[1], 'ab') as f:
                    f.write(body.replace(b'\\n', b' ') + b'\\n')
                self.send_response(200)
                self.end_headers()
            def log_message(self, *args):
                pass
        server = http.server.HTTPServer(('127.0.0.1', 0), Handler)
        print('listening on', server.server_address[1], file=sys.stderr, flush=True)
        server.serve_forever()
        """

    /// Starts it in `directory` and waits until it listens.
    public init(in directory: TemporaryDirectory) throws {
        bodies = directory.file("http-received")
        _ = FileManager.default.createFile(atPath: bodies, contents: nil)
        process = try Subprocess.spawn(
            "/usr/bin/python3", ["-c", Self.script, bodies], environment: ["PATH": "/usr/bin:/bin"],
            stderrPath: directory.file("http-listener.err"))
        guard process.waitForLog("listening on"),
            let port = process.stderr.firstMatch(of: /listening on (\d+)/).flatMap({ Int($0.1) })
        else { throw ListenerFailed(log: process.stderr) }
        self.port = port
    }

    /// The bodies received so far, in order.
    public var received: [String] {
        ((try? String(contentsOfFile: bodies, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Waits, woken by the file's events, until `count` bodies arrived.
    public func waitForBodies(_ count: Int, timeout: TimeInterval = 20) -> Bool {
        FileEvents.waitUntil(watching: [(bodies as NSString).deletingLastPathComponent], timeout: timeout) {
            received.count >= count
        }
    }

    struct ListenerFailed: Error, CustomStringConvertible {
        var log: String
        var description: String { "the HTTP listener did not start: \(log)" }
    }
}
