import Foundation
import Testing

/// `make check-imports` (tools/check-imports.swift): an import a target does not declare in
/// Package.swift fails the check, naming the file, the line, the target and the module.
@Suite struct ImportCheckTests {
    /// The repository (three folders above this file).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A package for the check in a temporary folder: its files (`package.json` in the shape of
    /// `swift package dump-package`, the sources), the check run on it, the folder removed.
    struct Fixture {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("import-check-\(UUID().uuidString)")

        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        /// tools/check-imports.swift on the fixture.
        func check() throws -> CommandLineRunner.Result {
            let script = ImportCheckTests.repository.appendingPathComponent("tools/check-imports.swift").path
            return try CommandLineRunner.run(
                executable: URL(fileURLWithPath: "/usr/bin/env"),
                ["swift", script, "--package-json", "package.json", "--root", root.path],
                in: root.path)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    @Test func anUndeclaredImportFailsTheCheck() throws {
        let fixture = Fixture()
        defer { fixture.remove() }
        // The shape of `swift package dump-package`: Core declares nothing, App declares Core.
        try fixture.write(
            "package.json",
            """
            {"targets": [
              {"name": "CCairo", "type": "system", "dependencies": []},
              {"name": "Core", "type": "regular", "dependencies": []},
              {"name": "App", "type": "executable", "dependencies": [{"byName": ["Core", null]}]},
              {"name": "AppTests", "type": "test", "dependencies": [{"byName": ["App", null]}]}
            ]}
            """)
        try fixture.write("Sources/Core/Drawing.swift", "import Foundation\nimport CCairo\n")
        try fixture.write("Sources/App/main.swift", "import Foundation\n@testable import Core\nimport Glibc\n")
        try fixture.write("Tests/AppTests/AppTests.swift", "import Testing\n@testable import App\n")
        let r = try fixture.check()
        #expect(r.status == 1, "\(r.err)")
        // Core declares no C module.
        #expect(r.out.contains("Sources/Core/Drawing.swift:2: target 'Core' imports 'CCairo', which Package.swift does not declare for it"))
        // App declares Core, and its test target App: only Core's line fails.
        #expect(!r.out.contains("'App'") && !r.out.contains("'AppTests'"))
        #expect(r.out.hasSuffix("check-imports: 1 problem\n"))
    }

    /// The targets linked into the small front (`overscroll`, `Support`, ...) keep full
    /// Foundation out; FoundationEssentials is fine.
    @Test func fullFoundationInAFrontTargetFailsTheCheck() throws {
        let fixture = Fixture()
        defer { fixture.remove() }
        try fixture.write(
            "package.json",
            """
            {"targets": [
              {"name": "Support", "type": "regular", "dependencies": []},
              {"name": "Recording", "type": "regular", "dependencies": [{"byName": ["Support", null]}]}
            ]}
            """)
        try fixture.write("Sources/Support/Wait.swift", "import FoundationEssentials\nimport Foundation\n")
        try fixture.write("Sources/Recording/Run.swift", "import Foundation\nimport Support\n")
        let r = try fixture.check()
        #expect(r.status == 1, "\(r.err)")
        #expect(r.out.contains("Sources/Support/Wait.swift:2: target 'Support' imports 'Foundation'; it is linked into the small front"))
        #expect(!r.out.contains("Recording") && !r.out.contains("Wait.swift:1"))
        #expect(r.out.hasSuffix("check-imports: 1 problem\n"))
    }

    /// ScrollEngine and Scenes do no I/O and read no clock (#34 item 10): a file API or a clock in
    /// their code fails the check; the same word in a comment or a string, or as a member, does not.
    @Test func aClockOrAFileInAPureTargetFailsTheCheck() throws {
        let fixture = Fixture()
        defer { fixture.remove() }
        try fixture.write(
            "package.json",
            """
            {"targets": [
              {"name": "ScrollEngine", "type": "regular", "dependencies": []},
              {"name": "Recording", "type": "regular", "dependencies": []}
            ]}
            """)
        try fixture.write(
            "Sources/ScrollEngine/Motion.swift",
            """
            import Foundation
            // Date() in a comment is fine, and so is "FileManager" in a string.
            let label = "FileManager"
            let started = ContinuousClock.now
            func load() -> Data? { FileManager.default.contents(atPath: "x") }
            func fine(_ t: Thing) { t.print() }
            """)
        try fixture.write("Sources/Recording/Run.swift", "import Foundation\nlet now = Date()\n")
        let r = try fixture.check()
        #expect(r.status == 1, "\(r.err)")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "Sources/ScrollEngine/Motion.swift:4: target 'ScrollEngine' does no I/O and reads no clock, but uses 'ContinuousClock'"))
        #expect(
            lines.contains("Sources/ScrollEngine/Motion.swift:5: target 'ScrollEngine' does no I/O and reads no clock, but uses 'Data'"))
        #expect(
            lines.contains(
                "Sources/ScrollEngine/Motion.swift:5: target 'ScrollEngine' does no I/O and reads no clock, but uses 'FileManager'"))
        #expect(!r.out.contains("Motion.swift:2") && !r.out.contains("Motion.swift:3") && !r.out.contains("Motion.swift:6"))
        #expect(!r.out.contains("Recording"), "only the pure targets are held to this")
        #expect(r.out.hasSuffix("check-imports: 3 problems\n"))
    }

    /// An import nothing in the file uses is reported (#34 item 10) — judged by the names the
    /// imported target declares (types, top-level functions, enum cases, members it adds to
    /// other modules' types), so using only a case (`.idle`) or an extension member counts.
    @Test func anImportNothingUsesFailsTheCheck() throws {
        let fixture = Fixture()
        defer { fixture.remove() }
        try fixture.write(
            "package.json",
            """
            {"targets": [
              {"name": "Core", "type": "regular", "dependencies": []},
              {"name": "Extras", "type": "regular", "dependencies": [{"byName": ["Core", null]}]},
              {"name": "App", "type": "executable", "dependencies": [{"byName": ["Core", null]}, {"byName": ["Extras", null]}]}
            ]}
            """)
        try fixture.write(
            "Sources/Core/Phase.swift",
            """
            public enum Phase: Sendable {
                case idle, dragging
                case settling(Double)
            }
            package final class Box<T> {}
            public struct Size { public var width = 0.0 }
            """)
        try fixture.write(
            "Sources/Extras/Size+Area.swift", "import Core\n\nextension Size {\n    public var area: Double { width * width }\n}\n")
        try fixture.write(
            "Sources/App/UsesACase.swift",
            "import Core\nfunc f(_ p: Any) -> Bool { p as? Int == nil ? true : false }\nlet p: Any = 1\nlet q = [.idle].count\n")
        try fixture.write("Sources/App/UsesAPackageType.swift", "import Core\nlet b = Box<Int>()\n")
        try fixture.write(
            "Sources/App/UsesAnExtension.swift",
            "import Extras\nfunc g(_ s: Any) -> Double { (s as! HasArea).area }\nprotocol HasArea { var area: Double { get } }\n")
        try fixture.write("Sources/App/UsesNothing.swift", "import Foundation\nimport Core\nimport Extras\nlet answer = 42\n")
        let r = try fixture.check()
        #expect(r.status == 1, "\(r.err)")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.contains("Sources/App/UsesNothing.swift:2: target 'App' imports 'Core' but uses nothing from it"))
        #expect(lines.contains("Sources/App/UsesNothing.swift:3: target 'App' imports 'Extras' but uses nothing from it"))
        #expect(!r.out.contains("UsesACase") && !r.out.contains("UsesAPackageType") && !r.out.contains("UsesAnExtension"), "\(r.out)")
        #expect(!r.out.contains("Size+Area"), "Extras uses Size from Core")
        #expect(r.out.hasSuffix("check-imports: 2 problems\n"))
    }
}
