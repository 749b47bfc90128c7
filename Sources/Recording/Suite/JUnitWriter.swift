/// JUnit XML for CI test reporters: one testsuite per scenario, one testcase per snapshot;
/// failures carry the differing pixel count and the artifact paths.
public enum JUnitWriter {
    public static func xml(_ suite: SuiteResults) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let tests = suite.snapshots.count + suite.errors
        out += "<testsuites name=\"overscroll test\" tests=\"\(tests)\" failures=\"\(suite.failed + suite.missing)\" errors=\"\(suite.errors)\">\n"
        for s in suite.scenarios {
            let failures = s.snapshots.filter(\.isFailure).count
            out += "  <testsuite name=\"\(escape(s.scenario))\" tests=\"\(s.error == nil ? s.snapshots.count : 1)\" failures=\"\(failures)\" errors=\"\(s.error == nil ? 0 : 1)\" time=\"\(seconds(s.seconds))\">\n"
            if let v = suite.version { out += "    <properties><property name=\"overscroll.version\" value=\"\(escape(v))\"/></properties>\n" }
            if let e = s.error {
                out += "    <testcase classname=\"\(escape(s.scenario))\" name=\"(scenario)\"><error message=\"\(escape(e))\"/></testcase>\n"
            }
            for snap in s.snapshots {
                out += "    <testcase classname=\"\(escape(s.scenario))\" name=\"\(escape(snap.snapshot))\">"
                if snap.isFailure {
                    let message: String
                    switch snap.status {
                    case .missing: message = "missing golden \(snap.golden)"
                    default: message = snap.message ?? "\(snap.differing ?? 0) differing pixels (\(SuiteReport.percent(snap.ratio ?? 0)))"
                    }
                    var body = "golden: \(snap.golden)\n"
                    for (label, path) in [("expected", snap.expected), ("actual", snap.actual), ("diff", snap.diff)] {
                        if let path { body += "\(label): \(path)\n" }
                    }
                    out += "<failure message=\"\(escape(message))\" type=\"\(snap.status.rawValue)\">\(escape(body))</failure>"
                }
                out += "</testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    static func seconds(_ v: Double) -> String {
        let ms = Int((v * 1000).rounded())
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
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
