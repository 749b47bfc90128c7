import Support
/// Writes the `compare` HTML report: `index.html` plus `images/` in one directory, with no
/// outside resources. It lists every frame's counts and, per mismatched frame, the expected,
/// actual and diff images as `ImageComparisonHTML` shows them (side by side, slider, diff, flicker).
enum HTMLReportWriter {
    static func write(
        report: CompareReport, outcomes: [CompareRunner.FrameOutcome], options: CompareOptions,
        to directory: String
    ) throws {
        let root = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        var sections: [String] = []
        var rows: [String] = []
        for (index, outcome) in outcomes.enumerated() {
            guard let frame = outcome.comparison else { continue }
            let status = frame.match ? (frame.identical ? "identical" : "pass") : "FAIL"
            rows.append(
                "<tr class=\"\(frame.match ? "pass" : "fail")\"><td>\(escape(frame.name))</td>"
                    + "<td>\(frame.width)×\(frame.height)</td><td>\(frame.differing)</td>"
                    + "<td>\(CompareReport.formatRatio(frame.ratio))</td><td>\(status)</td></tr>")
            guard !frame.match else { continue }
            var images: [String: ImageComparisonHTML.Picture] = [:]
            for (label, bytes) in [
                ("expected", outcome.expectedPNG), ("actual", outcome.actualPNG),
                ("diff", outcome.diffPNG)
            ] {
                guard let bytes else { continue }
                let file = "images/\(index + 1)-\(label).png"
                try AtomicFileWriter.write(bytes, toPath: root + "/" + file, within: root)
                images[label] = ImageComparisonHTML.Picture(file: file, width: frame.width, height: frame.height)
            }
            let comparison = ImageComparisonHTML.element(
                expected: images["expected"], actual: images["actual"], diff: images["diff"])
            sections.append(
                """
                <section id="frame-\(index + 1)"><h2>\(escape(frame.name))</h2>
                <p>\(frame.differing) differing pixels of \(frame.width * frame.height), ratio \
                \(CompareReport.formatRatio(frame.ratio))</p>
                \(comparison)
                </section>
                """)
        }
        // Frames on one side only are failures too (as the text output counts them).
        for line in report.oneSided {
            let name = line.split(separator: ": ", maxSplits: 1).last.map(String.init) ?? line
            rows.append("<tr class=\"fail\"><td>\(escape(name))</td><td colspan=\"3\">\(escape(line))</td><td>FAIL</td></tr>")
        }
        let tolerance = [
            options.maxDiffPixels.map { "max \($0) pixels" },
            options.maxDiffRatio.map { "max ratio \($0)" }
        ].compactMap { $0 }
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>overscroll compare: \(report.passed) passed, \
            \(report.failed) failed</title>
            <style>
            body{font:14px system-ui,sans-serif;margin:24px;color:#222}
            table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}
            td:first-child{text-align:left}tr.fail{background:#fde2e2}
            section{max-width:1600px}
            \(ImageComparisonHTML.css)
            </style></head><body>
            <h1>\(report.passed) passed, \(report.failed) failed</h1>
            <p>threshold \(options.pixelmatch.threshold), anti-aliasing \
            \(options.pixelmatch.includeAA ? "counted" : "ignored"), tolerance \
            \(tolerance.isEmpty ? "none" : tolerance.joined(separator: ", "))</p>
            <table><tr><th>frame</th><th>size</th><th>differing</th><th>ratio</th><th>status</th></tr>
            \(rows.joined(separator: "\n"))
            </table>
            \(sections.joined(separator: "\n"))
            <script>\(ImageComparisonHTML.script)
            document.querySelectorAll('.comparison').forEach(setupComparison);</script>
            </body></html>

            """
        try AtomicFileWriter.write(text: html, toPath: root + "/index.html", within: root)
    }

    static func escape(_ text: String) -> String { HTMLText.escape(text) }
}
