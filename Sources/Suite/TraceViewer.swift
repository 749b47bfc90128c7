import Foundation
import Imaging
import Recording
import Rendering
import Scenes
import ScrollEngine
import Support

/// The trace viewer of a scenario: one self-contained HTML page (`trace.html` in the scenario's
/// artifact folder; no network) for every traced snapshot of it (`TraceMode`), opened at one
/// snapshot by its name in the address's fragment (`trace.html#pulled`; a list switches). It
/// scrubs the frames around the snapshot's instant with a slider (and ←/→), shows the trace
/// fields of the frame under the cursor, the scenario's input events on a timeline, the
/// offset/velocity plot with a cursor, and expected / actual / diff at the snapshot instant.
/// The frames are rendered by a second pass over the scenario, made only when a snapshot is
/// traced; snapshots whose windows overlap share their frames (each distinct image is stored
/// once in the page, and a frame that is a snapshot's `actual.png` is that file, by reference).
/// A page is bounded whatever the scenario's length: 13 frames per snapshot, `maxSeriesPoints`
/// plot points, `maxEvents` events, and the expected / actual / diff images by reference.
@MainActor
enum TraceViewer {
    /// Grid frames each side of the snapshot's instant.
    static let halfWindow = 6
    /// The most points of the offset/velocity plot: a longer run is sampled at an even stride
    /// (the frames in the slider always kept), so a page does not grow with the scenario's length.
    static let maxSeriesPoints = 2000
    /// The most input events on the timeline: those nearest the traced snapshots' instants.
    static let maxEvents = 500
    /// The page's name in the scenario's artifact folder.
    static let pageName = "trace.html"

    private struct Captured {
        var t: Double
        var frame: Int?
        var fields: [(String, JSONWriter.Value)]
        var png: [UInt8]?
    }

    /// Writes the scenario's page for the snapshots of `result` that `traced` names and records
    /// its path on each of them.
    static func write(
        for result: inout ScenarioResult, scenario: Scenario, entry: SuiteEntry,
        traced: Set<String>, lottieTimeout: Double, work: String
    ) async throws {
        let chosen = scenario.snapshots.indices.filter { i in
            traced.contains(scenario.snapshots[i].name) && result.snapshots.contains { $0.snapshot == scenario.snapshots[i].name }
        }
        guard !chosen.isEmpty else { return }
        let last = scenario.frameCount - 1
        func centre(_ at: Double) -> Int { min(last, max(0, Int((at * scenario.fps).rounded()))) }
        var wanted = Set<Int>()
        for i in chosen {
            let c = centre(scenario.snapshots[i].at)
            for f in max(0, c - halfWindow)...min(last, c + halfWindow) { wanted.insert(f) }
        }
        let chosenSet = Set(chosen)
        // Every `stride`-th grid frame (and every frame of a slider) goes into the plot.
        let stride = max(1, (scenario.frameCount + maxSeriesPoints - 1) / maxSeriesPoints)
        let recorder = Recorder(renderer: CairoRenderer())
        recorder.lottieTimeout = lottieTimeout
        var captured: [Captured] = []
        var series: [JSONWriter.Value] = []
        var previous: (pixels: PixelBuffer, png: [UInt8])?
        try await recorder.step(
            scenario,
            render: { instant in
                instant.frame.map(wanted.contains) == true || !chosenSet.isDisjoint(with: instant.snapshots)
            }
        ) { instant, session, surface in
            let fields = session.traceFields().map { ($0.0, TraceLine.value($0.1)) }
            if let frame = instant.frame, frame % stride == 0 || frame == last || wanted.contains(frame) {
                let offset = fields.first { $0.0 == "offset" }?.1 ?? .null
                let velocity = fields.first { $0.0 == "velocity" }?.1 ?? .null
                series.append(.array([.number(instant.t), offset, velocity]))
            }
            guard let surface else { return }
            // A frame whose pixels are the previous one's (a list at rest) reuses its PNG: the
            // same bytes the encoder would make, without encoding them again.
            let pixels = surface.snapshot()
            let png: [UInt8]
            if let previous, previous.pixels.hasSamePixels(as: pixels) { png = previous.png } else { png = try pixels.pngBytes() }
            previous = (pixels, png)
            captured.append(Captured(t: instant.t, frame: instant.frame, fields: fields, png: png))
        }
        var shown: [SnapshotResult] = []
        var windows: [ClosedRange<Int>] = []
        for i in chosen {
            let snap = scenario.snapshots[i]
            guard let s = result.snapshots.first(where: { $0.snapshot == snap.name }) else { continue }
            let c = centre(snap.at)
            let inWindow = captured.indices.filter { k in
                if let f = captured[k].frame { return abs(f - c) <= halfWindow }
                return abs(captured[k].t - snap.at) < 1e-9
            }
            guard let lo = inWindow.first, let hi = inWindow.last else { continue }
            shown.append(s)
            windows.append(lo...hi)
        }
        guard !shown.isEmpty else { return }
        // Frames that are a snapshot's kept actual image (same bytes): that file, by reference.
        var files: [[UInt8]: String] = [:]
        for s in shown {
            guard let rel = s.actual, rel == entry.artifactFolder + "/" + s.snapshot + "/actual.png",
                case let .success(bytes) = FileTree.readOwned(work + "/" + s.snapshot + "/actual.png")
            else { continue }
            files[bytes] = HTMLText.urlPath(s.snapshot + "/actual.png")
        }
        let page = html(scenario: scenario, entry: entry, shown: shown, windows: windows, frames: captured, files: files, series: series)
        let written = try FailureArtifacts(work: work, relative: entry.artifactFolder).writeScenarioFile(page, name: pageName)
        let names = Set(shown.map(\.snapshot))
        for k in result.snapshots.indices where names.contains(result.snapshots[k].snapshot) {
            result.snapshots[k].traceViewer = written
        }
    }

    /// The fragment of a snapshot's address in its scenario's page (`trace.html#NAME`).
    nonisolated static func fragment(_ snapshot: String) -> String { HTMLText.urlPath(snapshot) }

    private static func dataURI(_ bytes: [UInt8]?) -> JSONWriter.Value {
        guard let bytes else { return .null }
        return .string("data:image/png;base64," + Data(bytes).base64EncodedString())
    }

    /// The scenario's events as `[at, end, row, label]` (row: pointer, wheel, key, other): the
    /// `maxEvents` nearest any of the instants `around` (seconds), in time order.
    static func events(_ scenario: Scenario, around instants: [Double]) -> [JSONWriter.Value] {
        func p(_ q: Point) -> String { "(\(JSONWriter.compact.text(.number(q.x))), \(JSONWriter.compact.text(.number(q.y))))" }
        var kept = scenario.events.indices.filter {
            if case .wait = scenario.events[$0].kind { return false }; return true
        }
        if kept.count > maxEvents {
            func distance(_ i: Int) -> Double { instants.map { abs(scenario.events[i].at - $0) }.min() ?? 0 }
            kept = Array(kept.sorted { distance($0) < distance($1) }.prefix(maxEvents)).sorted()
        }
        return kept.map { scenario.events[$0] }.compactMap { e in
            let row: String, label: String
            var end = e.at
            switch e.kind {
            case let .down(q): row = "pointer"; label = "down \(p(q))"
            case let .move(q): row = "pointer"; label = "move \(p(q))"
            case let .up(q): row = "pointer"; label = "up \(p(q))"
            case let .drag(from, to, d): row = "pointer"; label = "drag \(p(from)) → \(p(to)) over \(d) s"; end = e.at + d
            case let .wheel(dy, precise, source):
                row = "wheel"; label = "wheel dy \(JSONWriter.compact.text(.number(dy))) (\(source.rawValue)\(precise ? ", precise" : ""))"
            case let .touchpad(signal): row = "wheel"; label = "touchpad \(signal.rawValue)"
            case let .key(k, m):
                var mods: [String] = []
                if m.contains(.control) { mods.append("Ctrl") }
                if m.contains(.shift) { mods.append("Shift") }
                row = "key"; label = "key " + (mods + [k.rawValue]).joined(separator: "+")
            case let .resize(s): row = "other"; label = "resize \(s.width)×\(s.height)"
            case let .page(n): row = "other"; label = "page \(n)"
            case .wait: return nil
            }
            return .array([.number(e.at), .number(end), .string(row), .string(label)])
        }
    }

    /// The decimals a frame time is shown with: enough to tell frames `1/fps` apart (a tenth of
    /// a frame), so 60 fps shows `t = 0.317 s`, not `0.31666666666666665`.
    static func timeDecimals(fps: Double) -> Int {
        guard fps.isFinite, fps > 0 else { return 3 }
        return min(9, max(2, Int(log10(fps).rounded(.up)) + 1))
    }

    private static func html(
        scenario: Scenario, entry: SuiteEntry, shown: [SnapshotResult], windows: [ClosedRange<Int>],
        frames: [Captured], files: [[UInt8]: String], series: [JSONWriter.Value]
    ) -> String {
        // The images beside the page (in each snapshot's folder), by name: never a second copy inside it.
        func image(_ rel: String?) -> JSONWriter.Value {
            let folder = entry.artifactFolder + "/"
            guard let rel, rel.hasPrefix(folder) else { return .null }
            return .string(HTMLText.urlPath(String(rel.dropFirst(folder.count))))
        }
        // Expected / actual / diff at the snapshot's instant, as every page shows a comparison.
        func comparison(_ s: SnapshotResult) -> String {
            let size = SuiteReport.sizes(s)
            func picture(_ rel: String?, _ d: (w: Int, h: Int)?) -> ImageComparisonHTML.Picture? {
                guard case let .string(file) = image(rel) else { return nil }
                return ImageComparisonHTML.Picture(file: file, width: d?.w, height: d?.h)
            }
            return ImageComparisonHTML.element(
                expected: picture(s.expected, size?.expected), actual: picture(s.actual, size?.actual),
                diff: picture(s.diff, size?.actual), lazy: false)
        }
        func why(_ s: SnapshotResult) -> String {
            s.status == .missing ? "missing golden \(s.golden)" : s.status == .passed ? "passed" : SuiteReport.why(s)
        }
        // Each distinct image once: a frame identical to an earlier one names that one's index.
        var firstWith: [[UInt8]: Int] = [:]
        let frameValues: [JSONWriter.Value] = frames.indices.map { k in
            let c = frames[k]
            var image: (String, JSONWriter.Value) = ("src", .null)
            if let png = c.png {
                if let file = files[png] {
                    image = ("src", .string(file))
                } else if let earlier = firstWith[png] {
                    image = ("same", .int(earlier))
                } else {
                    firstWith[png] = k; image = ("src", dataURI(png))
                }
            }
            return .object([("t", .number(c.t)), ("frame", c.frame.map { .int($0) } ?? .null), ("fields", .object(c.fields)), image])
        }
        let snapshots: [JSONWriter.Value] = zip(shown, windows).map { s, w in
            let at = w.first { abs(frames[$0].t - s.at) < 1e-9 } ?? w.lowerBound
            return .object([
                ("name", .string(s.snapshot)), ("at", .number(s.at)), ("status", .string(s.status.rawValue)),
                ("why", .string(why(s))), ("lo", .int(w.lowerBound)), ("hi", .int(w.upperBound)), ("snapIndex", .int(at)),
                ("comparison", .string(comparison(s)))
            ])
        }
        let data: JSONWriter.Value = .object([
            ("scenario", .string(entry.path)), ("duration", .number(scenario.duration)), ("fps", .number(scenario.fps)),
            ("timeDecimals", .int(timeDecimals(fps: scenario.fps))), ("frames", .array(frameValues)),
            ("series", .array(series)), ("events", .array(events(scenario, around: shown.map(\.at)))),
            ("snapshots", .array(snapshots))
        ])
        let json = HTMLText.scriptData(json: JSONWriter.compact.text(data))
        // The page as it opens without a fragment: at its first snapshot (the script follows the fragment).
        let s = shown[0], w = windows[0]
        let first = w.first { abs(frames[$0].t - s.at) < 1e-9 } ?? w.lowerBound
        let title = SuiteReport.h("\(entry.path) › \(s.snapshot)")
        let list =
            shown.count < 2
            ? ""
            : "<nav id=\"snapshots\" aria-label=\"snapshots of this scenario\">Snapshots: "
                + shown.map {
                    "<a href=\"#\(SuiteReport.h(fragment($0.snapshot)))\" class=\"\($0.status.rawValue)\""
                        + ">\(SuiteReport.h($0.snapshot))</a> <span class=\"tag \($0.status.rawValue)\">\($0.status.rawValue)</span>"
                }.joined(separator: " · ")
                + "</nav>"
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>trace: \(SuiteReport.h(entry.path))</title>
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <style>\(css)\n\(ImageComparisonHTML.css)</style></head><body>
            <header><h1 id="title">Trace: \(title)</h1><p class="why"><span class="tag \(s.status.rawValue)"\
             id="status">\(s.status.rawValue)</span> at t = <span id="at">\(s.at)</span>\
             s: <span id="why">\(SuiteReport.h(why(s)))</span></p>
            \(list)
            <p class="hint">Frames \(halfWindow) each side of the snapshot's instant. Drag the slider or press ← / → (Home: the\
             snapshot instant).</p></header>
            <main>
            <section class="scrub" aria-label="frames">
            <figure><figcaption id="caption"></figcaption><img id="frame" alt="frame under the cursor"></figure>
            <div class="side">
            <div class="controls"><button type="button" id="prev" aria-label="previous frame">◀</button>\
            <input type="range" id="slider" min="0" max="\(w.count - 1)" step="1" value="\(first - w.lowerBound)"\
             aria-label="frame under the cursor"><button type="button" id="next" aria-label="next frame">▶</button>\
             <button type="button" id="snap">snapshot instant</button></div>
            <h2>Trace fields</h2><table id="fields"><tbody></tbody></table>
            <h2>Offset and velocity</h2><svg id="plot" viewBox="0 0 600 220" role="img" aria-label="offset and velocity over\
             time"></svg>
            <p class="legend"><span class="offset">— offset (pt)</span> <span class="velocity">— velocity (pt/s)</span>\
             <span class="win"><i class="swatch"></i> frames in the slider</span></p>
            <h2>Input events</h2><svg id="timeline" viewBox="0 0 600 120" role="img" aria-label="input events over time"></svg>
            <ol id="events"></ol>
            </div></section>
            <section><h2 id="instant">At the snapshot instant (t = \(s.at) s)</h2><div class="compare" id="compare"></div></section>
            </main>
            <script type="application/json" id="trace-data">\(json)</script>
            <script>\(ImageComparisonHTML.script)\n\(script)</script></body></html>

            """
    }

    static let css = """
        body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1600px;padding:16px 24px;color:#1d1d1f;background:#fafafa}
        h1{font-size:19px;margin:0 0 6px}h2{font-size:15px;margin:14px 0 6px}.hint{color:#666;margin:2px 0}
        .tag{font-size:12px;padding:1px 6px;border-radius:3px;background:#b00020;color:#fff}.tag.missing{background:#e08a00}\
        .tag.passed{background:#2e7d32}.tag.flaky{background:#c2185b}
        #snapshots{margin:4px 0}#snapshots a[aria-current=true]{font-weight:700;color:#1d1d1f}
        .scrub{display:flex;gap:20px;align-items:flex-start}.scrub figure{margin:0;flex:0 1 420px}
        .scrub img{display:block;max-width:100%;max-height:calc(100vh - 140px);border:1px solid #444}
        figcaption{font-weight:600;margin:0 0 4px}.side{flex:1 1 0;min-width:0}
        .controls{display:flex;gap:6px;align-items:center}.controls input{flex:1}
        .controls button{font:inherit;padding:2px 10px;border:1px solid #888;background:#f2f2f2;border-radius:4px;cursor:pointer}
        table{border-collapse:collapse}td{padding:1px 10px;border-bottom:1px solid #eee;font:12px ui-monospace,monospace}
        svg{width:100%;max-width:900px;background:#fff;border:1px solid #ddd}
        .legend span{margin-right:12px}.offset{color:#1f5fbf}.velocity{color:#c2410c}.win{color:#666}
        .swatch{display:inline-block;width:12px;height:10px;background:#eee;border:1px solid #ccc;vertical-align:middle}
        #events{font:12px ui-monospace,monospace;columns:2;margin:6px 0}#events li.now{font-weight:700}
        """

    static let script = """
        (function(){
        var d=JSON.parse(document.getElementById('trace-data').textContent);
        var slider=document.getElementById('slider'),img=document.getElementById('frame'),cap=document.getElementById('caption');
        var body=document.querySelector('#fields tbody'),NS='http://www.w3.org/2000/svg';
        function el(p,n,a,t){var e=document.createElementNS(NS,n);for(var k in a)e.setAttribute(k,a[k]);if(t)e.textContent=t;\
        p.appendChild(e);return e}
        function set(e,a){for(var k in a)e.setAttribute(k,a[k])}
        var W=600,L=50,R=550;function x(t){return L+(R-L)*(d.duration>0?t/d.duration:0)}
        function frame(f){return typeof f==='number'?f:'—'}
        // offset / velocity plot (one per scenario; the shaded window and the instant follow the snapshot)
        var plot=document.getElementById('plot'),H=220,T=12,B=200;
        var pw=el(plot,'rect',{y:T,height:B-T,fill:'#eee'});
        function line(idx,color,side){var v=d.series.map(function(s){return s[idx]}).filter(function(q){return typeof q==='number'});
          if(!v.length)return;var lo=Math.min.apply(null,v),hi=Math.max.apply(null,v);if(hi===lo){hi=lo+1}
          var pts=d.series.filter(function(s){return typeof s[idx]==='number'}).map(function(s){return x(s[0]).toFixed(1)+',\
        '+(B-(B-T)*(s[idx]-lo)/(hi-lo)).toFixed(1)}).join(' ');
          el(plot,'polyline',{points:pts,fill:'none',stroke:color,'stroke-width':1.5,'class':'series'});
          var X=side==='l'?4:W-4,anchor=side==='l'?'start':'end';
          el(plot,'text',{x:X,y:T+4,'font-size':10,fill:color,'text-anchor':anchor},String(Math.round(hi)));
          el(plot,'text',{x:X,y:B,'font-size':10,fill:color,'text-anchor':anchor},String(Math.round(lo)))}
        line(1,'#1f5fbf','l');line(2,'#c2410c','r');
        el(plot,'text',{x:L,y:H-4,'font-size':10},'0 s');el(plot,'text',{x:R,y:H-4,'font-size':10,'text-anchor':'end'},d.duration+' s');
        var pa=el(plot,'line',{y1:T,y2:B,stroke:'#b00020','stroke-dasharray':'3 2'});
        var pc=el(plot,'line',{id:'plot-cursor',y1:T,y2:B,stroke:'#000','stroke-width':1.5});
        // input events
        var tl=document.getElementById('timeline'),rows=['pointer','wheel','key','other'];
        var tw=el(tl,'rect',{y:4,height:96,fill:'#eee'});
        rows.forEach(function(r,i){el(tl,'text',{x:4,y:22+i*24,'font-size':10},r)});
        var list=document.getElementById('events');
        d.events.forEach(function(e,i){var y=12+rows.indexOf(e[2])*24;
          if(e[1]>e[0])el(tl,'rect',{x:x(e[0]),y:y,width:Math.max(2,x(e[1])-x(e[0])),height:14,fill:'#7aa7e0','class':'event'},e[3]);
          else el(tl,'rect',{x:x(e[0])-1.5,y:y,width:3,height:14,fill:e[2]==='wheel'?'#c2410c':'#333','class':'event'});
          var li=document.createElement('li');li.textContent='t = '+e[0]+' s: '+e[3];li.dataset.at=e[0];li.dataset.end=e[1];\
        list.appendChild(li)});
        var ta=el(tl,'line',{y1:4,y2:100,stroke:'#b00020','stroke-dasharray':'3 2'});
        el(tl,'text',{x:L,y:116,'font-size':10},'0 s');el(tl,'text',{x:R,y:116,'font-size':10,'text-anchor':'end'},d.duration+' s');
        var tc=el(tl,'line',{id:'timeline-cursor',y1:4,y2:100,stroke:'#000','stroke-width':1.5});
        var s=d.snapshots[0];
        function show(i){i=Math.max(0,Math.min(s.hi-s.lo,i));slider.value=i;var f=d.frames[s.lo+i];if(!f)return;
          img.src=f.src||d.frames[f.same].src;cap.textContent='frame '+frame(f.frame)+' · t =\
         '+(+f.t.toFixed(d.timeDecimals))+' s'+(Math.abs(f.t-s.at)<1e-9?' (snapshot instant)':'');
          body.innerHTML='';var rowsOut=[['frame',frame(f.frame)],['t',f.t]];for(var k in f.fields)rowsOut.push([k,f.fields[k]]);
          rowsOut.forEach(function(r){var tr=document.createElement('tr');tr.dataset.field=r[0];\
        var a=document.createElement('td'),b=document.createElement('td');
            a.textContent=r[0];b.textContent=typeof r[1]==='number'?String(Math.round(r[1]*1000)/1000):String(r[1]);\
        tr.appendChild(a);tr.appendChild(b);body.appendChild(tr)});
          [pc,tc].forEach(function(c){c.setAttribute('x1',x(f.t));c.setAttribute('x2',x(f.t))});
          list.querySelectorAll('li').forEach(function(li){li.className=(+li.dataset.at<=f.t&&f.t<=+li.dataset.end+1/d.fps)?'now':''})}
        var cmp=document.getElementById('compare');
        // The snapshot the address names (trace.html#NAME), else the first.
        function choose(){var name='';try{name=decodeURIComponent(location.hash.slice(1))}catch(e){}
          s=d.snapshots.filter(function(q){return q.name===name})[0]||d.snapshots[0];
          document.getElementById('title').textContent='Trace: '+d.scenario+' › '+s.name;
          var st=document.getElementById('status');st.textContent=s.status;st.className='tag '+s.status;
          document.getElementById('at').textContent=s.at;document.getElementById('why').textContent=s.why;
          document.getElementById('instant').textContent='At the snapshot instant (t = '+s.at+' s)';
          document.querySelectorAll('#snapshots a').forEach(function(a){var n='';\
        try{n=decodeURIComponent(a.getAttribute('href').slice(1))}catch(e){}a.setAttribute('aria-current',\
        n===s.name?'true':'false')});
          var t0=d.frames[s.lo].t,t1=d.frames[s.hi].t;
          set(pw,{x:x(t0),width:Math.max(2,x(t1)-x(t0))});set(tw,{x:x(t0),width:Math.max(2,x(t1)-x(t0))});
          [pa,ta].forEach(function(c){set(c,{x1:x(s.at),x2:x(s.at)})});
          slider.max=s.hi-s.lo;cmp.innerHTML=s.comparison;setupComparison(cmp.firstElementChild);
          show(s.snapIndex-s.lo)}
        slider.addEventListener('input',function(){show(+slider.value)});
        document.getElementById('prev').addEventListener('click',function(){show(+slider.value-1)});
        document.getElementById('next').addEventListener('click',function(){show(+slider.value+1)});
        document.getElementById('snap').addEventListener('click',function(){show(s.snapIndex-s.lo)});
        document.addEventListener('keydown',function(e){if(e.target===slider)return;
          if(e.key==='ArrowLeft'){show(+slider.value-1);e.preventDefault()}else if(e.key==='ArrowRight'){show(+slider.value+1);\
        e.preventDefault()}
          else if(e.key==='Home'){show(s.snapIndex-s.lo);e.preventDefault()}});
        window.addEventListener('hashchange',choose);
        choose();
        })();
        """
}
