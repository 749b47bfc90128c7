import Foundation
import Testing

/// `make check-imports` (tools/check-imports.swift): an import a target does not declare in
/// Package.swift fails the check, naming the file, the line, the target and the module.
@Suite struct ImportCheckTests {
    /// The repository (three folders above this file).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func anUndeclaredImportFailsTheCheck() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("import-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        // The shape of `swift package dump-package`: Core declares nothing, App declares Core.
        try write("package.json", """
            {"targets": [
              {"name": "CCairo", "type": "system", "dependencies": []},
              {"name": "Core", "type": "regular", "dependencies": []},
              {"name": "App", "type": "executable", "dependencies": [{"byName": ["Core", null]}]},
              {"name": "AppTests", "type": "test", "dependencies": [{"byName": ["App", null]}]}
            ]}
            """)
        try write("Sources/Core/Drawing.swift", "import Foundation\nimport CCairo\n")
        try write("Sources/App/main.swift", "import Foundation\n@testable import Core\nimport Glibc\n")
        try write("Tests/AppTests/AppTests.swift", "import Testing\n@testable import App\n")
        let script = Self.repository.appendingPathComponent("tools/check-imports.swift").path
        let r = try CommandLineRunner.run(executable: URL(fileURLWithPath: "/usr/bin/env"),
                                          ["swift", script, "--package-json", "package.json", "--root", root.path],
                                          in: root.path)
        #expect(r.status == 1, "\(r.err)")
        // Core declares no C module.
        #expect(r.out.contains("Sources/Core/Drawing.swift:2: target 'Core' imports 'CCairo', which Package.swift does not declare for it"))
        // App declares Core, and its test target App: only Core's line fails.
        #expect(!r.out.contains("'App'") && !r.out.contains("'AppTests'"))
        #expect(r.out.hasSuffix("check-imports: 1 undeclared import\n"))
    }

    /// The targets linked into the small front (`overscroll`, `Support`, ...) keep full
    /// Foundation out; FoundationEssentials is fine.
    @Test func fullFoundationInAFrontTargetFailsTheCheck() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("import-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try write("package.json", """
            {"targets": [
              {"name": "Support", "type": "regular", "dependencies": []},
              {"name": "Recording", "type": "regular", "dependencies": [{"byName": ["Support", null]}]}
            ]}
            """)
        try write("Sources/Support/Wait.swift", "import FoundationEssentials\nimport Foundation\n")
        try write("Sources/Recording/Run.swift", "import Foundation\nimport Support\n")
        let script = Self.repository.appendingPathComponent("tools/check-imports.swift").path
        let r = try CommandLineRunner.run(executable: URL(fileURLWithPath: "/usr/bin/env"),
                                          ["swift", script, "--package-json", "package.json", "--root", root.path],
                                          in: root.path)
        #expect(r.status == 1, "\(r.err)")
        #expect(r.out.contains("Sources/Support/Wait.swift:2: target 'Support' imports 'Foundation'; it is linked into the small front"))
        #expect(!r.out.contains("Recording") && !r.out.contains("Wait.swift:1"))
        #expect(r.out.hasSuffix("check-imports: 1 undeclared import\n"))
    }
}
