import Foundation
import PackagePlugin

/// Before every build, `tools/build-info.sh` writes the version (the file VERSION) and the git
/// commit into a Swift file compiled into the target (`BuildInfo`), so `overscroll --version`,
/// results.json, the JUnit file and the report say which build made them. The file is rewritten
/// only when its text changes, so a build that changes nothing recompiles nothing.
@main
struct BuildInfoPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
        return [
            .prebuildCommand(
                displayName: "Embedding the version and commit",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [package.appending(path: "tools/build-info.sh").path, package.path, output.path],
                // The commit of a build outside a git checkout (a source tarball).
                environment: ["OVERSCROLL_COMMIT": ProcessInfo.processInfo.environment["OVERSCROLL_COMMIT"] ?? ""],
                outputFilesDirectory: output)
        ]
    }
}
