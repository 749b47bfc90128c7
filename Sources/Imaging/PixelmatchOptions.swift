/// Options of the pixelmatch-compatible comparison, with pixelmatch v7's defaults.
public struct PixelmatchOptions: Sendable, Equatable {
    /// Matching threshold, 0…1: the largest accepted YIQ distance as a fraction of the largest
    /// possible one (squared against 35215). Smaller is more sensitive. Default 0.1.
    public var threshold: Double = 0.1
    /// Count anti-aliased pixels as differences instead of marking them with `aaColor`.
    public var includeAA: Bool = false
    /// Opacity, 0…1, of the grayscale copy of the expected image drawn under the diff marks.
    public var alpha: Double = 0.1
    /// Colour of pixels classified as anti-aliasing in the diff image.
    public var aaColor = RGBColor(255, 255, 0)
    /// Colour of differing pixels (where the actual image is not darker) in the diff image.
    public var diffColor = RGBColor(255, 0, 0)
    /// Colour of differing pixels where the actual image is darker; `nil` uses `diffColor`.
    public var diffColorAlt: RGBColor?
    /// Draw only the differing pixels over a transparent background.
    public var diffMask: Bool = false
    /// The instruction set of the scan (`nil`: `PixelmatchVectorPath.selected`, the widest this
    /// CPU runs unless `OVERSCROLL_SIMD` names another); the result is the same on every one.
    public var vectorPath: PixelmatchVectorPath?

    public init(
        threshold: Double = 0.1, includeAA: Bool = false, alpha: Double = 0.1,
        aaColor: RGBColor = RGBColor(255, 255, 0), diffColor: RGBColor = RGBColor(255, 0, 0),
        diffColorAlt: RGBColor? = nil, diffMask: Bool = false
    ) {
        self.threshold = threshold
        self.includeAA = includeAA
        self.alpha = alpha
        self.aaColor = aaColor
        self.diffColor = diffColor
        self.diffColorAlt = diffColorAlt
        self.diffMask = diffMask
    }
}
