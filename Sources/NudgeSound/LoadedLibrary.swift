import Glibc

/// A system library opened when first needed, with every function nudge calls from it found
/// up front: one that lacks any of them is not used at all.
struct LoadedLibrary: @unchecked Sendable {
    private let handle: UnsafeMutableRawPointer
    private let symbols: [String: UnsafeMutableRawPointer]

    /// Opens `file` and finds each of `names`; else why not, in a sentence the caller ends with
    /// what to install.
    static func open(_ file: String, names: [String]) -> Result<LoadedLibrary, LoadFailure> {
        guard let handle = dlopen(file, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(LoadFailure(reason: dlerror().map { String(cString: $0) } ?? "\(file) cannot be loaded"))
        }
        var symbols: [String: UnsafeMutableRawPointer] = [:]
        for name in names { symbols[name] = dlsym(handle, name) }
        let missing = names.filter { symbols[$0] == nil }
        guard missing.isEmpty else {
            dlclose(handle)
            return .failure(LoadFailure(reason: "\(file) lacks \(missing.joined(separator: ", "))"))
        }
        return .success(LoadedLibrary(handle: handle, symbols: symbols))
    }

    /// The function `name`, one of the names it was opened with, as its C type.
    func function<Function>(_ name: String) -> Function {
        unsafeBitCast(symbols[name]!, to: Function.self)
    }

    /// Unloads the library (and those it loaded, unless something else holds them): no
    /// function found in it may be called after.
    func close() {
        dlclose(handle)
    }

    struct LoadFailure: Error {
        var reason: String
    }
}
