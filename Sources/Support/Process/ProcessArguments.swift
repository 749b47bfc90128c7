#if canImport(Glibc)
import Glibc
#endif

/// The command line this process was started with, read from the kernel's copy
/// (`/proc/self/cmdline`), so no library that runs before `main` can take it away.
///
/// Swift's `CommandLine.arguments` can come back empty when a shared library calls `setenv`
/// while it is loaded: sdl2-compat (SDL2 over SDL3, the SDL2 of Fedora, Arch and Debian's next
/// release) does that with `SDL_VIDEODRIVER` set, and every command then ran as a bare `run`.
/// The kernel's copy is what `execve` was given, whatever happened to the environment since.
public enum ProcessArguments {
    /// Every argument, the program's name first; `CommandLine.arguments` only if the kernel's
    /// copy cannot be read (no /proc).
    public static let all: [String] = fromKernel() ?? CommandLine.arguments

    /// The arguments after the program's name.
    public static var afterName: [String] { Array(all.dropFirst()) }

    /// Splits the kernel's NUL-terminated list; nil when /proc/self/cmdline cannot be read.
    static func fromKernel() -> [String]? {
        let fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue } else { return nil } }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return split(bytes)
    }

    /// The arguments of a NUL-terminated list (an empty argument stays an empty string).
    static func split(_ bytes: [UInt8]) -> [String]? {
        guard !bytes.isEmpty else { return nil }
        var list = bytes
        if list.last == 0 { list.removeLast() }
        return list.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }
}
