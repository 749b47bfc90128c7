#if canImport(Glibc)
import Glibc
#endif
import CCairo
import Rendering
import ScrollEngine

/// Shows display lists through a `FramePresenter`, repainting and presenting only what changed:
/// the dirty rects between the list on screen and the next (`DirtyRegion`) are repainted into
/// the kept frame (clipped, `CairoRenderer.render(_:into:scale:region:)`), and presented only
/// when their pixels changed. While something moves (`atRest` false), a frame that looks the
/// same as the one on screen up to a quarter pixel (`VisualEquivalence`) is skipped, so a slow
/// animation is repainted only every few frames; a frame at rest is always drawn exactly.
@MainActor
final class DirtyPresenter {
    let presenter: FramePresenter
    /// The display list the kept frame holds (nil: nothing valid, the next frame is drawn whole).
    private(set) var shown: FrameModel?
    /// The region repainted and presented by the last `show` (for tests and logs).
    private(set) var lastRegion: [PixelRect] = []
    /// Regions at most this fraction of the frame are compared with what they replace; larger
    /// ones (scrolling) are presented without comparing.
    var compareFraction = 0.25
    /// Repaint and present every frame whole (`OVERSCROLL_DIRTY_RECTS=0`, for comparison).
    var wholeFrames = false
    private var saved: [UInt8] = []
    /// Move the pixels of a scroll by whole device pixels instead of repainting them
    /// (`OVERSCROLL_SCROLL_COPY=0` turns it off, for comparison).
    var scrollCopy = true
    /// Frames brought up to date by moving pixels (`ScrollShift`), for tests and logs.
    private(set) var scrollCopies = 0

    init(presenter: FramePresenter) {
        self.presenter = presenter
    }

    /// Forgets the kept frame (exposed, resized): the next frame is drawn and presented whole.
    func invalidate() { shown = nil }

    /// Brings the kept frame to `frame`; returns true when something was presented.
    func show(_ frame: FrameModel, renderer: CairoRenderer, scale: Double, atRest: Bool = true) -> Bool {
        if frame == shown { return false }
        guard let cr = presenter.context, presenter.width > 0, presenter.height > 0 else { return false }
        if !atRest, !wholeFrames, let shown, VisualEquivalence.looksSame(shown, frame, scale: scale) { return false }
        let canvas = PixelRect(x: 0, y: 0, width: presenter.width, height: presenter.height)
        // Scrolled by whole device pixels: move the pixels that moved, repaint the strip that came
        // into view and the fixed elements over the moved pixels (`ScrollShift`).
        if !wholeFrames, scrollCopy, let shift = ScrollShift.between(shown, frame, scale: scale, canvas: canvas),
            renderer.render(frame, into: cr, scale: scale, shift: shift)
        {
            shown = frame
            scrollCopies += 1
            cairo_surface_flush(cairo_get_target(cr))
            lastRegion = [shift.copy] + shift.repaint
            presenter.present(lastRegion)
            return true
        }
        let region = wholeFrames ? [canvas] : DirtyRegion.between(shown, frame, scale: scale, canvas: canvas)
        let compare = !wholeFrames && shown != nil && region.reduce(0) { $0 + $1.area } <= Int(Double(canvas.area) * compareFraction)
        shown = frame
        lastRegion = []
        if region.isEmpty { return false }
        if compare { save(region) }
        renderer.render(frame, into: cr, scale: scale, region: region)
        cairo_surface_flush(cairo_get_target(cr))
        if compare && unchanged(region) { return false }
        lastRegion = region
        presenter.present(region)
        return true
    }

    /// Copies the region's pixels out (before repainting).
    private func save(_ region: [PixelRect]) {
        guard let base = presenter.pixels else { return }
        let stride = presenter.stride
        saved.removeAll(keepingCapacity: true)
        for r in region {
            for y in r.y..<r.maxY {
                let row = UnsafeRawBufferPointer(start: base + y * stride + r.x * 4, count: r.width * 4)
                saved.append(contentsOf: row)
            }
        }
    }

    /// True when the repainted region equals what `save` copied.
    private func unchanged(_ region: [PixelRect]) -> Bool {
        guard let base = presenter.pixels else { return false }
        let stride = presenter.stride
        var offset = 0
        return saved.withUnsafeBytes { old in
            for r in region {
                let n = r.width * 4
                for y in r.y..<r.maxY {
                    guard offset + n <= old.count,
                        memcmp(old.baseAddress! + offset, base + y * stride + r.x * 4, n) == 0
                    else { return false }
                    offset += n
                }
            }
            return true
        }
    }
}
