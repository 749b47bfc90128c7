import Foundation
import Rendering
import ScrollEngine

/// Renders display lists (plots, contact sheets) to PNG files, atomically, with
/// `PNGEncoder.fast`: on the bench's recording (390×844 @2) the contact sheet is 760 KiB in
/// 12 ms instead of 815 KiB in 168 ms with `.compact` (zlib level 6, adaptive filters), the plot
/// 50 KiB in 2 ms instead of 48 KiB in 32 ms; both are written at the end of `record`, when
/// every millisecond is wall time.
@MainActor
public enum PlotWriter {
    /// Pixels per point of written pictures.
    public static let scale = 2.0
    static let renderer = CairoRenderer()

    public static func write(_ plot: LinePlot, to url: URL) throws {
        try write(plot.frame(), to: url)
    }

    /// Renders `frame`, then paints `images` over it, each filling its rect (points).
    public static func write(
        _ frame: FrameModel, images: [(PixelBuffer, Rect)] = [], to url: URL,
        scale: Double = PlotWriter.scale
    ) throws {
        let surface = try ImageSurface(width: Int(frame.size.width * scale), height: Int(frame.size.height * scale))
        renderer.render(frame, into: surface.context, scale: scale)
        for (image, rect) in images {
            ImagePainter.paint(
                image, into: surface.context,
                rect: Rect(x: rect.x * scale, y: rect.y * scale, width: rect.width * scale, height: rect.height * scale))
        }
        try surface.snapshot().writePNG(to: url.path, encoder: .fast)
    }
}
