import CCairo
import Foundation
import Rendering
import Testing

/// Golden PNGs under `Goldens/`: compared with a tolerance, or (re)written when the environment
/// has `OVERSCROLL_UPDATE_GOLDENS=1`.
enum GoldenImage {
    static let updateKey = "OVERSCROLL_UPDATE_GOLDENS"
    /// Per-channel difference (0…255) below which pixels count as equal (anti-aliasing noise).
    static let channelTolerance = 8
    /// Pixels allowed to differ beyond the tolerance.
    static let maxDifferingPixels = 12

    static var updating: Bool { ProcessInfo.processInfo.environment[updateKey] == "1" }

    /// The source folder of the goldens (written to when updating).
    static var sourceFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    }

    static func check(_ image: ImageSurface, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = name + ".png"
        if updating {
            cairo_surface_flush(image.surface)
            let status = cairo_surface_write_to_png(image.surface, sourceFolder.appendingPathComponent(file).path)
            #expect(status == CAIRO_STATUS_SUCCESS, "writing \(file)", sourceLocation: sourceLocation)
            return
        }
        guard let url = Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Goldens") else {
            Issue.record("missing golden \(file); run with \(updateKey)=1", sourceLocation: sourceLocation)
            return
        }
        guard let png = cairo_image_surface_create_from_png(url.path),
              cairo_surface_status(png) == CAIRO_STATUS_SUCCESS else {
            Issue.record("unreadable golden \(file)", sourceLocation: sourceLocation)
            return
        }
        defer { cairo_surface_destroy(png) }
        // cairo loads an opaque PNG as RGB24: paint it into ARGB32 to compare like with like.
        let golden = try ImageSurface(width: Int(cairo_image_surface_get_width(png)), height: Int(cairo_image_surface_get_height(png)))
        cairo_set_source_surface(golden.context, png, 0, 0)
        cairo_set_operator(golden.context, CAIRO_OPERATOR_SOURCE)
        cairo_paint(golden.context)
        let cmp = withExtendedLifetime(golden) { PixelComparison(image, golden.surface, channelTolerance: channelTolerance) }
        #expect(!cmp.sizeMismatch, "\(file): size or format differs", sourceLocation: sourceLocation)
        #expect(cmp.differingPixels <= maxDifferingPixels,
                "\(file): \(cmp.differingPixels) pixels differ (largest channel delta \(cmp.largestChannelDelta))",
                sourceLocation: sourceLocation)
    }
}
