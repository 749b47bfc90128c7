/// A scene whose layout depends on measured text. The driver that owns the real text engine
/// (pango in the renderer) injects its measurer; until then the scene uses a stand-in.
public protocol TextMeasuringScene: Scene {
    var textMeasurer: (any TextMeasurer)? { get set }
}
