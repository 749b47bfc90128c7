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
let toolchain: Set<String> = [
    "Swift", "Foundation", "FoundationEssentials", "Glibc", "Musl", "Darwin",
    "Dispatch", "Synchronization", "_Concurrency"
]
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
    let targets = package["targets"] as? [[String: Any]]
else { fail("not a package description (no 'targets')") }

/// The target names a dependency entry names (`byName`, `target`, `product`).
func dependencyNames(_ entry: Any) -> [String] {
    guard let d = entry as? [String: Any] else { return [] }
    return d.values.compactMap { ($0 as? [Any])?.first as? String }
}

/// `import X`, `@testable import X`, `import struct X.Y`, `@_exported import X`: the module X.
let importLine = try! NSRegularExpression(
    pattern: #"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*import\s+"#
        + #"(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#)

/// Targets that do no I/O and read no clock (docs/ARCHITECTURE.md): these names may not appear
/// in their code (comments aside). Time comes in as a `Clock` parameter, files through the shell.
let noIOTargets: Set<String> = ["ScrollEngine", "Scenes"]
let ioNames: [String] = [
    "FileManager", "FileHandle", "ProcessInfo", "Process", "Bundle", "URL", "Data", "Date",
    "Thread", "DispatchQueue", "DispatchTime", "DispatchWallTime", "ContinuousClock",
    "SuspendingClock", "fopen", "fread", "fwrite", "getenv", "setenv", "usleep", "nanosleep",
    "clock_gettime", "gettimeofday", "print", "readLine", "exit"
]
let ioPattern = try! NSRegularExpression(pattern: "\\b(" + ioNames.joined(separator: "|") + ")\\b")

/// The code of a line without its `//` comment and string literals (so a word in a doc comment
/// or a message is not taken for a use).
func code(_ line: String) -> String {
    var out = ""
    var inString = false
    var previous: Character = " "
    for c in line {
        if !inString && c == "/" && previous == "/" { out.removeLast(); break }
        if c == "\"" { inString.toggle(); previous = c; continue }
        if !inString { out.append(c) }
        previous = c
    }
    return out
}

/// Every identifier a line of code uses.
let identifier = try! NSRegularExpression(pattern: "[A-Za-z_][A-Za-z0-9_]*")
func identifiers(_ text: String) -> Set<String> {
    Set(
        identifier.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range, in: text).map { String(text[$0]) }
        })
}

/// The names a Swift target offers its importers: its public and open declarations, and every enum
/// case (a case is used as `.name`, without its type). Generous on purpose: an import is reported
/// unused only when the file mentions none of them.
let declaration = try! NSRegularExpression(
    pattern: #"\b(?:public|open|package)\s+(?:[a-z]+\s+)*"#
        + #"(?:struct|enum|class|protocol|actor|typealias|func|var|let|case|extension)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
let caseDeclaration = try! NSRegularExpression(pattern: #"^\s*(?:indirect\s+)?case\s+([^:=(]*[A-Za-z_][^:=]*)"#)
func offeredNames(folder: URL) -> Set<String> {
    var names: Set<String> = []
    guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return names }
    for case let url as URL in files where url.pathExtension == "swift" {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
        for m in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let r = Range(m.range(at: 1), in: text), let whole = Range(m.range, in: text) else { continue }
            // Types and top-level names; a member counts only when it extends a type of another
            // module (`extension Size` in Rendering), which is when an importer may use it alone.
            let kind = text[whole]
            let isType = ["struct ", "enum ", "class ", "protocol ", "actor ", "typealias "].contains { kind.contains($0) }
            let lineStart = text[..<whole.lowerBound].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
            let topLevel = lineStart == whole.lowerBound
            if kind.hasSuffix("extension " + text[r]) { continue }
            if isType || topLevel || memberOfForeignExtension(text, at: whole.lowerBound) {
                names.insert(String(text[r]))
            }
        }
        for line in text.split(separator: "\n") {
            let s = String(line)
            // An enum's case, not a `switch` label (which ends in `:` and may bind with let/var).
            var depth = 0
            let outside = code(s).filter { c in
                if c == "(" { depth += 1 } else if c == ")" { depth -= 1 }
                return depth == 0
            }
            guard !outside.contains(":"), let m = caseDeclaration.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)),
                let r = Range(m.range(at: 1), in: s)
            else { continue }
            if let word = identifiers(String(s[r])).first, word == "let" || word == "var" { continue }
            for part in s[r].split(separator: ",") {
                if let first = identifiers(String(part.split(separator: "(").first ?? part)).first { names.insert(first) }
            }
        }
    }
    return names
}

/// Whether the declaration at `index` sits inside an `extension` (the nearest unindented
/// declaration above it starts with `extension` or `public extension`).
func memberOfForeignExtension(_ text: String, at index: String.Index) -> Bool {
    var end = index
    while let newline = text[..<end].lastIndex(of: "\n") {
        let start = text.index(after: newline)
        let line = text[start..<end]
        if let first = line.first, first != " ", first != "}", first != "/", first != "\n" {
            return line.hasPrefix("extension ") || line.hasPrefix("public extension ")
        }
        end = newline
    }
    return false
}

/// The Swift targets of the package (not system libraries), by name, with their folders.
var swiftTargetFolders: [String: URL] = [:]
for target in targets {
    guard let name = target["name"] as? String, let type = target["type"] as? String, type == "regular" || type == "executable" else {
        continue
    }
    let folder = target["path"] as? String ?? "Sources/\(name)"
    swiftTargetFolders[name] = URL(fileURLWithPath: root).appendingPathComponent(folder)
}
var offeredCache: [String: Set<String>] = [:]
func offered(_ module: String) -> Set<String>? {
    guard let folder = swiftTargetFolders[module] else { return nil }
    if let cached = offeredCache[module] { return cached }
    let names = offeredNames(folder: folder)
    offeredCache[module] = names
    return names
}

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
        let relativePath = url.path.replacingOccurrences(of: URL(fileURLWithPath: root).path + "/", with: "")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if noIOTargets.contains(name) {
            for (i, line) in lines.enumerated() {
                let c = code(line)
                for m in ioPattern.matches(in: c, range: NSRange(c.startIndex..., in: c)) {
                    guard let r = Range(m.range(at: 1), in: c) else { continue }
                    // A member access (`.print`) or a declaration of our own is not the API.
                    if r.lowerBound > c.startIndex && c[c.index(before: r.lowerBound)] == "." { continue }
                    problems.append("\(relativePath):\(i + 1): target '\(name)' does no I/O and reads no clock, but uses '\(c[r])'")
                }
            }
        }
        // Identifiers the file uses outside its import lines (for the unused-import check).
        var used: Set<String>?
        for (i, line) in lines.enumerated() {
            let s = line
            guard let m = importLine.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)),
                let r = Range(m.range(at: 1), in: s)
            else { continue }
            if !isTest, !s.contains("@_exported"), let names = offered(String(s[r])), !names.isEmpty, String(s[r]) != name {
                if used == nil {
                    used = lines.filter { importLine.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) == nil }
                        .reduce(into: Set<String>()) { $0.formUnion(identifiers(code($1))) }
                }
                if used!.isDisjoint(with: names) {
                    problems.append("\(relativePath):\(i + 1): target '\(name)' imports '\(s[r])' but uses nothing from it")
                }
            }
            checked += 1
            let module = String(s[r])
            let allowed: Bool
            if pureTargets.contains(name) {
                allowed = declared.contains(module) || pureToolchain.contains(module)
            } else {
                allowed = declared.contains(module) || toolchain.contains(module) || (isTest && testing.contains(module))
            }
            let relative = relativePath
            if !allowed {
                problems.append("\(relative):\(i + 1): target '\(name)' imports '\(module)', which Package.swift does not declare for it")
            } else if frontTargets.contains(name) && module == "Foundation" {
                problems.append(
                    "\(relative):\(i + 1): target '\(name)' imports 'Foundation'; it is linked into the small front, which keeps full"
                        + " Foundation out (use FoundationEssentials)")
            }
        }
    }
}

for p in problems { print(p) }
if problems.isEmpty {
    print("check-imports: \(checked) imports in \(targets.count) targets, all declared")
    exit(0)
}
print("check-imports: \(problems.count) problem\(problems.count == 1 ? "" : "s")")
exit(1)
