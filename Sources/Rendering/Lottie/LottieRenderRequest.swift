import ScrollEngine

/// One frame to render: which frame, at what pixel size, with which tint.
struct LottieRenderRequest: Hashable, Sendable {
    var frame: Int
    var pixelWidth: Int
    var pixelHeight: Int
    var tint: TintKey?
}

/// A tint as comparable bytes (`Color` is not `Hashable`).
struct TintKey: Hashable, Sendable {
    var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    init(_ c: Color) {
        func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        r = byte(c.r); g = byte(c.g); b = byte(c.b); a = byte(c.a)
    }
}
