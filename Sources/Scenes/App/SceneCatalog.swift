import ScrollEngine

/// The app's scenes, in key order: the one list the window, the recorder, the command line and
/// the indicator set-up read (names, keys, the Lottie default, construction).
public enum SceneCatalog {
    public static let all: [SceneDescriptor] = [
        CoordinatorScene.descriptor, RefreshableScene.descriptor, TitleScene.descriptor,
        PagerScene.descriptor, HeaderScene.descriptor, ListScene.descriptor
    ]

    /// Scene names in key order (key 1 is the first).
    public static var names: [String] { all.map(\.name) }

    /// The scene `overscroll run` opens.
    public static let defaultScene = CoordinatorScene.descriptor.name

    public static func descriptor(named name: String) -> SceneDescriptor? {
        all.first { $0.name == name }
    }

    /// Whether the scene shows the bundled Lottie when no spinner is chosen (`IndicatorSetup`).
    public static func prefersLottie(_ name: String) -> Bool { descriptor(named: name)?.prefersLottie == true }

    public static func make(_ name: String, context: SceneContext) -> (any Scene)? {
        descriptor(named: name)?.make(context)
    }

    /// The scene that key `n` opens.
    public static func name(forKey n: Int) -> String? {
        all.first { $0.key == n }?.name
    }

    /// The key that opens scene `name`.
    public static func key(for name: String) -> Int? {
        descriptor(named: name)?.key
    }

    /// The window's title while scene `name` shows.
    public static func windowTitle(for name: String) -> String {
        key(for: name).map { "Overscroll — \(name) (\($0))" } ?? "Overscroll — \(name)"
    }

    /// The keys, as the debug overlay lists them in scene `name`: scenes two or three to a line,
    /// then the other keys that do something there (F5 and Esc only where there is a refresh).
    public static func keyLines(for name: String) -> [String] {
        let scenes = all.map { "\($0.key) \($0.name)" }
        var lines: [String] = []
        var i = 0
        while i < scenes.count {
            let n = i == 0 ? 2 : 3
            lines.append(scenes[i..<min(i + n, scenes.count)].joined(separator: " · "))
            i += n
        }
        let refreshes = descriptor(named: name)?.refreshes ?? false
        return lines + [refreshes ? "D overlay · F5 refresh · Esc cancel · Q quit" : "D overlay · Q quit"]
    }
}
