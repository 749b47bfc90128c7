extension RenderingStack {
    /// This process's rendering libraries (`RenderingLibraries`) and font files (`FontFiles`);
    /// `more` adds libraries the caller links (SDL, from `Desktop.SDLLibrary`). Probed once per
    /// process (the fonts are hashed once).
    public static func probe(adding more: [Library] = []) -> RenderingStack {
        var stack = loaded
        stack.libraries += more
        return stack
    }

    private static let loaded = RenderingStack(libraries: RenderingLibraries.probe(), fonts: FontFiles.probe())
}
