/// The app's scenes by name, and the keys 1–5 that switch between them.
public enum SceneCatalog {
    public typealias Factory = @Sendable (SceneOptions) -> any Scene

    /// Scene names in key order (key 1 is the first), then scenes reachable by name only.
    public static let names: [String] = ["coordinator", "refreshable", "title", "pager", "header", "list"]

    public static func make(_ name: String, options: SceneOptions) -> (any Scene)? {
        switch name {
        case "list": return ListScene(options: options)
        case "title": return TitleScene(options: options)
        case "pager": return PagerScene(options: options)
        case "header": return HeaderScene(options: options)
        default: return nil
        }
    }

    /// The scene that key `n` (1-based) opens.
    public static func name(forKey n: Int) -> String? {
        n >= 1 && n <= min(5, names.count) ? names[n - 1] : nil
    }
}
