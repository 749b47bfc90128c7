import Foundation
import Testing

/// Every file, folder and type docs/ARCHITECTURE.md names in backticks exists (#34 item 11): a
/// rename or a removal that leaves the map pointing at nothing fails here, naming the word.
@Suite struct ArchitectureNamesTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Names of the toolchain, the platform and the repository's root that the document may use
    /// without the code declaring them.
    static let outside: Set<String> = [
        "CaseIterable", "Equatable", "Sendable", "Codable", "ContinuousClock", "Data", "Date", "FileManager",
        "Foundation", "FoundationEssentials", "Glibc", "Dispatch", "Synchronization", "Mutex", "Testing", "XCTest",
        "JSONEncoder", "JSONDecoder", "Package.swift", "VERSION", "Makefile", "README.md"
    ]

    /// Every `.swift` file and folder under Sources, Tests, tools and Plugins, as paths relative
    /// to the repository, and every name the Swift files declare.
    static func inventory() throws -> (paths: [String], declared: Set<String>) {
        var paths: [String] = []
        var declared: Set<String> = []
        let declaration = try Regex(#"\b(?:struct|class|enum|protocol|actor|typealias|func|var|let|case)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
        for top in ["Sources", "Tests", "tools", "Plugins"] {
            let root = repository.appendingPathComponent(top)
            guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) else { continue }
            for case let url as URL in walk {
                let relative = top + "/" + url.path.dropFirst(root.path.count + 1)
                let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true
                paths.append(isFolder ? relative + "/" : relative)
                guard url.pathExtension == "swift", let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                for m in text.matches(of: declaration) { if let name = m.output[1].substring { declared.insert(String(name)) } }
            }
        }
        return (paths, declared)
    }

    @Test func everyNamedFileFolderAndTypeExists() throws {
        let text = try String(contentsOf: Self.repository.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let (paths, declared) = try Self.inventory()
        let targets = Set(
            paths.compactMap { p -> String? in
                let parts = p.split(separator: "/")
                return parts.count == 2 && p.hasSuffix("/") && (parts[0] == "Sources" || parts[0] == "Tests") ? String(parts[1]) : nil
            })
        var checked = 0
        var missing: [String] = []
        for m in text.matches(of: try Regex(#"`([^`\n]+)`"#)) {
            guard let word = m.output[1].substring.map(String.init), !Self.outside.contains(word),
                word.contains(where: \.isLowercase)
            else { continue }  // `DISPLAY`, `TMPDIR`: variables
            if word.wholeMatch(of: try Regex(#"[A-Za-z0-9_+./-]+\.swift|[A-Z][A-Za-z0-9_./-]*/"#)) != nil {
                // A file or folder: some path ends with it (`Kit/SceneDescriptor.swift`, `Suite/`).
                checked += 1
                if !paths.contains(where: { $0 == word || $0.hasSuffix("/" + word) }) { missing.append(word) }
            } else if word.wholeMatch(of: try Regex(#"[A-Z][A-Za-z0-9]+(\.[a-z_][A-Za-z0-9_]*)*"#)) != nil {
                // A type, a target, or `Type.member`: each part is declared somewhere.
                checked += 1
                let parts = word.split(separator: ".").map(String.init)
                if !(declared.contains(parts[0]) || targets.contains(parts[0]))
                    || parts.dropFirst().contains(where: { !declared.contains($0) })
                {
                    missing.append(word)
                }
            }
        }
        #expect(checked > 200, "only \(checked) names found: the document or this test's patterns changed")
        #expect(missing.isEmpty, "docs/ARCHITECTURE.md names what the code does not have: \(Set(missing).sorted())")
    }
}
