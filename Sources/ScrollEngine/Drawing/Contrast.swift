import Foundation

/// WCAG 2 contrast: relative luminance, the contrast ratio of two colours, and compositing. The
/// plot picks its lane colours with it; the scene tests audit every frame with it
/// (`Tests/ScenesTests/ContrastAudit.swift`).
public enum Contrast {
    /// Relative luminance of an opaque sRGB colour (WCAG 2).
    public static func luminance(_ c: Color) -> Double {
        func ch(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        return 0.2126 * ch(c.r) + 0.7152 * ch(c.g) + 0.0722 * ch(c.b)
    }

    /// Contrast ratio (1…21) of two opaque colours.
    public static func ratio(_ a: Color, _ b: Color) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// `top` (with its alpha times `opacity`) composited over opaque `bottom`.
    public static func over(_ top: Color, _ bottom: Color, opacity: Double = 1) -> Color {
        let a = min(max(top.a * opacity, 0), 1)
        return Color(r: top.r * a + bottom.r * (1 - a), g: top.g * a + bottom.g * (1 - a), b: top.b * a + bottom.b * (1 - a))
    }
}
