import Foundation
import Testing

/// A shell script that drives the real window under `xvfb-run` (xdotool for input, ImageMagick's
/// `import` for screenshots), run from a sandbox: the window tests' one way of starting it.
enum XvfbScript {
    /// Whether xvfb-run, xdotool and ImageMagick are installed; records an issue when not.
    static func toolsPresent(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard QuitUnderXvfbTests.tool("xvfb-run") && QuitUnderXvfbTests.tool("xdotool") && QuitUnderXvfbTests.tool("import") else {
            Issue.record("xvfb-run, xdotool and ImageMagick are needed (`make tool-deps`)", sourceLocation: sourceLocation)
            return false
        }
        return true
    }

    /// Writes `script` into `sandbox` as `name` and runs `sh NAME OVERSCROLL args…` under
    /// xvfb-run in the box, on SDL's x11 driver.
    static func run(_ script: String, as name: String, in sandbox: Sandbox, _ args: [String] = []) throws -> CommandLineRunner.Result {
        // This build's, or OVERSCROLL_TEST_BIN_DIR's (as the sandbox runs).
        let binary = try Sandbox.overscroll()
        try sandbox.write(name, script)
        return try CommandLineRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            ["xvfb-run", "-a", "sh", sandbox.path(name), binary.path] + args,
            in: sandbox.box, environment: ["SDL_VIDEODRIVER": "x11"])
    }

    /// The script's `key value` lines as a dictionary (the first line of a key wins).
    static func facts(_ out: String) -> [String: String] {
        Dictionary(
            out.split(separator: "\n").compactMap { line -> (String, String)? in
                let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
                return parts.count == 2 ? (parts[0], parts[1]) : nil
            }, uniquingKeysWith: { a, _ in a })
    }
}
