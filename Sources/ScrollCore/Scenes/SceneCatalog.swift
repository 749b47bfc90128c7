/// The app's scenes by name, and the keys 1–6 that switch between them (every scene has one).
public enum SceneCatalog {
    /// Scene names in key order (key 1 is the first).
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
        n >= 1 && n <= min(9, names.count) ? names[n - 1] : nil
    }

    /// The key (1-based) that opens scene `name`.
    public static func key(for name: String) -> Int? {
        names.firstIndex(of: name).map { $0 + 1 }
    }

    /// The window's title while scene `name` shows.
    public static func windowTitle(for name: String) -> String {
        key(for: name).map { "Overscroll — \(name) (\($0))" } ?? "Overscroll — \(name)"
    }

    /// The keys, as the debug overlay lists them: scenes two or three to a line, then the others.
    public static var keyLines: [String] {
        let scenes = names.enumerated().map { "\($0.offset + 1) \($0.element)" }
        var lines: [String] = []
        var i = 0
        while i < scenes.count {
            let n = i == 0 ? 2 : 3
            lines.append(scenes[i..<min(i + n, scenes.count)].joined(separator: " · "))
            i += n
        }
        return lines + ["D overlay · F5 refresh · Esc cancel · Q quit"]
    }
}
