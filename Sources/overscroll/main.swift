import CompareCommand
import Support
#if canImport(Glibc)
import Glibc
#endif

/// The `overscroll` command. A small front: `compare` runs here, linked only against the image
/// code (no SDL, pango, cairo or full Foundation), so comparing frames starts in a few
/// milliseconds; every other command is handed to `overscroll-app`, which holds the window, the
/// recorder and the rest: beside this binary in a build folder, in `../libexec/overscroll/` when
/// installed (`make install`, the Debian package).
StandardStreams.prepare()
let arguments = ProcessArguments.afterName

if arguments.first == "compare" {
    exit(StandardStreams.finish(CompareCommandLine.main(Array(arguments.dropFirst())), command: "overscroll compare"))
}

/// The folder of this executable (from /proc/self/exe, falling back to argv[0]).
func executableDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let path = n > 0 ? String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ProcessArguments.all[0]
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return String(path[..<slash])
}

let directory = executableDirectory()
let candidates: [String] = [directory + "/overscroll-app", directory + "/../libexec/overscroll/overscroll-app"]
let app = candidates.first { access($0, X_OK) == 0 } ?? candidates[0]
var argv: [UnsafeMutablePointer<CChar>?] = (["overscroll"] + arguments).map { strdup($0) } + [nil]
execv(app, &argv)
StandardStreams.error(
    "overscroll: cannot start \(app): \(String(cString: strerror(errno))) (build it with `make build`, or `swift build --product"
        + " overscroll-app`)\n")
exit(127)
