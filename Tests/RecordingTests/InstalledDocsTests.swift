import Foundation
import Testing

/// The man pages and shell completions `make install` and `make deb` ship, made by the built
/// program (`overscroll __generate`): every option each command's `--help` lists is in its man
/// page and in each completion, and the shells complete commands, flags and choices.
@Suite struct InstalledDocsTests {
    /// A fresh folder with the generated files.
    static func generate() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-docs-\(UUID().uuidString)")
        let r = try CommandLineRunner.run(["__generate", dir.path + "/out"])
        #expect(r.status == 0, "\(r.err)")
        return dir.appendingPathComponent("out")
    }

    /// The listed commands, read from `overscroll help`.
    static func commands() throws -> [String] {
        let help = try CommandLineRunner.run(["help"]).out
        return help.split(separator: "\n").filter { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
            .filter { $0 != "help" }
    }

    /// The flags `overscroll COMMAND --help` lists.
    static func flags(_ command: String) throws -> [String] {
        let help = try CommandLineRunner.run([command, "--help"]).out
        return help.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  --") else { return nil }
            return line.dropFirst(2).split(separator: " ").first.map(String.init)
        }
    }

    /// The lines of `text` from the one that starts with `start` up to the next line starting with `end`.
    static func block(_ text: String, from start: String, to end: String) -> String {
        var out: [Substring] = []
        var inside = false
        for line in text.split(separator: "\n") {
            if inside && line.hasPrefix(end) { break }
            if line.hasPrefix(start) { inside = true }
            if inside { out.append(line) }
        }
        return out.joined(separator: "\n")
    }

    static func shell(_ program: String, _ args: [String]) throws -> (status: Int32, out: String)? {
        guard let path = ["/usr/bin/", "/bin/"].map({ $0 + program }).first(where: FileManager.default.isExecutableFile) else { return nil }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        p.currentDirectoryURL = FileManager.default.temporaryDirectory
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func everyOptionOfEveryCommandIsInItsManPageAndInEachCompletion() throws {
        let out = try Self.generate()
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        let bash = try String(contentsOf: out.appendingPathComponent("bash/overscroll"), encoding: .utf8)
        let zsh = try String(contentsOf: out.appendingPathComponent("zsh/_overscroll"), encoding: .utf8)
        let fish = try String(contentsOf: out.appendingPathComponent("fish/overscroll.fish"), encoding: .utf8)
        let program = try String(contentsOf: out.appendingPathComponent("man1/overscroll.1"), encoding: .utf8)
        let commands = try Self.commands()
        #expect(
            commands == ["run", "record", "curve", "compare", "compare-trace", "verify", "test", "merge-reports", "accept", "stack", "feel"]
        )
        for command in commands {
            let page = try String(contentsOf: out.appendingPathComponent("man1/overscroll-\(command).1"), encoding: .utf8)
            #expect(program.contains("\\fBoverscroll\\-\(command.replacingOccurrences(of: "-", with: "\\-"))\\fR(1)"))
            let flags = try Self.flags(command)
            #expect(flags.count >= 2, "\(command) --help lists its options")
            let bashBlock = Self.block(bash, from: "    \(command))", to: "    ;;")
            let zshBlock = Self.block(zsh, from: "    (\(command))", to: "        ;;")
            for flag in flags {
                #expect(
                    page.contains("\\fB\(flag.replacingOccurrences(of: "-", with: "\\-"))\\fR"),
                    "\(flag) missing from overscroll-\(command)(1)")
                #expect(
                    bashBlock.contains(" \(flag) ") || bashBlock.contains("'\(flag) ") || bashBlock.contains(" \(flag)'"),
                    "bash: \(command) \(flag)")
                #expect(zshBlock.contains("'\(flag)["), "zsh: \(command) \(flag)")
                #expect(fish.contains("__fish_seen_subcommand_from \(command)' -l \(flag.dropFirst(2))"), "fish: \(command) \(flag)")
            }
        }
    }

    @Test func manRendersTheTestPage() throws {
        let out = try Self.generate()
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        let page = out.appendingPathComponent("man1/overscroll-test.1").path
        let r = try #require(try Self.shell("man", ["--warnings", "-l", page]), "man (man-db) is installed by `make test`")
        #expect(r.status == 0)
        #expect(r.out.contains("overscroll-test - check scenarios' named snapshots"))
        #expect(r.out.contains("--shard I/N"))
        #expect(r.out.contains("--update MODE"))
    }

    @Test func shellsCompleteCommandsFlagsAndChoices() throws {
        let out = try Self.generate()
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        let bashScript = out.appendingPathComponent("bash/overscroll").path
        func bash(_ words: [String]) throws -> [String] {
            let line = words.map { "'\($0)'" }.joined(separator: " ")
            let r = try #require(
                try Self.shell(
                    "bash",
                    [
                        "--norc", "--noprofile", "-c",
                        "source \"$1\"; COMP_WORDS=(\(line)); COMP_CWORD=\(words.count - 1); _overscroll; printf '%s\\n'"
                            + " \"${COMPREPLY[@]}\"", "bash", bashScript
                    ]))
            return r.out.split(separator: "\n").map(String.init)
        }
        #expect(try bash(["overscroll", "te"]) == ["test"])
        #expect(try bash(["overscroll", "test", "--sh"]) == ["--shard"])
        #expect(try bash(["overscroll", "test", "--update", ""]) == ["none", "missing", "changed", "all"])
        #expect(try bash(["overscroll", "test", "--update", "="]) == ["none", "missing", "changed", "all"])
        #expect(try bash(["overscroll", "test", "--update", "=", "ch"]) == ["changed"])
        #expect(try bash(["overscroll", "run", "--spinner", ""]) == ["seed", "material", "ios"])
        #expect(try bash(["overscroll", "run", "--physics", ""]) == ["ios", "android", "gnome", "none"])
        #expect(try bash(["overscroll", "run", "--physics", "an"]) == ["android"])
        #expect(try bash(["overscroll", "--scene", "pa"]) == ["pager"])
        #expect(try bash(["overscroll", "curve", "sp"]) == ["spring"])

        let fishScript = out.appendingPathComponent("fish/overscroll.fish").path
        let fish = try #require(
            try Self.shell(
                "fish",
                [
                    "--no-config", "-c",
                    "source $argv[1]; complete -C 'overscroll te'; complete -C 'overscroll record --no-p'; complete -C 'overscroll"
                        + " run --theme '", fishScript
                ]),
            "fish is installed by `make test`")
        #expect(
            fish.out.split(separator: "\n").map { String($0.split(separator: "\t")[0]) } == [
                "test", "--no-png", "--no-progress", "dark", "light"
            ])
        let zsh = try #require(
            try Self.shell("zsh", ["-n", out.appendingPathComponent("zsh/_overscroll").path]), "zsh is installed by `make test`")
        #expect(zsh.status == 0)
    }

    @Test func versionNamesTheVersionFileAndACommit() throws {
        let r = try CommandLineRunner.run(["--version"])
        #expect(r.status == 0)
        var dir = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { dir = dir.deletingLastPathComponent() }
        let version = try String(contentsOf: dir.appendingPathComponent("VERSION"), encoding: .utf8).trimmingCharacters(
            in: .whitespacesAndNewlines)
        #expect(r.out.hasPrefix("overscroll \(version) (commit "))
        #expect(
            r.out.range(of: #"^overscroll [0-9.]+ \(commit ([0-9a-f]{12}(-dirty)?|unknown)\)\n$"#, options: .regularExpression) != nil,
            "\(r.out)")
    }
}
