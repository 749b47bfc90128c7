/// One pass of a PNG image's pixel layout: the whole image when not interlaced, or one of the
/// seven Adam7 sub-images.
///
/// A pass pixel at column `i`, row `j` lands on image pixel
/// `(originX + i × stepX, originY + j × stepY)`; all numbers are in pixels.
struct Adam7Pass: Sendable, Equatable {
    let originX: Int
    let originY: Int
    let stepX: Int
    let stepY: Int
    /// Pass width and height in pixels for the image it was made for (0 when the pass is empty).
    let width: Int
    let height: Int

    /// The passes of an image of `width × height` pixels: one pass when not interlaced, seven
    /// (some possibly empty) with Adam7.
    static func passes(width: Int, height: Int, interlaced: Bool) -> [Adam7Pass] {
        guard interlaced else {
            return [Adam7Pass(originX: 0, originY: 0, stepX: 1, stepY: 1, width: width, height: height)]
        }
        let layout = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        return layout.map { originX, originY, stepX, stepY in
            Adam7Pass(
                originX: originX, originY: originY, stepX: stepX, stepY: stepY,
                width: width > originX ? (width - originX + stepX - 1) / stepX : 0,
                height: height > originY ? (height - originY + stepY - 1) / stepY : 0)
        }
    }

    /// True when the pass holds no pixels (and so no bytes in the image data).
    var isEmpty: Bool { width == 0 || height == 0 }
}
