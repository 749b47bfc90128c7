/// JUnit XML for CI test reporters, valid against the Apache Ant JUnit schema
/// (`Tests/Fixtures/junit/JUnit.xsd`): one `testsuite` per scenario (with `package`, `id`,
/// `timestamp` in UTC without a zone suffix, `hostname`, `time`, `properties`, `system-out` and
/// `system-err`), one `testcase` per snapshot with its `time` (rendering
/// included) and the scenario's path without `.json` as its `classname` (folders as packages). A mismatch or missing golden is a
/// `failure`, a scenario that could not run or an unreadable golden an `error`, each with a
/// `type`, a one-line `message` and a body naming the golden and, as `[[ATTACHMENT|path]]`
/// lines, the expected, actual and diff images and the trace viewer. A scenario `--max-failures`
/// kept from starting is a testsuite whose one testcase is `skipped`. Every path is relative to
/// the folder the suite ran in (the `paths` property says so). The rendering stack is in the
/// properties (`stack.cairo`, …, `stack.font.FILE`). `--junit FILE`.
public struct JUnitWriter: ResultFormat {
    public var option: String { "junit" }
    public var valueName: String { "FILE" }
    public var help: String { "also write JUnit XML (Ant schema; one testcase per snapshot)" }

    public init() {}

    public func text(_ suite: SuiteResults, artifacts: String) -> String { Self.xml(suite, artifacts: artifacts) }

    /// `artifacts` is the results folder, as given (artifact paths are joined to it).
    public static func xml(_ suite: SuiteResults, artifacts: String) -> String {
        let base = artifacts.hasSuffix("/") ? String(artifacts.dropLast()) : artifacts
        let timestamp = Self.timestamp(suite.date)
        let host = escape(suite.host ?? "localhost")
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
        for (id, s) in suite.scenarios.enumerated() {
            let failures = s.snapshots.filter { $0.isFailure && $0.status != .error }.count
            let errors = s.error == nil ? s.snapshots.filter { $0.isFailure && $0.status == .error }.count : 1
            let tests = s.error == nil ? s.snapshots.count : 1
            out +=
                "  <testsuite package=\"overscroll\" id=\"\(id)\" name=\"\(escape(s.scenario))\" timestamp=\"\(escape(timestamp))\""
                + " hostname=\"\(host)\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\""
                + " time=\"\(seconds(s.seconds))\">\n"
            out += "    <properties>\n"
            out += "      <property name=\"paths\" value=\"relative to the folder the suite ran in\"/>\n"
            out += "      <property name=\"goldens\" value=\"\(escape(s.goldens))\"/>\n"
            out += "      <property name=\"report\" value=\"\(escape(base + "/report/index.html"))\"/>\n"
            if let t = s.trace { out += "      <property name=\"trace\" value=\"\(escape(base + "/" + t))\"/>\n" }
            if let v = suite.version { out += "      <property name=\"overscroll.version\" value=\"\(escape(v))\"/>\n" }
            out += "      <property name=\"overscroll.config\" value=\"\(escape(suite.config ?? "none"))\"/>\n"
            out += stackProperties(suite)
            out += "    </properties>\n"
            let classname = escape(Self.classname(s.scenario))
            if let e = s.error {
                out += "    <testcase classname=\"\(classname)\" name=\"(scenario)\" time=\"\(seconds(s.seconds))\">"
                out +=
                    "<error message=\"\(escape(firstLine(e)))\" type=\"scenario error\">\(escape("scenario: \(s.scenario)\n\(e)\n"))"
                    + "</error></testcase>\n"
            }
            for snap in s.snapshots {
                out += "    <testcase classname=\"\(classname)\" name=\"\(escape(snap.snapshot))\" time=\"\(seconds(snap.seconds ?? 0))\">"
                if snap.isFailure {
                    let message: String, type: String, element: String
                    switch snap.status {
                    case .missing: message = "missing golden \(snap.golden)"; type = "missing golden"; element = "failure"
                    case .error: message = SuiteReport.why(snap); type = "unreadable golden"; element = "error"
                    case .flaky: message = SuiteReport.why(snap); type = "flaky"; element = "failure"
                    default: message = SuiteReport.why(snap); type = "mismatch"; element = "failure"
                    }
                    var body = "\(message)\nat t = \(snap.at) s\ngolden: \(snap.golden)\n"
                    for (label, path) in [
                        ("expected", snap.expected), ("actual", snap.actual), ("diff", snap.diff), ("trace viewer", snap.traceViewer)
                    ] {
                        if let path { body += "\(label): [[ATTACHMENT|\(base)/\(path)]]\n" }
                    }
                    for path in snap.runs ?? [] { body += "run: [[ATTACHMENT|\(base)/\(path)]]\n" }
                    out += "<\(element) message=\"\(escape(message))\" type=\"\(type)\">\(escape(body))</\(element)>"
                }
                out += "</testcase>\n"
            }
            out += "    <system-out>\(escape(ScenarioLine.text(s)))</system-out>\n    <system-err></system-err>\n"
            out += "  </testsuite>\n"
        }
        out += skipped(suite, base: base, firstID: suite.scenarios.count, timestamp: timestamp, host: host)
        return out + "</testsuites>\n"
    }

    /// The scenarios `--max-failures` kept from starting: one `testsuite` each, its one testcase
    /// `(scenario)` `skipped` with the reason, so a CI reporter counts them as skipped rather
    /// than leaving them out.
    static func skipped(_ suite: SuiteResults, base: String, firstID: Int, timestamp: String, host: String) -> String {
        guard let stopped = suite.stopped else { return "" }
        var out = ""
        let message = escape("not run: --max-failures \(stopped.maxFailures) stopped the run")
        for (k, path) in stopped.notRun.enumerated() {
            out +=
                "  <testsuite package=\"overscroll\" id=\"\(firstID + k)\" name=\"\(escape(path))\""
                + " timestamp=\"\(escape(timestamp))\" hostname=\"\(host)\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"1\""
                + " time=\"0.000\">\n"
            out += "    <properties>\n"
            out += "      <property name=\"paths\" value=\"relative to the folder the suite ran in\"/>\n"
            out += "      <property name=\"report\" value=\"\(escape(base + "/report/index.html"))\"/>\n"
            if let v = suite.version { out += "      <property name=\"overscroll.version\" value=\"\(escape(v))\"/>\n" }
            out += "      <property name=\"overscroll.config\" value=\"\(escape(suite.config ?? "none"))\"/>\n"
            out += "    </properties>\n"
            out +=
                "    <testcase classname=\"\(escape(classname(path)))\" name=\"(scenario)\" time=\"0.000\"><skipped"
                + " message=\"\(message)\"/></testcase>\n"
            out +=
                "    <system-out>\(escape("- \(path)  not run (--max-failures \(stopped.maxFailures))"))</system-out>\n    "
                + "<system-err></system-err>\n"
            out += "  </testsuite>\n"
        }
        return out
    }

    /// A testcase's class: the scenario's path without `.json`, its folders as packages
    /// (`Tests/Scenarios/pull.json` is `Tests.Scenarios.pull`), so Jenkins-style reporters
    /// group by folder and name each scenario, not `json`.
    static func classname(_ scenario: String) -> String {
        var path = Substring(scenario)
        if path.lowercased().hasSuffix(".json") { path = path.dropLast(5) }
        let parts = path.split(separator: "/").filter { $0 != "." }
        return parts.isEmpty ? scenario : parts.joined(separator: ".")
    }

    /// `stack.cairo` = `1.16.0`, …, `stack.font.NotoSansCJK-Regular.ttc` = its SHA-256, and
    /// `stack.differs` when merged shards ran on different stacks.
    static func stackProperties(_ suite: SuiteResults) -> String {
        guard let stack = suite.stack else { return "" }
        var out = ""
        for lib in stack.libraries {
            out += "      <property name=\"stack.\(escape(lib.name))\" value=\"\(escape(lib.version))\"/>\n"
        }
        for font in stack.fonts {
            out += "      <property name=\"stack.font.\(escape(font.file))\" value=\"sha256:\(escape(font.sha256))\"/>\n"
        }
        if !suite.stackNotes.isEmpty {
            out += "      <property name=\"stack.differs\" value=\"\(escape(suite.stackNotes.joined(separator: "; ")))\"/>\n"
        }
        return out
    }

    static func firstLine(_ s: String) -> String { s.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? s }

    /// `2026-12-01T09:16:17` (UTC) from the results' date; a date that is not ISO 8601 (results are
    /// checked when read, so only a caller's own value) gives the epoch rather than invalid XML.
    static func timestamp(_ date: String) -> String {
        var check = RangeCheck()
        check.date("date", date)
        return check.problem == nil ? String(date.prefix(19)) : "1970-01-01T00:00:00"
    }

    /// Seconds with three decimals; a value that is not finite or not in 0…`maxSeconds` is
    /// clamped (never a trap: results are range-checked when read, this is the last guard).
    static func seconds(_ v: Double) -> String {
        let clamped = v.isFinite ? min(max(v, 0), SuiteResults.maxSeconds) : 0
        let ms = Int((clamped * 1000).rounded())
        return "\(ms / 1000).\(String(repeating: "0", count: 3 - String(ms % 1000).count))\(ms % 1000)"
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case let c where c.value < 0x20 && c != "\n" && c != "\t": out += " "
            case let c where c.value == 0xFFFE || c.value == 0xFFFF: out += " "
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
