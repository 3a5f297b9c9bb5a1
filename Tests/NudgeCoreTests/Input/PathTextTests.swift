import NudgeCore
import Testing

/// A path's directory as `dirname` gives it (Foundation's own trapped on `b`).
struct PathTextTests {
    @Test(arguments: [
        ("b", ""), ("b/", ""), ("bb", ""), ("/b", "/"), ("/", "/"), ("k/b", "k"), ("/tmp/x/b", "/tmp/x"),
        ("/tmp/x/", "/tmp"), ("./c", "."), ("", ""),
    ])
    func theDirectoryOfAPath(path: String, directory: String) {
        #expect(PathText.directory(of: path) == directory)
    }
}
