import BuildInfo
import CommandLineKit
import Support
#if canImport(Glibc)
import Glibc
#endif

/// `overscroll __generate OUT` (hidden): the man pages and the bash, zsh and fish completions,
/// made from the command declarations, for `make install` and `make deb`.
enum GenerateCommand {
    static let spec = CommandSpec(
        "overscroll __generate",
        about: """
            Writes OUT/man1/overscroll.1 and one page per command (overscroll-record.1 …),
            OUT/bash/overscroll, OUT/zsh/_overscroll and OUT/fish/overscroll.fish. OUT must be a new
            or empty folder. All or nothing: the files are written into a folder beside OUT that
            takes OUT's place only once every file is complete (a full disk leaves OUT as it was).
            """,
        positionals: [Positional("OUT")])

    static let description = """
        Overscroll reproduces iOS scroll interactions (deceleration, rubber-band overscroll, \
        pull-to-refresh with spinners and Lottie animations, a pager, a collapsing header) in a \
        window, and records them headless on a virtual clock so that frames are byte-identical from \
        run to run. Scenarios (JSON files of timed input events) are recorded to PNG frames, \
        compared with goldens, or checked as named snapshots by `overscroll test`, which writes \
        results.json, a JUnit file and an HTML report.

        Every command takes --help; its manual page is overscroll-COMMAND(1).
        """

    static let sections = [
        ManPage.Section(
            "Environment",
            items: [
                ("OVERSCROLL_ASSETS", "the folder holding fonts.conf and refresh.json; searched first"),
                (
                    "XDG_DATA_DIRS",
                    "folders whose overscroll/ subfolder is searched for the assets after the installed one (default"
                        + " /usr/local/share:/usr/share)"
                ),
                ("OVERSCROLL_REDUCE_MOTION=1", "slow, fixed-arc spinners, as --reduce-motion"),
                (
                    "OVERSCROLL_RECORD=MODE",
                    "which goldens test and verify write when no --update flag is given: none, missing, changed or all (verify"
                        + " --update is all)"
                )
            ]),
        ManPage.Section(
            "Files",
            items: [
                ("PREFIX/share/overscroll/", "the assets: fonts.conf (pinned fonts) and refresh.json (the bundled Lottie spinner)"),
                ("PREFIX/libexec/overscroll/overscroll-app", "runs every command but compare; the `overscroll` front starts it")
            ]),
        ManPage.Section(
            "Exit status",
            "0 success (all frames or snapshots match), 1 a mismatch or missing golden, 2 a usage error or bad input; see each"
                + " command's page.")
    ]

    static func run(_ argv: [String]) throws -> Int32 {
        guard let a = try spec.read(argv) else { return 0 }
        let out = a.positionals[0]
        do { try OutputPaths.checkFolder(out, flag: "OUT") } catch { throw UsageError(message: "__generate: \(error.description)") }
        guard FileTree.entries(of: out).isEmpty else { throw UsageError(message: "__generate: OUT \(OutputPaths.quoted(out)): not empty") }
        let header = ManPage.Header(source: "overscroll \(BuildInfo.version)", date: BuildInfo.date, manual: "Overscroll Manual")
        var files = ManPage.pages(commands, description: description, sections: sections, header: header).map {
            ("man1/" + $0.file, $0.text)
        }
        for shell in Completion.Shell.allCases {
            files.append(
                ("\(shell.rawValue)/\(shell.fileName(commands.program))", Completion.script(shell, commands, defaultCommand: "run")))
        }
        do { try writeStaged(files, to: out) } catch {
            Platform.printError("overscroll __generate: \(error)")
            return 2
        }
        StandardStreams.output("wrote \(files.count) files to \(out)\n")
        return 0
    }

    /// Writes `files` (path in OUT, text) into `.NAME.generate-PID` beside `out`, then renames that
    /// folder to `out` (new, or empty: rename replaces an empty folder). On any failure the
    /// staging folder is removed and `out` is as it was.
    static func writeStaged(_ files: [(String, String)], to out: String) throws {
        let trimmed = out.count > 1 && out.hasSuffix("/") ? String(out.dropLast()) : out
        let slash = trimmed.lastIndex(of: "/")
        let parent = slash.map { $0 == trimmed.startIndex ? "/" : String(trimmed[..<$0]) } ?? "."
        let name = slash.map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
        guard FileTree.makeFolders(parent) else {
            throw FileWriteError(file: OutputPaths.quoted(parent), detail: "cannot create the folder")
        }
        let staging = parent + "/." + name + ".generate-\(getpid())"
        _ = FileTree.remove(staging)
        do {
            for (file, text) in files {
                do { try AtomicFileWriter.write(text: text, toPath: staging + "/" + file, within: staging) } catch let e as FileWriteError {
                    // Named as the file it was to become.
                    throw FileWriteError(file: OutputPaths.quoted(trimmed + "/" + file), detail: e.detail)
                }
            }
            if rename(staging, trimmed) != 0 {
                throw FileWriteError(
                    file: OutputPaths.quoted(out), detail: "cannot put the generated files in place: \(String(cString: strerror(errno)))")
            }
        } catch {
            _ = FileTree.remove(staging)
            throw error
        }
    }
}
