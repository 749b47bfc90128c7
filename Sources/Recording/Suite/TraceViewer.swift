import Foundation
import Rendering
import Scenes
import ScrollEngine
import Support

/// The trace viewer of a failing or missing snapshot: one self-contained HTML page
/// (`<snapshot>/trace.html` in the scenario's artifact folder; no network, images inline) that
/// scrubs the frames around the snapshot's instant with a slider (and ←/→), shows the trace
/// fields of the frame under the cursor, the scenario's input events on a timeline, the
/// offset/velocity plot with a cursor, and expected / actual / diff at the snapshot instant.
/// The frames are rendered by a second pass over the scenario, made only when a snapshot fails.
/// A page is bounded whatever the scenario's length: 13 frames, `maxSeriesPoints` plot points,
/// `maxEvents` events, and the expected / actual / diff images by reference (they sit beside it).
@MainActor
enum TraceViewer {
    /// Grid frames each side of the snapshot's instant.
    static let halfWindow = 6
    /// The most points of the offset/velocity plot: a longer run is sampled at an even stride
    /// (the frames in the slider always kept), so a page does not grow with the scenario's length.
    static let maxSeriesPoints = 2000
    /// The most input events on the timeline: those nearest the snapshot's instant.
    static let maxEvents = 500

    private struct Captured {
        var t: Double
        var frame: Int?
        var fields: [(String, JSONWriter.Value)]
        var png: [UInt8]?
    }

    /// Writes a page for every failing snapshot of `result` and records its path.
    static func write(for result: inout ScenarioResult, scenario: Scenario, entry: SuiteEntry, trace: [String],
                      lottieTimeout: Double, work: String) async throws {
        let failing = scenario.snapshots.indices.filter { i in
            result.snapshots.contains { $0.snapshot == scenario.snapshots[i].name && $0.isFailure }
        }
        guard !failing.isEmpty else { return }
        let last = scenario.frameCount - 1
        var wanted = Set<Int>()
        for i in failing {
            let centre = min(last, max(0, Int((scenario.snapshots[i].at * scenario.fps).rounded())))
            for f in max(0, centre - halfWindow)...min(last, centre + halfWindow) { wanted.insert(f) }
        }
        let failingSet = Set(failing)
        // Every `stride`-th grid frame (and every frame of a slider) goes into the plot.
        let stride = max(1, (scenario.frameCount + maxSeriesPoints - 1) / maxSeriesPoints)
        let recorder = Recorder(renderer: CairoRenderer())
        recorder.lottieTimeout = lottieTimeout
        var captured: [Captured] = []
        var series: [JSONWriter.Value] = []
        try await recorder.step(scenario, render: { instant in
            instant.frame.map(wanted.contains) == true || !failingSet.isDisjoint(with: instant.snapshots)
        }) { instant, session, surface in
            let fields = session.traceFields().map { ($0.0, TraceLine.value($0.1)) }
            if let frame = instant.frame, frame % stride == 0 || frame == last || wanted.contains(frame) {
                let offset = fields.first { $0.0 == "offset" }?.1 ?? .null
                let velocity = fields.first { $0.0 == "velocity" }?.1 ?? .null
                series.append(.array([.number(instant.t), offset, velocity]))
            }
            guard let surface else { return }
            captured.append(Captured(t: instant.t, frame: instant.frame, fields: fields, png: try surface.snapshot().pngBytes()))
        }
        for i in failing {
            let snap = scenario.snapshots[i]
            guard let k = result.snapshots.firstIndex(where: { $0.snapshot == snap.name }) else { continue }
            let centre = min(last, max(0, Int((snap.at * scenario.fps).rounded())))
            let window = captured.filter { c in
                if let f = c.frame { return abs(f - centre) <= halfWindow }
                return abs(c.t - snap.at) < 1e-9
            }
            let page = html(scenario: scenario, entry: entry, result: result.snapshots[k], window: window,
                            series: series, work: work)
            let file = work + "/" + snap.name + "/trace.html"
            try AtomicFileWriter.write(text: page, toPath: file)
            result.snapshots[k].traceViewer = entry.artifactFolder + "/" + snap.name + "/trace.html"
        }
    }

    private static func dataURI(_ bytes: [UInt8]?) -> JSONWriter.Value {
        guard let bytes else { return .null }
        return .string("data:image/png;base64," + Data(bytes).base64EncodedString())
    }

    /// The scenario's events as `[at, end, row, label]` (row: pointer, wheel, key, other): the
    /// `maxEvents` nearest `around` (seconds), in time order.
    static func events(_ scenario: Scenario, around instant: Double) -> [JSONWriter.Value] {
        func p(_ q: Point) -> String { "(\(JSONWriter.compact.text(.number(q.x))), \(JSONWriter.compact.text(.number(q.y))))" }
        var kept = scenario.events.indices.filter { if case .wait = scenario.events[$0].kind { return false }; return true }
        if kept.count > maxEvents {
            kept = Array(kept.sorted { abs(scenario.events[$0].at - instant) < abs(scenario.events[$1].at - instant) }.prefix(maxEvents)).sorted()
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

    private static func html(scenario: Scenario, entry: SuiteEntry, result s: SnapshotResult, window: [Captured],
                             series: [JSONWriter.Value], work: String) -> String {
        // The images beside the page, by name: never a second copy inside it.
        let pageFolder = entry.artifactFolder + "/" + s.snapshot + "/"
        func image(_ rel: String?) -> JSONWriter.Value {
            guard let rel, rel.hasPrefix(pageFolder) else { return .null }
            return .string(HTMLText.urlPath(String(rel.dropFirst(pageFolder.count))))
        }
        let snapIndex = window.firstIndex { abs($0.t - s.at) < 1e-9 } ?? 0
        let data: JSONWriter.Value = .object([
            ("scenario", .string(entry.path)), ("snapshot", .string(s.snapshot)), ("at", .number(s.at)),
            ("status", .string(s.status.rawValue)), ("why", .string(s.status == .missing ? "missing golden \(s.golden)" : SuiteReport.why(s))),
            ("duration", .number(scenario.duration)), ("fps", .number(scenario.fps)), ("snapIndex", .int(snapIndex)),
            ("timeDecimals", .int(timeDecimals(fps: scenario.fps))),
            ("frames", .array(window.indices.map { k in
                let c = window[k]
                // A frame identical to the one before it (a list at rest) names that one's image.
                let image: (String, JSONWriter.Value) = k > 0 && c.png != nil && window[k - 1].png == c.png
                    ? ("same", .int(window[..<k].lastIndex { $0.png != window[k - 1].png }.map { $0 + 1 } ?? 0))
                    : ("src", dataURI(c.png))
                return .object([("t", .number(c.t)), ("frame", c.frame.map { .int($0) } ?? .null),
                                ("fields", .object(c.fields)), image])
            })),
            ("series", .array(series)), ("events", .array(events(scenario, around: s.at))),
            ("expected", image(s.expected)), ("actual", image(s.actual)), ("diff", image(s.diff)),
        ])
        let json = HTMLText.scriptData(json: JSONWriter.compact.text(data))
        let title = SuiteReport.h("\(entry.path) › \(s.snapshot)")
        return """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>trace: \(title)</title>
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <style>\(css)</style></head><body>
        <header><h1>Trace: \(title)</h1><p class="why"><span class="tag \(s.status.rawValue)">\(s.status.rawValue)</span> at t = \(s.at) s: \(SuiteReport.h(s.status == .missing ? "missing golden \(s.golden)" : SuiteReport.why(s)))</p>
        <p class="hint">Frames \(halfWindow) each side of the snapshot's instant. Drag the slider or press ← / → (Home: the snapshot instant).</p></header>
        <main>
        <section class="scrub" aria-label="frames">
        <figure><figcaption id="caption"></figcaption><img id="frame" alt="frame under the cursor"></figure>
        <div class="side">
        <div class="controls"><button type="button" id="prev" aria-label="previous frame">◀</button><input type="range" id="slider" min="0" max="\(max(0, window.count - 1))" step="1" value="\(snapIndex)" aria-label="frame under the cursor"><button type="button" id="next" aria-label="next frame">▶</button> <button type="button" id="snap">snapshot instant</button></div>
        <h2>Trace fields</h2><table id="fields"><tbody></tbody></table>
        <h2>Offset and velocity</h2><svg id="plot" viewBox="0 0 600 220" role="img" aria-label="offset and velocity over time"></svg>
        <p class="legend"><span class="offset">— offset (pt)</span> <span class="velocity">— velocity (pt/s)</span> <span class="win"><i class="swatch"></i> frames in the slider</span></p>
        <h2>Input events</h2><svg id="timeline" viewBox="0 0 600 120" role="img" aria-label="input events over time"></svg>
        <ol id="events"></ol>
        </div></section>
        <section><h2>At the snapshot instant (t = \(s.at) s)</h2><div class="compare" id="compare"></div></section>
        </main>
        <script type="application/json" id="trace-data">\(json)</script>
        <script>\(script)</script></body></html>

        """
    }

    static let css = """
    body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1600px;padding:16px 24px;color:#1d1d1f;background:#fafafa}
    h1{font-size:19px;margin:0 0 6px}h2{font-size:15px;margin:14px 0 6px}.hint{color:#666;margin:2px 0}
    .tag{font-size:12px;padding:1px 6px;border-radius:3px;background:#b00020;color:#fff}.tag.missing{background:#e08a00}
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
    .compare{display:flex;gap:12px;align-items:flex-start}.compare figure{margin:0;flex:1 1 0;min-width:0}
    .compare img{display:block;max-width:100%;border:1px solid #444}
    """

    static let script = """
    (function(){
    var d=JSON.parse(document.getElementById('trace-data').textContent);
    var slider=document.getElementById('slider'),img=document.getElementById('frame'),cap=document.getElementById('caption');
    var body=document.querySelector('#fields tbody'),NS='http://www.w3.org/2000/svg';
    function el(p,n,a,t){var e=document.createElementNS(NS,n);for(var k in a)e.setAttribute(k,a[k]);if(t)e.textContent=t;p.appendChild(e);return e}
    var W=600,L=50,R=550;function x(t){return L+(R-L)*(d.duration>0?t/d.duration:0)}
    var t0=d.frames.length?d.frames[0].t:0,t1=d.frames.length?d.frames[d.frames.length-1].t:0;
    function frame(f){return typeof f==='number'?f:'—'}
    // offset / velocity plot
    var plot=document.getElementById('plot'),H=220,T=12,B=200;
    el(plot,'rect',{x:x(t0),y:T,width:Math.max(2,x(t1)-x(t0)),height:B-T,fill:'#eee'});
    function line(idx,color,side){var v=d.series.map(function(s){return s[idx]}).filter(function(q){return typeof q==='number'});
      if(!v.length)return;var lo=Math.min.apply(null,v),hi=Math.max.apply(null,v);if(hi===lo){hi=lo+1}
      var pts=d.series.filter(function(s){return typeof s[idx]==='number'}).map(function(s){return x(s[0]).toFixed(1)+','+(B-(B-T)*(s[idx]-lo)/(hi-lo)).toFixed(1)}).join(' ');
      el(plot,'polyline',{points:pts,fill:'none',stroke:color,'stroke-width':1.5,'class':'series'});
      var X=side==='l'?4:W-4,anchor=side==='l'?'start':'end';
      el(plot,'text',{x:X,y:T+4,'font-size':10,fill:color,'text-anchor':anchor},String(Math.round(hi)));
      el(plot,'text',{x:X,y:B,'font-size':10,fill:color,'text-anchor':anchor},String(Math.round(lo)))}
    line(1,'#1f5fbf','l');line(2,'#c2410c','r');
    el(plot,'text',{x:L,y:H-4,'font-size':10},'0 s');el(plot,'text',{x:R,y:H-4,'font-size':10,'text-anchor':'end'},d.duration+' s');
    el(plot,'line',{x1:x(d.at),x2:x(d.at),y1:T,y2:B,stroke:'#b00020','stroke-dasharray':'3 2'});
    var pc=el(plot,'line',{id:'plot-cursor',y1:T,y2:B,stroke:'#000','stroke-width':1.5});
    // input events
    var tl=document.getElementById('timeline'),rows=['pointer','wheel','key','other'];
    el(tl,'rect',{x:x(t0),y:4,width:Math.max(2,x(t1)-x(t0)),height:96,fill:'#eee'});
    rows.forEach(function(r,i){el(tl,'text',{x:4,y:22+i*24,'font-size':10},r)});
    var list=document.getElementById('events');
    d.events.forEach(function(e,i){var y=12+rows.indexOf(e[2])*24;
      if(e[1]>e[0])el(tl,'rect',{x:x(e[0]),y:y,width:Math.max(2,x(e[1])-x(e[0])),height:14,fill:'#7aa7e0','class':'event'},e[3]);
      else el(tl,'rect',{x:x(e[0])-1.5,y:y,width:3,height:14,fill:e[2]==='wheel'?'#c2410c':'#333','class':'event'});
      var li=document.createElement('li');li.textContent='t = '+e[0]+' s: '+e[3];li.dataset.at=e[0];li.dataset.end=e[1];list.appendChild(li)});
    el(tl,'line',{x1:x(d.at),x2:x(d.at),y1:4,y2:100,stroke:'#b00020','stroke-dasharray':'3 2'});
    el(tl,'text',{x:L,y:116,'font-size':10},'0 s');el(tl,'text',{x:R,y:116,'font-size':10,'text-anchor':'end'},d.duration+' s');
    var tc=el(tl,'line',{id:'timeline-cursor',y1:4,y2:100,stroke:'#000','stroke-width':1.5});
    function show(i){i=Math.max(0,Math.min(d.frames.length-1,i));slider.value=i;var f=d.frames[i];if(!f)return;
      img.src=f.src||d.frames[f.same].src;cap.textContent='frame '+frame(f.frame)+' · t = '+(+f.t.toFixed(d.timeDecimals))+' s'+(Math.abs(f.t-d.at)<1e-9?' (snapshot instant)':'');
      body.innerHTML='';var rowsOut=[['frame',frame(f.frame)],['t',f.t]];for(var k in f.fields)rowsOut.push([k,f.fields[k]]);
      rowsOut.forEach(function(r){var tr=document.createElement('tr');tr.dataset.field=r[0];var a=document.createElement('td'),b=document.createElement('td');
        a.textContent=r[0];b.textContent=typeof r[1]==='number'?String(Math.round(r[1]*1000)/1000):String(r[1]);tr.appendChild(a);tr.appendChild(b);body.appendChild(tr)});
      [pc,tc].forEach(function(c){c.setAttribute('x1',x(f.t));c.setAttribute('x2',x(f.t))});
      list.querySelectorAll('li').forEach(function(li){li.className=(+li.dataset.at<=f.t&&f.t<=+li.dataset.end+1/d.fps)?'now':''})}
    slider.addEventListener('input',function(){show(+slider.value)});
    document.getElementById('prev').addEventListener('click',function(){show(+slider.value-1)});
    document.getElementById('next').addEventListener('click',function(){show(+slider.value+1)});
    document.getElementById('snap').addEventListener('click',function(){show(d.snapIndex)});
    document.addEventListener('keydown',function(e){if(e.target===slider)return;
      if(e.key==='ArrowLeft'){show(+slider.value-1);e.preventDefault()}else if(e.key==='ArrowRight'){show(+slider.value+1);e.preventDefault()}
      else if(e.key==='Home'){show(d.snapIndex);e.preventDefault()}});
    var cmp=document.getElementById('compare');
    [['expected',d.expected],['actual',d.actual],['diff',d.diff]].forEach(function(p){if(!p[1])return;
      var fig=document.createElement('figure'),c=document.createElement('figcaption'),im=document.createElement('img');
      c.textContent=p[0];im.src=p[1];im.alt=p[0];fig.appendChild(c);fig.appendChild(im);cmp.appendChild(fig)});
    show(d.snapIndex);
    })();
    """
}
