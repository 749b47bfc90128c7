// `make check-imports`: every `import` of a target names one of the target's declared dependencies
// in Package.swift, or a module of the toolchain that target may use. SwiftPM's own
// `--explicit-target-dependency-import-check` does not look at C modules, so a target could import
// a system library (CCairo) it never declared and still build; this check refuses that.
//
// Usage: swift tools/check-imports.swift [--package-json FILE] [--root DIR]
//   --package-json  the output of `swift package dump-package` (default: runs it in --root)
//   --root          the package folder (default: the current folder)
// Prints one line per undeclared import (file:line: target imports module) and exits 1 if any.
import Foundation

/// Toolchain modules every target may import.
let toolchain: Set<String> = ["Swift", "Foundation", "FoundationEssentials", "Glibc", "Musl", "Darwin",
                              "Dispatch", "Synchronization", "_Concurrency"]
/// Toolchain modules only test targets may import.
let testing: Set<String> = ["Testing", "XCTest"]
/// Targets that stay pure (docs/ARCHITECTURE.md): no platform module, only these of the toolchain.
let pureTargets: Set<String> = ["ScrollEngine", "Scenes", "CommandLineKit"]
let pureToolchain: Set<String> = ["Swift", "Foundation", "Synchronization", "_Concurrency"]
/// Targets linked statically into the small `overscroll` front: full Foundation (CoreFoundation,
/// ~20 ms of start-up) stays out of them; FoundationEssentials is allowed.
let frontTargets: Set<String> = ["overscroll", "CompareCommand", "Imaging", "Support", "CommandLineKit"]

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("check-imports: \(message)\n".utf8))
    exit(2)
}

var args = Array(CommandLine.arguments.dropFirst())
var packageJSON: String?
var root = FileManager.default.currentDirectoryPath
while !args.isEmpty {
    let flag = args.removeFirst()
    switch flag {
    case "--help", "-h":
        print("usage: swift tools/check-imports.swift [--package-json FILE] [--root DIR]")
        print("Fails (exit 1) when a target imports a module it does not declare in Package.swift.")
        exit(0)
    case "--package-json", "--root":
        guard !args.isEmpty else { fail("\(flag) needs a value") }
        let value = args.removeFirst()
        if flag == "--root" { root = value } else { packageJSON = value }
    default:
        fail("unknown option '\(flag)' (try --help)")
    }
}

func dumpPackage() -> Data {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = ["swift", "package", "dump-package"]
    p.currentDirectoryURL = URL(fileURLWithPath: root)
    let out = Pipe()
    p.standardOutput = out
    do { try p.run() } catch { fail("cannot run swift package dump-package: \(error)") }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    guard p.terminationStatus == 0 else { fail("swift package dump-package failed in \(root)") }
    return data
}

let data: Data
if let path = packageJSON {
    guard let d = FileManager.default.contents(atPath: path) else { fail("cannot read --package-json \(path)") }
    data = d
} else {
    data = dumpPackage()
}

guard let package = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
      let targets = package["targets"] as? [[String: Any]] else { fail("not a package description (no 'targets')") }

/// The target names a dependency entry names (`byName`, `target`, `product`).
func dependencyNames(_ entry: Any) -> [String] {
    guard let d = entry as? [String: Any] else { return [] }
    return d.values.compactMap { ($0 as? [Any])?.first as? String }
}

/// `import X`, `@testable import X`, `import struct X.Y`, `@_exported import X`: the module X.
let importLine = try! NSRegularExpression(
    pattern: #"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#)

var problems: [String] = []
var checked = 0
for target in targets {
    guard let name = target["name"] as? String, let type = target["type"] as? String, type != "system" else { continue }
    let declared = Set((target["dependencies"] as? [Any] ?? []).flatMap(dependencyNames))
    let isTest = type == "test"
    let folder = target["path"] as? String ?? (isTest ? "Tests/\(name)" : "Sources/\(name)")
    let dir = URL(fileURLWithPath: root).appendingPathComponent(folder)
    guard let files = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil) else { continue }
    for case let url as URL in files where url.pathExtension == "swift" {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { fail("cannot read \(url.path)") }
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let s = String(line)
            guard let m = importLine.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)),
                  let r = Range(m.range(at: 1), in: s) else { continue }
            checked += 1
            let module = String(s[r])
            let allowed: Bool
            if pureTargets.contains(name) {
                allowed = declared.contains(module) || pureToolchain.contains(module)
            } else {
                allowed = declared.contains(module) || toolchain.contains(module) || (isTest && testing.contains(module))
            }
            let relative = url.path.replacingOccurrences(of: URL(fileURLWithPath: root).path + "/", with: "")
            if !allowed {
                problems.append("\(relative):\(i + 1): target '\(name)' imports '\(module)', which Package.swift does not declare for it")
            } else if frontTargets.contains(name) && module == "Foundation" {
                problems.append("\(relative):\(i + 1): target '\(name)' imports 'Foundation'; it is linked into the small front, which keeps full Foundation out (use FoundationEssentials)")
            }
        }
    }
}

for p in problems { print(p) }
if problems.isEmpty {
    print("check-imports: \(checked) imports in \(targets.count) targets, all declared")
    exit(0)
}
print("check-imports: \(problems.count) undeclared import\(problems.count == 1 ? "" : "s")")
exit(1)
