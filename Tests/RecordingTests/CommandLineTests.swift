import Foundation
import Imaging
import ScrollEngine
import Testing
import Support

/// The command lines of the built binaries: `compare` in both, help and errors made from the
/// declarations, and the front's message when `overscroll-app` is missing.
@Suite struct CommandLineTests {
    static func workspace() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Two 4×4 PNGs in `dir` that differ in every pixel: `a.png` (grey 200), `b.png` (grey 10).
    static func twoPNGs(in dir: URL) throws -> (a: String, b: String) {
        let a = dir.appendingPathComponent("a.png").path, b = dir.appendingPathComponent("b.png").path
        try AtomicFileWriter.write(
            PNGEncoder.fast.encode(RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 200, count: 64))), toPath: a)
        try AtomicFileWriter.write(
            PNGEncoder.fast.encode(RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 10, count: 64))), toPath: b)
        return (a, b)
    }

    @Test func overscrollAppRunsCompareLikeTheFront() throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (a, b) = try Self.twoPNGs(in: dir)
        for args in [["compare", a, a], ["compare", a, b, "--json"], ["compare", a, b, "--thresold", "0.2"], ["compare", "--help"]] {
            let front = try CommandLineRunner.run("overscroll", args)
            let app = try CommandLineRunner.run("overscroll-app", args)
            #expect(front.status == app.status && front.out == app.out && front.err == app.err, "\(args)")
        }
        let same = try CommandLineRunner.run("overscroll-app", ["compare", a, a])
        #expect(same.status == 0 && same.out == "1 passed, 0 failed\n")
        let typo = try CommandLineRunner.run("overscroll-app", ["compare", a, b, "--thresold", "0.2"])
        #expect(typo.status == 2 && typo.err.contains("did you mean --threshold?"))
    }

    @Test func everyCommandHasGeneratedHelp() throws {
        for (command, flags) in [
            ("run", ["--scene NAME", "--capture FILE.json"]), ("record", ["--out DIR", "--no-progress"]),
            ("verify", ["--goldens DIR", "--no-progress", "--max-diff-ratio R"]),
            ("curve", ["--damping-ratio Z", "--plot FILE"]), ("compare", ["--diff-color-alt R,G,B"])
        ] {
            let r = try CommandLineRunner.run("overscroll-app", [command, "--help"])
            #expect(r.status == 0 && r.out.hasPrefix("usage: overscroll \(command)"), "\(command)")
            for flag in flags + ["--help"] { #expect(r.out.contains("\n  \(flag) "), "\(command) \(flag)") }
        }
        let top = try CommandLineRunner.run("overscroll-app", ["help"])
        #expect(top.status == 0 && top.out.contains("  compare "))
        // `help COMMAND` is that command's help (issue #29 item 15).
        let test = try CommandLineRunner.run("overscroll-app", ["help", "test"])
        #expect(test.status == 0 && test.out.hasPrefix("usage: overscroll test"), "\(test.out)")
        let typo = try CommandLineRunner.run("overscroll-app", ["help", "tset"])
        #expect(typo.status == 2 && typo.err.contains("did you mean 'test'"), "\(typo.err)")
    }

    /// Every command's help fits 100 columns: the texts are wrapped by hand, and an annotation
    /// (choices, range, default) that would overflow goes on a line of its own.
    @Test func everyHelpFitsAHundredColumns() throws {
        for command in ["run", "record", "verify", "curve", "test", "merge-reports", "compare"] {
            let r = try CommandLineRunner.run("overscroll-app", [command, "--help"])
            let long = r.out.split(separator: "\n").filter { $0.count > 100 }
            #expect(r.status == 0 && long.isEmpty, "\(command): \(long)")
        }
    }

    @Test func usageErrorsExitTwoAndSuggest() throws {
        var r = try CommandLineRunner.run("overscroll-app", ["record", "s.json", "--ot", "x"])
        #expect(r.status == 2 && r.err == "overscroll record: unknown flag --ot; did you mean --out? (see `overscroll record --help`)\n")
        r = try CommandLineRunner.run("overscroll-app", ["verfy"])
        #expect(r.status == 2 && r.err.contains("unknown command 'verfy'; did you mean 'verify'?"))
        // `curve fling --physics` prints the profile's release: Android's 1000 pt/s fling ends
        // 194.3136 pt on, at 0.5552 s (docs/BEHAVIOUR.md, "Android physics").
        r = try CommandLineRunner.run(
            "overscroll-app", ["curve", "fling", "--physics", "android", "--min", "0", "--max", "100000", "--at", "10"])
        #expect(r.status == 0 && r.out == "t\tx\tv\n10.0000\t194.3136\t0.0000\n", "\(r.out)\(r.err)")
        r = try CommandLineRunner.run(
            "overscroll-app", ["curve", "fling", "--physics", "gnome", "--min", "0", "--max", "1000", "--at", "10"])
        #expect(r.status == 0 && r.out == "t\tx\tv\n10.0000\t250.0000\t0.0000\n", "\(r.out)\(r.err)")
        // #44 item 13: the obvious first command works: without --min/--max the bounds are a
        // list's (0 … 11,156 pt), where Android's fling ends as above.
        r = try CommandLineRunner.run("overscroll-app", ["curve", "fling", "--physics", "android", "--at", "10"])
        #expect(r.status == 0 && r.out == "t\tx\tv\n10.0000\t194.3136\t0.0000\n", "\(r.out)\(r.err)")
        r = try CommandLineRunner.run("overscroll-app", ["curve", "fling", "--x0", "11000", "--v0", "3000", "--at", "10"])
        #expect(r.status == 0 && r.out.hasSuffix("\t11156.0000\t0.0000\n"), "a fling past the end comes back to it: \(r.out)\(r.err)")
        r = try CommandLineRunner.run(
            "overscroll-app", ["curve", "fling", "--physics", "gnome", "--rate", "0.99", "--min", "0", "--max", "1"])
        #expect(r.status == 2 && r.err == "overscroll curve fling: --rate is the ios numbers; not with --physics\n", "\(r.err)")
        // `--compare NAME` adds that profile's release (#30 item 6): iOS's 499.4774 pt at 5 s
        // (x0 − v0/(1000 ln 0.998), not yet done) beside Android's 194.3136 pt, both on the plot.
        r = try CommandLineRunner.run(
            "overscroll-app", ["curve", "fling", "--physics", "ios", "--compare", "android", "--min", "0", "--max", "100000", "--at", "5"])
        #expect(r.status == 0 && r.out == "t\tx\tv\tx_android\tv_android\n5.0000\t499.4774\t0.0449\t194.3136\t0.0000\n", "\(r.out)\(r.err)")
        r = try CommandLineRunner.run("overscroll-app", ["record", "s.json", "--out", "o", "--compare", "andriod"])
        #expect(r.status == 2 && r.err.contains("did you mean 'android'?"), "\(r.err)")
        r = try CommandLineRunner.run("overscroll-app", ["curve", "decelerate", "--dt"])
        #expect(r.status == 2 && r.err == "overscroll curve: --dt needs a value\n")
        r = try CommandLineRunner.run("overscroll-app", ["curve", "decelerate", "--dt=0"])
        #expect(r.status == 2 && r.err == "overscroll curve: --dt must be a number in 0.0001…10, got '0'\n")
        r = try CommandLineRunner.run("overscroll-app", ["run", "--theme", "drak"])
        #expect(r.status == 2 && r.err.contains("did you mean 'dark'?"))
        r = try CommandLineRunner.run("overscroll-app", ["run", "--scene", "lst"])
        #expect(
            r.status == 2
                && r.err.contains("--scene 'lst' is unknown (coordinator, refreshable, title, pager, header, list); did you mean 'list'?"))
    }

    /// `--spinner` takes its choices from `SpinnerStyle.registered`: the error lists every name.
    @Test func spinnerChoicesComeFromTheRegistry() throws {
        let r = try CommandLineRunner.run("overscroll-app", ["run", "--spinner", "spokes"])
        #expect(
            r.status == 2 && r.err.contains("--spinner 'spokes' is unknown (\(SpinnerStyle.names.joined(separator: ", ")))"), "\(r.err)")
    }

    @Test func theFrontSaysHowToBuildAMissingApp() throws {
        let dir = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: dir) }
        let front = try #require(CommandLineRunner.binary("overscroll"))
        let copy = dir.appendingPathComponent("overscroll")
        try FileManager.default.copyItem(at: front, to: copy)
        let r = try CommandLineRunner.run(executable: copy, ["record", "--help"])
        #expect(r.status == 127)
        #expect(r.err.contains("cannot start") && r.err.contains("swift build --product overscroll-app"), "\(r.err)")
    }
}
