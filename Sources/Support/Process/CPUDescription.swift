/// The processor a figure was measured on: its model and the SIMD extensions it has (what a
/// vectorized path can use), from `/proc/cpuinfo` (`make bench` prints it in its header and
/// results, so every ratio says where it was measured).
public struct CPUDescription: Sendable, Equatable {
    public var model: String
    /// The extensions among `CPUDescription.simdFlags` the processor lists, in that order.
    public var simd: [String]

    /// The SIMD extensions reported, narrowest first (the names /proc/cpuinfo uses).
    public static let simdFlags = [
        "sse2", "ssse3", "sse4_1", "sse4_2", "avx", "avx2", "avx512f", "avx512bw", "avx512vl", "avx512vbmi", "sha_ni", "asimd", "sve",
        "sve2"
    ]

    public init(model: String, simd: [String]) {
        self.model = model
        self.simd = simd
    }

    /// Reads a /proc/cpuinfo text: the first `model name` (x86) or `Model` (Arm, after the
    /// processors) and the first processor's `flags` (x86) or `Features` (Arm).
    public init(cpuinfo text: String) {
        var model = "", flags: Set<Substring> = []
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = trimmed(line[..<colon])
            let value = trimmed(line[line.index(after: colon)...])
            switch key {
            case "model name", "Model": if model.isEmpty { model = value }
            case "flags", "Features": if flags.isEmpty { flags = Set(value.split(separator: " ")) }
            default: break
            }
        }
        self.init(model: model.isEmpty ? "unknown processor" : model, simd: Self.simdFlags.filter { flags.contains(Substring($0)) })
    }

    /// This machine's (an unreadable /proc/cpuinfo gives "unknown processor").
    public static func current() -> CPUDescription {
        let text = (try? InputFile.read("/proc/cpuinfo", maxBytes: 4 << 20)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return CPUDescription(cpuinfo: text)
    }

    /// "AMD EPYC (avx2, avx512f, …)".
    public var line: String { simd.isEmpty ? model : "\(model) (\(simd.joined(separator: ", ")))" }
}

/// `s` without its leading and trailing blanks and tabs.
private func trimmed(_ s: Substring) -> String {
    var s = s
    while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
    while let l = s.last, l == " " || l == "\t" { s.removeLast() }
    return String(s)
}
