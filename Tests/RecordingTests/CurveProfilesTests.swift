import Foundation
import Imaging
import Testing

/// `overscroll curve edge` and `curve wheel` under `--physics` and `--compare` (#30 item 6): each
/// value is checked against the source's formula written here (docs/BEHAVIOUR.md), not against
/// the command's own output.
@Suite struct CurveProfilesTests {
    /// The rows of a tab-separated output after its header, as numbers.
    static func rows(_ out: String) -> [[Double]] {
        out.split(separator: "\n").dropFirst().map { $0.split(separator: "\t").compactMap { Double($0) } }
    }

    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-4) -> Bool { abs(a - b) <= tolerance }

    /// iOS's rubber band c·x·d/(d + c·x), c = 0.55.
    static func rubberBand(_ x: Double, _ d: Double) -> Double { 0.55 * x * d / (d + 0.55 * x) }
    /// Android 12's EdgeEffect stretch: 1 + 0.016·f + 0.016·(1 − e^(−f·e/0.33)), f = pull / height.
    static func stretch(_ pull: Double, _ height: Double) -> Double {
        let f = min(pull / height, 1)
        return 1 + 0.016 * f + 0.016 * (1 - exp(-f * M_E / 0.33))
    }

    @Test func edgeShowsEachProfilesRuleAndComparesTwo() throws {
        let pulls = [0.0, 50, 200, 800]
        var r = try CommandLineRunner.run(
            "overscroll-app",
            [
                "curve", "edge", "--physics", "ios", "--compare", "android",
                "--viewport", "800", "--pull", "0,50,200,800"
            ])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.hasPrefix("pull\tshown\tscale\tmoved\tshown_android\tscale_android\tmoved_android\n"), "\(r.out)")
        var rows = Self.rows(r.out)
        #expect(rows.count == pulls.count)
        for (row, x) in zip(rows, pulls) where row.count == 7 {
            let band = Self.rubberBand(x, 800), s = Self.stretch(x, 800)
            // iOS: the offset shows the rubber band (26.59, 96.70, 283.87), no stretch.
            #expect(row[0] == x && Self.close(row[1], band) && row[2] == 1 && Self.close(row[3], band), "\(row)")
            // Android: the offset stays at the edge; the content stretches (200 on 800: 1.017959).
            #expect(row[4] == 0 && Self.close(row[5], s, 1e-6) && Self.close(row[6], (s - 1) * 800, 1e-3), "\(row)")
        }
        #expect(Self.close(rows[2][5], 1.017959, 1e-6))
        // GNOME follows the finger 1:1 up to MAX_OVERSHOOT_DISTANCE (100 pt); none stays at the edge.
        r = try CommandLineRunner.run("overscroll-app", ["curve", "edge", "--physics", "gnome", "--compare", "none", "--pull", "50,150"])
        rows = Self.rows(r.out)
        #expect(r.status == 0 && rows == [[50, 50, 1, 50, 0, 1, 0], [150, 100, 1, 100, 0, 1, 0]], "\(r.out)\(r.err)")
        // Without --physics: the default profile (iOS), on the default 800 pt viewport.
        r = try CommandLineRunner.run("overscroll-app", ["curve", "edge", "--pull", "100"])
        #expect(r.status == 0 && Self.rows(r.out).first.map { Self.close($0[1], Self.rubberBand(100, 800)) } == true, "\(r.out)")
        r = try CommandLineRunner.run("overscroll-app", ["curve", "edge", "--pull", "-5"])
        #expect(r.status == 2 && r.err == "overscroll curve edge: --pull distances must be ≥ 0\n", "\(r.err)")
        r = try CommandLineRunner.run("overscroll-app", ["curve", "edge"])
        #expect(r.status == 2 && r.err == "overscroll curve edge: --pull X1,X2,… is required\n", "\(r.err)")
    }

    @Test func wheelStepIsTheProfilesEase() throws {
        // iOS, Android and GNOME ease a 40 pt notch over 0.15 s with ease-out cubic:
        // x = 40·(1 − (1 − t/0.15)³), v = 40·3·(1 − t/0.15)²/0.15; none lands at once.
        let times = [0.0, 0.05, 0.1, 0.15]
        for name in ["ios", "android", "gnome"] {
            let r = try CommandLineRunner.run(
                "overscroll-app", ["curve", "wheel", "--physics", name, "--compare", "none", "--at", "0,0.05,0.1,0.15"])
            #expect(r.status == 0 && r.out.hasPrefix("t\tx\tv\tx_none\tv_none\n"), "\(name): \(r.out)\(r.err)")
            let rows = Self.rows(r.out)
            #expect(rows.count == times.count)
            for (row, t) in zip(rows, times) where row.count == 5 {
                let p = 1 - t / 0.15
                #expect(
                    Self.close(row[1], 40 * (1 - p * p * p)) && Self.close(row[2], t < 0.15 ? 40 * 3 * p * p / 0.15 : 0), "\(name) \(row)")
                #expect(row[3] == 40 && row[4] == 0, "\(name) \(row)")
            }
        }
        // --x0, --step and --duration: from 100, 120 pt down over 0.3 s; at 0.1 s 100 + 120·(1 − (2/3)³).
        let r = try CommandLineRunner.run(
            "overscroll-app", ["curve", "wheel", "--x0", "100", "--step", "-120", "--duration", "0.3", "--at", "0.1"])
        let row = Self.rows(r.out).first ?? []
        #expect(r.status == 0 && row.count == 3 && Self.close(row[1], 100 - 120 * (1 - 8.0 / 27)), "\(r.out)\(r.err)")
    }

    @Test func wheelAndEdgePlotBothProfiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-curve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // (iOS's and Android's wheel steps are the same ease: the wheel compares iOS with none.)
        for (kind, other, extra) in [("wheel", "none", [String]()), ("edge", "android", ["--pull", "0,100,400"])] {
            let png = dir.appendingPathComponent("\(kind).png")
            let r = try CommandLineRunner.run(
                "overscroll-app", ["curve", kind, "--physics", "ios", "--compare", other, "--plot", png.path] + extra)
            #expect(r.status == 0, "\(kind): \(r.err)")
            // Both profiles are drawn: pixels of the first series' blue (#007AFF) and of the
            // second's red (#FF3B30), the title being dark text.
            let image = try PNGDecoder.decodeFile(atPath: png.path)
            var blue = 0, red = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = image.pixel(x: x, y: y)
                    if p.r < 30 && abs(Int(p.g) - 122) < 30 && p.b > 225 { blue += 1 }
                    if p.r > 225 && abs(Int(p.g) - 59) < 30 && abs(Int(p.b) - 48) < 30 { red += 1 }
                }
            }
            #expect(blue > 200 && red > 200, "\(kind): \(blue) blue, \(red) red pixels")
        }
    }
}
