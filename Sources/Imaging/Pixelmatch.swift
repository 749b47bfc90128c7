/// A perceptual image comparison compatible with pixelmatch v7.2.0.
///
/// Per pixel: the squared YIQ distance between the two colours (semi-transparent pixels are
/// composited over a position-dependent background, as pixelmatch v7 does) is compared with
/// `35215 × threshold²` (35215 being the largest possible distance). A pixel over the limit is
/// anti-aliasing, and not counted unless `includeAA`, when in either image it has at most two
/// equal neighbours, both darker and brighter neighbours, and its darkest or brightest
/// neighbour has three or more equal neighbours in both images.
///
/// The diff image starts fully transparent; like pixelmatch it then gets differing pixels in
/// `diffColor` (`diffColorAlt` where the actual image is darker), anti-aliased pixels in
/// `aaColor`, and the other pixels as the expected image's luma blended with white at `alpha`
/// (values truncated to integers). With `diffMask`, only differing pixels are drawn.
public enum Pixelmatch {
    /// The largest possible value of the YIQ distance metric.
    public static let maxYIQDelta = 35215.0

    /// Outcome of one comparison.
    public struct Result: Sendable {
        /// Pixels counted as different.
        public var differing: Int
        /// The diff image, when requested.
        public var diff: RGBAImage?
    }

    /// Compares two images of equal size.
    ///
    /// - Parameters:
    ///   - makeDiff: also produce the diff image.
    ///   - threads: bands of rows compared concurrently (1 = on the calling thread). The result
    ///     does not depend on it.
    /// - Throws: `ImagingError.sizeMismatch` when the sizes differ.
    public static func compare(
        _ expected: RGBAImage, _ actual: RGBAImage, options: PixelmatchOptions = .init(),
        makeDiff: Bool = false, threads: Int = 1,
        names: (expected: String, actual: String) = ("expected", "actual")
    ) throws -> Result {
        try compare(
            expected, actual, options: options, makeDiff: makeDiff, threads: threads, names: names,
            differingRows: nil)
    }

    /// `compare` told which rows differ (`differingRows`, nil: not known): the other rows are
    /// equal in both images and are not read, except the expected image's for the diff's
    /// background; rows more than two away from a differing row are not read at all.
    static func compare(
        _ expected: RGBAImage, _ actual: RGBAImage, options: PixelmatchOptions, makeDiff: Bool,
        threads: Int, names: (expected: String, actual: String),
        differingRows: [Bool]?
    ) throws -> Result {
        guard expected.width == actual.width, expected.height == actual.height else {
            throw ImagingError.sizeMismatch(
                expected: names.expected, expectedSize: (expected.width, expected.height),
                actual: names.actual, actualSize: (actual.width, actual.height))
        }
        // With a background every pixel of the diff is drawn, so its memory need not be cleared.
        var output =
            !makeDiff
            ? []
            : options.diffMask
                ? [UInt8](repeating: 0, count: expected.pixels.count)
                : [UInt8](unsafeUninitializedCapacity: expected.pixels.count) { buffer, count in
                    HugePageAdvice.advise(buffer.baseAddress!, count: buffer.count)
                    count = expected.pixels.count
                }
        let differing = expected.pixels.withUnsafeBufferPointer { first in
            actual.pixels.withUnsafeBufferPointer { second in
                output.withUnsafeMutableBufferPointer { diff in
                    let kernel = PixelmatchKernel(
                        first: first.baseAddress, second: second.baseAddress,
                        output: makeDiff ? diff.baseAddress : nil,
                        width: expected.width, height: expected.height, options: options,
                        differingRows: differingRows)
                    return kernel.run(threads: threads)
                }
            }
        }
        return Result(
            differing: differing,
            diff: makeDiff ? RGBAImage(width: expected.width, height: expected.height, pixels: output) : nil)
    }

    /// `compare` making the diff image (with its background: not `diffMask`) over `expected`'s
    /// own pixels, which takes no new image memory: `expected` is left empty (no pixels) and its
    /// buffer comes back as the diff. The diff is the one `compare` makes, pixel for pixel.
    /// `expected`'s pixels must not be shared, or they are copied first.
    static func compare(
        drawingOver expected: inout RGBAImage, _ actual: RGBAImage, options: PixelmatchOptions,
        threads: Int, names: (expected: String, actual: String), differingRows: [Bool]?
    ) throws -> Result {
        precondition(!options.diffMask, "a diff mask starts transparent: it cannot be drawn over the image")
        guard expected.width == actual.width, expected.height == actual.height else {
            throw ImagingError.sizeMismatch(
                expected: names.expected, expectedSize: (expected.width, expected.height),
                actual: names.actual, actualSize: (actual.width, actual.height))
        }
        var pixels: [UInt8] = []
        swap(&pixels, &expected.pixels)
        if pixels.isEmpty { return Result(differing: 0, diff: RGBAImage(width: expected.width, height: expected.height, pixels: pixels)) }
        let differing = pixels.withUnsafeMutableBufferPointer { diff in
            actual.pixels.withUnsafeBufferPointer { second in
                let kernel = PixelmatchKernel(
                    first: UnsafePointer(diff.baseAddress), second: second.baseAddress, output: diff.baseAddress,
                    width: expected.width, height: expected.height, options: options,
                    differingRows: differingRows, drawsOverFirst: true)
                return kernel.run(threads: threads)
            }
        }
        return Result(differing: differing, diff: RGBAImage(width: expected.width, height: expected.height, pixels: pixels))
    }
}
