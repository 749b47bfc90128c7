import CDeflate
import Support

/// The instruction set the comparison's scan runs on (CDeflate's `pixel_scan.h`): every target
/// counts the same pixels and draws the same diff; `scalar` is the reference.
public enum PixelmatchVectorPath: Int32, Sendable, CaseIterable, CustomStringConvertible {
    case scalar = 0
    /// Eight pixels a step (x86-64 with AVX2).
    case avx2 = 1
    /// Sixteen pixels a step (x86-64 with AVX-512 F, BW and VL).
    case avx512 = 2

    public var description: String {
        switch self {
        case .scalar: "scalar"
        case .avx2: "avx2"
        case .avx512: "avx512"
        }
    }

    /// The widest target this CPU runs.
    public static let native = PixelmatchVectorPath(rawValue: Int32(overscroll_pm_best_target())) ?? .scalar

    /// The targets this CPU runs, narrowest first.
    public static var available: [PixelmatchVectorPath] { allCases.filter { $0.rawValue <= native.rawValue } }

    /// The target used when the options name none: `native`, or `OVERSCROLL_SIMD=scalar|avx2|avx512`
    /// when set (a target wider than `native` runs `native`; another value is ignored).
    public static let selected: PixelmatchVectorPath = {
        guard let name = Platform.environment["OVERSCROLL_SIMD"], let path = named(name) else { return native }
        return path.rawValue <= native.rawValue ? path : native
    }()

    /// The target called `name` (`description`), if any.
    public static func named(_ name: String) -> PixelmatchVectorPath? {
        allCases.first { $0.description == name.lowercased() }
    }

    /// This target, or `native` where the CPU cannot run it.
    var runnable: PixelmatchVectorPath { rawValue <= Self.native.rawValue ? self : Self.native }
}
