import Foundation
import Rendering
import ScrollCore

/// Renders display lists (plots, contact sheets) to PNG files, atomically.
@MainActor
public enum PlotWriter {
    /// Pixels per point of written pictures.
    public static let scale = 2.0
    static let renderer = CairoRenderer()

    public static func write(_ plot: LinePlot, to url: URL) throws {
        try write(plot.frame(), to: url)
    }

    public static func write(_ frame: FrameModel, to url: URL, scale: Double = PlotWriter.scale) throws {
        let surface = ImageSurface(width: Int(frame.size.width * scale), height: Int(frame.size.height * scale))
        renderer.render(frame, into: surface.context, scale: scale)
        try surface.snapshot().writePNG(to: url.path, encoder: .compact)
    }
}
