/// The app's scenes by name, and the keys 1–5 that switch between them.
public enum SceneCatalog {
    /// Scene names in key order (key 1 is the first), then scenes reachable by name only.
    public static let names: [String] = ["coordinator", "refreshable", "title", "pager", "header", "list"]

    /// The scene `overscroll run` opens.
    public static var defaultScene: String { make("coordinator", context: SceneContext(options: SceneOptions())) != nil ? "coordinator" : "list" }

    /// Names of the scenes that can be built.
    public static var available: [String] { names.filter { make($0, context: SceneContext(options: SceneOptions())) != nil } }

    public static func make(_ name: String, context: SceneContext) -> (any Scene)? {
        switch name {
        case "list": return ListScene(context: context)
        case "coordinator": return CoordinatorScene(context: context)
        case "refreshable": return RefreshableScene(context: context)
        case "title": return TitleScene(options: context.options, measurer: context.textMeasurer)
        case "pager": return PagerScene(options: context.options)
        case "header": return HeaderScene(options: context.options)
        default: return nil
        }
    }

    /// The scene that key `n` (1-based) opens.
    public static func name(forKey n: Int) -> String? {
        n >= 1 && n <= min(5, names.count) ? names[n - 1] : nil
    }
}
