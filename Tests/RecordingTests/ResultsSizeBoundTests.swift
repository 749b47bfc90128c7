import Foundation
import Testing
@testable import Recording
@testable import Suite

/// What a failing run leaves grows with what failed, not with the scenario's length: the same
/// two missing snapshots in a 10 s and a 200 s scenario leave results of about the same size;
/// each failure's artifacts exist once (the report links them, copies none); a trace page holds
/// at most 13 frames, `maxSeriesPoints` plot points and `maxEvents` events, and `trace.jsonl`
/// the frames around the failures.
@MainActor
@Suite struct ResultsSizeBoundTests {
    static func scenario(duration: Double) -> String {
        let wheels = (0..<800).map { k in ", {\"at\": \(Double(k) * duration / 800), \"wheel\": {\"dy\": \(k % 2 == 0 ? -1 : 1)}}" }
            .joined()
        return """
            {"scene": "list", "size": [120, 160], "scale": 1, "fps": 60, "duration": \(duration), "rows": 60,
             "events": [{"at": 1, "snapshot": "early"}, {"at": \(duration - 1), "snapshot": "late"}\(wheels)]}
            """
    }

    static func bytes(under folder: String) -> (total: Int, files: [String: Int]) {
        var files: [String: Int] = [:]
        for rel in (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? [] {
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + rel)
            if attributes?[.type] as? FileAttributeType == .typeRegular { files[rel] = (attributes?[.size] as? Int) ?? 0 }
        }
        return (files.values.reduce(0, +), files)
    }

    @Test func resultsDoNotGrowWithTheScenariosLength() async throws {
        var sizes: [Double: Int] = [:]
        for duration in [10.0, 200.0] {
            let f = try SuiteFixture()
            try f.write("suite/long.json", Self.scenario(duration: duration))
            #expect(await f.run { $0.options.trace = .on } == 1, "two missing goldens (traced with --trace on)")
            let results = try f.results()
            let (total, files) = Self.bytes(under: f.path("results"))
            sizes[duration] = total
            // The report is one page: it links the artifacts, copies none.
            #expect(files.keys.filter { $0.hasPrefix("report/") } == ["report/index.html"], "\(files.keys.sorted())")
            let report = try String(contentsOfFile: f.path("results/report/index.html"), encoding: .utf8)
            for snap in results.snapshots {
                let viewer = try #require(snap.traceViewer), actual = try #require(snap.actual)
                #expect(report.contains("href=\"../\(viewer)#\(snap.snapshot)\"") && report.contains("src=\"../\(actual)\""))
                let page = try String(contentsOfFile: f.path("results/" + (try #require(snap.traceViewer))), encoding: .utf8)
                #expect(
                    page.components(separatedBy: "data:image/png").count - 1 <= 13 * results.snapshots.count,
                    "at most the sliders' frames inline")
                #expect(page.contains("src=\\\"\(snap.snapshot)/actual.png\\\""), "the snapshot's image by reference")
                let points =
                    page.components(separatedBy: "\"series\":[").dropFirst().first?.components(separatedBy: "]],").first?
                    .components(separatedBy: "],[").count ?? 0
                #expect(points <= TraceViewer.maxSeriesPoints + 13, "\(points) plot points")
            }
            let traceLines = try String(
                contentsOfFile: f.path("results/" + (try #require(results.scenarios.first?.trace))), encoding: .utf8
            )
            .split(separator: "\n").count
            #expect(traceLines <= max(TraceExcerpt.wholeUpTo, 2 * (2 * TraceExcerpt.framesAround + 1)), "\(traceLines) trace lines")
        }
        // 12,000 frames against 600: the results stay within a quarter of each other.
        let short = try #require(sizes[10]), long = try #require(sizes[200])
        #expect(Double(long) <= Double(short) * 1.25, "10 s: \(short) bytes, 200 s: \(long) bytes")
    }

    @Test func theTraceExcerptKeepsTheFramesAroundEachFailureOnce() {
        let lines = (0..<10_000).map { "frame \($0)" }
        #expect(TraceExcerpt.lines(Array(lines.prefix(1000)), fps: 60, failingAt: [1]).count == 1000, "short: whole")
        let kept = TraceExcerpt.lines(lines, fps: 60, failingAt: [100, 1, 100.5])
        #expect(kept.first == "frame 0" && kept.contains("frame 180") && !kept.contains("frame 181"))
        #expect(kept.contains("frame 5880") && kept.contains("frame 6150") && !kept.contains("frame 6151"))
        #expect(kept.count == Set(kept).count, "overlapping windows give each frame once")
        #expect(kept.count == 181 + (6150 - 5880 + 1))
    }
}

/// A run keeps at most `TraceViewerLimit.maxPages` trace viewers, the first in scenario order.
@Suite struct TraceViewerLimitTests {
    @Test func pagesPastTheLimitAreRemovedInScenarioOrder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("overscroll-limit-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        var results: [ScenarioResult] = []
        for k in 0..<60 {
            var snaps: [SnapshotResult] = []
            for name in ["a", "b"] {
                let page = "s\(k)/\(name)/trace.html"
                try FileManager.default.createDirectory(atPath: root + "/s\(k)/\(name)", withIntermediateDirectories: true)
                try Data("page".utf8).write(to: URL(fileURLWithPath: root + "/" + page))
                var snap = SnapshotResult(snapshot: name, at: 0, status: .missing, golden: "g", threshold: 0.1)
                snap.traceViewer = page
                snaps.append(snap)
            }
            results.append(ScenarioResult(scenario: "s\(k).json", goldens: "g", snapshots: snaps))
        }
        #expect(TraceViewerLimit.apply(&results, root: root) == 120 - TraceViewerLimit.maxPages)
        let kept = results.flatMap(\.snapshots).compactMap(\.traceViewer)
        #expect(kept.count == TraceViewerLimit.maxPages && kept.first == "s0/a/trace.html" && kept.last == "s49/b/trace.html")
        #expect(FileManager.default.fileExists(atPath: root + "/s49/b/trace.html"))
        #expect(!FileManager.default.fileExists(atPath: root + "/s50/a/trace.html"))
    }
}
