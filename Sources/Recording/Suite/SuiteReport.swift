import Foundation
import Imaging

/// The suite's HTML report (`report/index.html`), a self-contained folder opened with no
/// server. Failures first, then missing goldens and scenario errors, then the passed snapshots
/// (collapsed, no images). Each failure card names the scenario file, snapshot, time, differing
/// pixels and ratio, shows captions above the images and toggles side-by-side / slider / diff /
/// flicker; a table of contents links to every card. Images of failing snapshots are copied
/// into `report/images/`.
public enum SuiteReport {
    public static func write(_ suite: SuiteResults, resultsRoot: String, to folder: String) throws {
        var cards: [String] = [], missing: [String] = [], errors: [String] = [], passedRows: [String] = []
        var toc: [(id: String, label: String, kind: String)] = []
        var n = 0
        for scenario in suite.scenarios {
            if let e = scenario.error {
                n += 1
                let id = "card-\(n)"
                toc.append((id, scenario.scenario, "error"))
                errors.append("<section class=\"card error\" id=\"\(id)\"><h3>\(h(scenario.scenario))</h3><p class=\"meta\">scenario error</p><pre>\(h(e))</pre></section>")
                continue
            }
            for s in scenario.snapshots {
                if !s.isFailure {
                    var note = s.written.map { " (golden \($0.rawValue))" } ?? ""
                    if let d = s.differing, d > 0 { note += " — \(d) pixels within tolerance" }
                    passedRows.append("<tr><td>\(h(scenario.scenario))</td><td>\(h(s.snapshot))</td><td>\(seconds(s.at))</td><td>\(h(note))</td></tr>")
                    continue
                }
                n += 1
                let id = "card-\(n)"
                var images: [(label: String, file: String)] = []
                for (label, path) in [("expected", s.expected), ("actual", s.actual), ("diff", s.diff)] {
                    guard let path, case .success(let bytes) = FileTree.readOwned(path, under: resultsRoot) else { continue }
                    let file = "images/\(n)-\(label).png"
                    try AtomicFileWriter.write(bytes, toPath: folder + "/" + file, within: folder)
                    images.append((label, file))
                }
                if s.status == .missing {
                    toc.append((id, "\(scenario.scenario) › \(s.snapshot)", "missing"))
                    missing.append(card(id: id, scenario: scenario, snapshot: s, images: images))
                } else {
                    toc.append((id, "\(scenario.scenario) › \(s.snapshot)", "failed"))
                    cards.append(card(id: id, scenario: scenario, snapshot: s, images: images))
                }
            }
        }
        let goldenFolders = Array(Set(suite.scenarios.map { folderOf($0.goldens) })).sorted()
        var html = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>overscroll test report</title>
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <style>\(css)</style></head><body>
        <header><h1>overscroll test — \(suite.failed) failed, \(suite.missing) missing, \(suite.passed) passed\(suite.errors > 0 ? ", \(suite.errors) scenario errors" : "")</h1>
        <dl class="facts">
        <dt>command</dt><dd><code>\(h(suite.command))</code></dd>
        <dt>date</dt><dd>\(h(suite.date))</dd>
        <dt>tolerances</dt><dd>threshold \(suite.threshold), max differing pixels \(suite.maxDiffPixels.map(String.init) ?? "0"), max differing ratio \(suite.maxDiffRatio.map { percent($0) } ?? "none") (snapshots may override)</dd>
        <dt>goldens</dt><dd>\(goldenFolders.map { "<code>\(h($0))/&lt;scenario&gt;/</code>" }.joined(separator: " "))</dd>
        \(suite.shards.isEmpty ? "" : "<dt>shards</dt><dd>\(h(suite.shards.joined(separator: ", ")))</dd>")
        <dt>scenarios</dt><dd>\(suite.scenarios.count) (\(suite.snapshots.count) snapshots, \(suite.obsolete) obsolete goldens)</dd>
        </dl></header>
        <nav id="toc"><h2>Contents</h2><ol>
        """
        let rank = ["failed": 0, "missing": 1, "error": 2]
        toc = toc.enumerated().sorted { (rank[$0.element.kind] ?? 3, $0.offset) < (rank[$1.element.kind] ?? 3, $1.offset) }.map(\.element)
        for t in toc { html += "<li class=\"\(t.kind)\"><a href=\"#\(t.id)\">\(h(t.label))</a> <span class=\"tag\">\(t.kind)</span></li>" }
        html += "<li><a href=\"#passed\">\(suite.passed) passed snapshots</a></li></ol></nav>\n<main>\n"
        if !cards.isEmpty { html += "<h2>Failed</h2>\n" + cards.joined(separator: "\n") }
        if !missing.isEmpty { html += "<h2>Missing goldens</h2>\n" + missing.joined(separator: "\n") }
        if !errors.isEmpty { html += "<h2>Scenario errors</h2>\n" + errors.joined(separator: "\n") }
        html += "<details id=\"passed\"><summary>\(suite.passed) passed snapshots</summary><table><thead><tr><th>scenario</th><th>snapshot</th><th>time</th><th></th></tr></thead><tbody>"
        html += passedRows.joined() + "</tbody></table></details>\n</main>\n<script>\(script)</script></body></html>\n"
        try AtomicFileWriter.write(text: html, toPath: folder + "/index.html", within: folder)
    }

    static func card(id: String, scenario: ScenarioResult, snapshot s: SnapshotResult, images: [(label: String, file: String)]) -> String {
        var meta = "<dl class=\"meta\"><dt>scenario</dt><dd><code>\(h(scenario.scenario))</code></dd><dt>snapshot</dt><dd><code>\(h(s.snapshot))</code> at t = \(seconds(s.at))</dd>"
        if s.status == .missing {
            meta += "<dt>golden</dt><dd>missing: <code>\(h(s.golden))</code> (run with <code>--update=missing</code> to create it)</dd>"
        } else {
            meta += "<dt>golden</dt><dd><code>\(h(s.golden))</code></dd>"
            if let m = s.message { meta += "<dt>why</dt><dd>\(h(m))</dd>" } else {
                meta += "<dt>differing</dt><dd>\(s.differing ?? 0) pixels (\(percent(s.ratio ?? 0)))</dd>"
            }
            meta += "<dt>tolerance</dt><dd>threshold \(s.threshold), \(s.maxDiffPixels.map { "\($0) pixels" } ?? "0 pixels")\(s.maxDiffRatio.map { ", ratio \(percent($0))" } ?? "")</dd>"
        }
        if let w = s.width, let hgt = s.height { meta += "<dt>size</dt><dd>\(w)×\(hgt)</dd>" }
        meta += "</dl>"
        let file = Dictionary(uniqueKeysWithValues: images.map { ($0.label, $0.file) })
        func figure(_ label: String) -> String {
            guard let f = file[label] else { return "" }
            return "<figure class=\"fig-\(label)\"><figcaption>\(label)</figcaption><img src=\"\(f)\" alt=\"\(label)\"></figure>"
        }
        var body = "<div class=\"view side\">\(figure("expected"))\(figure("actual"))\(figure("diff"))</div>"
        var buttons = ""
        if let e = file["expected"], let a = file["actual"] {
            buttons = "<div class=\"modes\" role=\"group\">"
                + ["side": "side by side", "slider": "slider", "diff": "diff", "flicker": "flicker"].sorted { order($0.key) < order($1.key) }
                .filter { $0.key != "diff" || file["diff"] != nil }
                .map { "<button type=\"button\" data-mode=\"\($0.key)\"\($0.key == "side" ? " aria-pressed=\"true\"" : "")>\($0.value)</button>" }.joined()
                + "</div>"
            body += "<div class=\"view slider\"><figure><figcaption>expected ◀ slide ▶ actual</figcaption><div class=\"wipe\"><img src=\"\(a)\" alt=\"actual\"><div class=\"top\"><img src=\"\(e)\" alt=\"expected\"></div></div><input type=\"range\" min=\"0\" max=\"100\" value=\"50\" aria-label=\"wipe position\"></figure></div>"
            body += "<div class=\"view diffonly\">\(figure("diff"))</div>"
            body += "<div class=\"view flicker\"><figure><figcaption class=\"which\">expected</figcaption><img src=\"\(e)\" data-a=\"\(a)\" data-e=\"\(e)\" alt=\"flicker\"></figure></div>"
        }
        return "<section class=\"card \(s.status.rawValue)\" id=\"\(id)\" data-mode=\"side\"><h3>\(h(scenario.scenario)) › \(h(s.snapshot))</h3>\(meta)\(buttons)\(body)<p><a href=\"#toc\">contents</a></p></section>"
    }

    static func order(_ mode: String) -> Int { ["side", "slider", "diff", "flicker"].firstIndex(of: mode) ?? 9 }

    /// A ratio as a percentage, e.g. `0.1234 %`.
    public static func percent(_ ratio: Double) -> String {
        let v = ratio * 100
        if v == 0 { return "0 %" }
        return String(format: v < 0.01 ? "%.4f %%" : "%.2f %%", v)
    }

    static func seconds(_ t: Double) -> String { "\(t) s" }

    static func folderOf(_ goldens: String) -> String {
        guard let slash = goldens.lastIndex(of: "/") else { return goldens }
        return String(goldens[..<slash])
    }

    static func h(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }

    static let css = """
    body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1600px;padding:16px 24px;color:#1d1d1f;background:#fafafa}
    h1{font-size:20px;margin:0 0 8px}h2{font-size:17px;margin:24px 0 8px}h3{font-size:15px;margin:0 0 6px}
    dl.facts,dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:4px 0 8px}
    dt{color:#666}dd{margin:0}code{font:12px ui-monospace,monospace;background:#eee;padding:0 3px;border-radius:3px}
    nav ol{margin:4px 0;padding-left:22px}nav li.failed a,nav li.error a{color:#b00020}nav li.missing a{color:#a65e00}
    .tag{font-size:11px;color:#666}
    .card{background:#fff;border:1px solid #ddd;border-left:5px solid #b00020;border-radius:6px;padding:12px 16px;margin:12px 0}
    .card.missing{border-left-color:#e08a00}.card.error{border-left-color:#6a1b9a}
    .modes{margin:6px 0}.modes button{font:inherit;padding:3px 10px;margin-right:4px;border:1px solid #888;background:#f2f2f2;border-radius:4px;cursor:pointer}
    .modes button[aria-pressed=true]{background:#1d1d1f;color:#fff}
    .view{display:none}.card[data-mode=side] .side,.card[data-mode=slider] .slider,.card[data-mode=diff] .diffonly,.card[data-mode=flicker] .flicker{display:flex}
    .side{gap:12px;align-items:flex-start}.side figure{flex:1 1 0;min-width:0}
    figure{margin:0}figcaption{font-weight:600;margin:0 0 4px}
    img{display:block;max-width:100%;max-height:calc(100vh - 120px);border:1px solid #444;box-sizing:border-box}
    .wipe{position:relative;display:inline-block}.wipe .top{position:absolute;left:0;top:0;bottom:0;width:50%;overflow:hidden}
    .wipe .top img{max-width:none;max-height:none}.slider input{width:100%}
    table{border-collapse:collapse}td,th{padding:2px 10px;border-bottom:1px solid #eee;text-align:left}
    pre{white-space:pre-wrap}
    """

    static let script = """
    (function(){
    document.querySelectorAll('.card').forEach(function(card){
      var timer=null;
      function flick(on){var img=card.querySelector('.flicker img'),cap=card.querySelector('.flicker .which');
        if(timer){clearInterval(timer);timer=null}
        if(on&&img){timer=setInterval(function(){var e=img.getAttribute('src')===img.dataset.e;
          img.setAttribute('src',e?img.dataset.a:img.dataset.e);cap.textContent=e?'actual':'expected'},600)}}
      card.querySelectorAll('.modes button').forEach(function(b){b.addEventListener('click',function(){
        card.dataset.mode=b.dataset.mode;
        card.querySelectorAll('.modes button').forEach(function(o){o.setAttribute('aria-pressed',o===b?'true':'false')});
        flick(b.dataset.mode==='flicker');});});
      var range=card.querySelector('.slider input'),top=card.querySelector('.wipe .top'),base=card.querySelector('.wipe > img');
      function size(){if(!base||!top)return;var t=top.querySelector('img');t.style.width=base.offsetWidth+'px';t.style.height=base.offsetHeight+'px'}
      if(range&&top){range.addEventListener('input',function(){top.style.width=range.value+'%'});
        if(base){base.addEventListener('load',size);window.addEventListener('resize',size)}}
      card.querySelectorAll('.modes button').forEach(function(b){b.addEventListener('click',size)});
    });
    })();
    """
}
