import Imaging
import Rendering
import ScrollEngine

/// Paints a snapshot's mask regions one fixed colour (opaque magenta) on both images before
/// they are compared, so what is under them never counts.
package enum SnapshotMask {
    /// Pixel rectangle of `rect` (points) at `scale`, or nil when it is not wholly inside a
    /// `width`×`height` pixel frame.
    package static func pixelRect(_ rect: Rect, scale: Double, width: Int, height: Int) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        let x0 = Int((rect.x * scale).rounded(.down)), y0 = Int((rect.y * scale).rounded(.down))
        let x1 = Int((rect.maxX * scale).rounded(.up)), y1 = Int((rect.maxY * scale).rounded(.up))
        guard x0 >= 0, y0 >= 0, x1 <= width, y1 <= height, x0 <= x1, y0 <= y1 else { return nil }
        return (x0, y0, x1, y1)
    }

    /// Checks every region against the frame: an error naming the field when one is outside.
    package static func check(_ snapshot: Snapshot, scale: Double, width: Int, height: Int) throws(ScenarioError) {
        for (i, r) in snapshot.mask.enumerated() where pixelRect(r, scale: scale, width: width, height: height) == nil {
            throw ScenarioError(
                field: "\(snapshot.field).mask[\(i)]",
                reason: "[\(fmt(r.x)), \(fmt(r.y)), \(fmt(r.width)), \(fmt(r.height))] lies outside the"
                    + " \(fmt(Double(width) / scale))×\(fmt(Double(height) / scale)) frame")
        }
    }

    /// Paints the regions into cairo ARGB32 pixels (B, G, R, A in memory on little-endian).
    package static func paint(_ snapshot: Snapshot, scale: Double, into pixels: inout PixelBuffer) {
        for r in snapshot.mask {
            guard let p = pixelRect(r, scale: scale, width: pixels.width, height: pixels.height) else { continue }
            for y in p.y0..<p.y1 {
                var o = y * pixels.stride + p.x0 * 4
                for _ in p.x0..<p.x1 {
                    pixels.bytes[o] = 0xFF; pixels.bytes[o + 1] = 0; pixels.bytes[o + 2] = 0xFF; pixels.bytes[o + 3] = 0xFF
                    o += 4
                }
            }
        }
    }

    /// Paints the regions into an RGBA image (a decoded golden).
    package static func paint(_ snapshot: Snapshot, scale: Double, into image: inout RGBAImage) {
        for r in snapshot.mask {
            guard let p = pixelRect(r, scale: scale, width: image.width, height: image.height) else { continue }
            for y in p.y0..<p.y1 { for x in p.x0..<p.x1 { image.setPixel(x: x, y: y, 0xFF, 0, 0xFF, 0xFF) } }
        }
    }

    package static func fmt(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : "\(v)" }
}
