import Support

/// The result of a C library call that has no failure path of its own in our code (pango and
/// cairo objects that only fail when memory runs out). A NULL is reported as one line naming the
/// call, then the process ends with status 70 (EX_SOFTWARE) — never a bare trap.
@inline(__always)
func required<T>(_ value: T?, _ call: StaticString) -> T {
    if let value { return value }
    StandardStreams.error("overscroll: \(call) returned NULL (out of memory?)\n")
    exit70()
}

private func exit70() -> Never {
    #if canImport(Glibc)
    Glibc.exit(70)
    #else
    fatalError()
    #endif
}

#if canImport(Glibc)
import Glibc
#endif
