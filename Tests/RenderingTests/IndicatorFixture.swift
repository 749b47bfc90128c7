import Foundation
import Rendering
import ScrollEngine

/// Renders one indicator frame on a small white canvas at 2x, as the goldens hold it.
enum IndicatorFixture {
    static let canvas = Size(60, 60)
    static let center = Point(30, 30)
    static let scale = 2.0

    static func render(
        _ indicator: RefreshIndicator, _ phase: IndicatorPhase, at t: Double,
        lottie: LottieIndicatorRenderer? = nil
    ) throws -> ImageSurface {
        let image = try ImageSurface(width: Int(canvas.width * scale), height: Int(canvas.height * scale))
        let frame = FrameModel(
            size: canvas, background: .white,
            commands: indicator.commands(phase, center: center, at: t))
        CairoRenderer(lottie: lottie).render(frame, into: image.context, scale: scale)
        return image
    }

    /// The project's own animation, `Assets/refresh.json`, found from this file.
    static var refreshAnimationPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/refresh.json").path
    }
}
