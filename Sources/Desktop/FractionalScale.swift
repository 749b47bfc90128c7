/// wp_fractional_scale_v1's arithmetic: the compositor sends its preferred scale × 120; a buffer
/// for a surface of `units` surface-local units at that scale is `units × scale / 120` pixels,
/// rounded half away from zero (the protocol's rule), shown at the surface's size by wp_viewport.
enum FractionalScale {
    /// Pixels for `units` surface-local units at `scale120` / 120.
    static func pixels(_ units: Int, scale120: UInt32) -> Int {
        Int((Double(units) * Double(scale120) / 120).rounded(.toNearestOrAwayFromZero))
    }

    /// The scale itself (1.5 for 180).
    static func scale(_ scale120: UInt32) -> Double { Double(scale120) / 120 }
}
