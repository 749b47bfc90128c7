import BuildInfo
import CommandLineKit
import Recording
import Suite
import Support

/// `overscroll accept RESULTS [SELECTOR…]`: a results folder's actual images into the goldens,
/// without rendering (`GoldenAccept`).
enum AcceptCommand {
    /// The options, one declaration each.
    struct Flags: OptionGroup {
        let failed = Option.flag("failed", help: "every snapshot that did not match its golden")
        let missing = Option.flag("missing", help: "every snapshot whose golden was missing")
        let all = Option.flag("all", help: "every snapshot with an image to accept (failed, missing,\nor whose golden could not be read)")
        let dryRun = Option.flag("dry-run", help: "list what would be accepted; write nothing")
        let force = Option.flag("force", help: "accept from results made by another version or commit\nof overscroll")
    }
    static let flags = Flags()

    static let spec = CommandSpec(
        "overscroll accept",
        about: """
            Makes the actual images that RESULTS (the --artifacts folder of `overscroll test`, or the
            folder of `merge-reports`) kept the goldens, without rendering anything. Run it in the
            folder `overscroll test` ran in. A SELECTOR is a snapshot's name, scenario:snapshot as the
            report and the console show it (suite/pull.json:pulled), or a regular expression searched
            in those names; --failed, --missing and --all add whole groups; each must match something.
            Refused, with nothing written: results made by another version or commit of overscroll
            (unless --force), a golden changed since the run (results.json records its SHA-256), a
            flaky snapshot, a selector that matches nothing. The goldens are written as --update
            writes them: the suite's __snapshots__ locked, each scenario's golden folder swapped
            all-or-nothing, never through a symlink. The old, new and diff images of what was
            accepted, and accepted.json, replace RESULTS/accepted/.
            Exit status: 0 accepted (or nothing left to accept), 2 refused or a usage error.
            """,
        positionals: [
            Positional("RESULTS", help: "a results folder"),
            Positional("SELECTOR", help: "scenario:snapshot or a regular expression", optional: true, repeats: true)
        ],
        options: flags,
        epilogue: "Example: overscroll accept test-results suite/pull.json:pulled")

    @MainActor
    static func run(_ argv: [String]) throws -> Int32 {
        guard let a = try spec.read(argv) else { return 0 }
        guard let results = a.positionals.first else { throw UsageError(message: "accept: name the results folder (test-results)") }
        var request = GoldenAccept.Request(results: results, version: BuildInfo.line)
        request.selection.selectors = Array(a.positionals.dropFirst())
        request.selection.failed = a[flags.failed]
        request.selection.missing = a[flags.missing]
        request.selection.all = a[flags.all]
        request.force = a[flags.force]
        request.dryRun = a[flags.dryRun]
        let outcome: GoldenAccept.Outcome
        do { outcome = try GoldenAccept.run(request) } catch {
            Platform.printError("overscroll accept: \(OutputPaths.printable(error.message))")
            return 2
        }
        for note in outcome.notes { Platform.printError("note: \(OutputPaths.printable(note))") }
        for name in outcome.alreadyAccepted {
            StandardStreams.output("already accepted (the golden is the actual image): \(OutputPaths.printable(name))\n")
        }
        let items = outcome.accepted
        guard !items.isEmpty else { return 0 }
        let created = items.filter { $0.written == .created }.count
        let head = request.dryRun ? "would accept" : "accepted"
        var text =
            "\(head) \(counted(items.count, "snapshot")) from \(OutputPaths.quoted(results)) (goldens: \(created) created,"
            + " \(items.count - created) changed)\(request.dryRun ? "; dry run, nothing written" : ""):\n"
        for item in items {
            text += "    \(OutputPaths.printable(item.snapshot)) → \(OutputPaths.printable(item.golden)) (\(item.written.rawValue))\n"
        }
        if !request.dryRun {
            text += "record (old, new, diff, accepted.json): \(OutputPaths.quoted(results + "/" + GoldenAccept.recordName))/\n"
        }
        StandardStreams.output(text)
        return 0
    }
}
