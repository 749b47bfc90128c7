import Foundation
import Imaging
import Testing
@testable import Recording
@testable import Suite

/// The suite's HTML report loaded in a real browser (headless Chromium, `--dump-dom`): a small
/// script appended to a copy of the page clicks every toggle, follows every contents link and
/// checks every image loaded; the test reads its verdict from the dumped DOM. Chromium is
/// required (`make test` installs it); without it this test fails, it does not skip.
@MainActor
@Suite struct SuiteReportBrowserTests {
    /// Runs `go` once the page loaded, every card's body is rendered (the report renders a card
    /// when it comes near the window) and the images shown side by side have loaded.
    static let whenCardsReady = """
        <script>
        function whenCardsReady(go){ window.addEventListener('load', function(){
          if (window.renderCards) window.renderCards();
          var pending = Array.prototype.filter.call(document.querySelectorAll('.side img'), function(i){ return !i.complete; }\
        ), left = pending.length;
          if (!left) { go(); return; }
          pending.forEach(function(i){ function one(){ if (--left === 0) go(); } i.addEventListener('load', one);\
         i.addEventListener('error', one); });
        }); }
        </script>
        """

    static let checker =
        whenCardsReady + """
            <script>
            whenCardsReady(function(){
              var problems = [], checked = 0;
              document.querySelectorAll('.card.failed').forEach(function(card){
                ['side','slider','diff','flicker'].forEach(function(mode){
                  var b = card.querySelector('.modes button[data-mode=' + mode + ']');
                  if (!b) { problems.push(card.id + ': no ' + mode + ' toggle'); return; }
                  b.click();
                  var cls = {side:'side', slider:'slider', diff:'diffonly', flicker:'flicker'}[mode];
                  card.querySelectorAll('.view').forEach(function(v){
                    var shown = getComputedStyle(v).display !== 'none';
                    if (shown !== v.classList.contains(cls)) problems.push(card.id + ': ' + mode + ' shows ' + v.className);
                  });
                  if (b.getAttribute('aria-pressed') !== 'true') problems.push(card.id + ': ' + mode + ' not pressed');
                  checked++;
                });
                card.querySelector('.modes button[data-mode=side]').click();
                var captions = Array.prototype.map.call(card.querySelectorAll('.side figcaption'), function(c){ return c.textContent; });
                if (captions.join(',') !== 'expected,actual,diff') problems.push(card.id + ': captions ' + captions.join(','));
                card.querySelectorAll('.side figure').forEach(function(f){
                  if (f.firstElementChild.tagName !== 'FIGCAPTION') problems.push(card.id + ': caption not above the image');
                });
              });
              var links = document.querySelectorAll('#toc a');
              links.forEach(function(a){
                var id = a.getAttribute('href').slice(1);
                if (!document.getElementById(id)) problems.push('contents link to missing #' + id);
              });
              document.querySelectorAll('.card').forEach(function(card){
                if (!document.querySelector('#toc a[href="#' + card.id + '"]')) problems.push(card.id + ': not in the contents');
              });
              document.querySelectorAll('.side img').forEach(function(img){
                if (!(img.naturalWidth > 0)) problems.push('image did not load: ' + img.getAttribute('src'));
                var border = parseFloat(getComputedStyle(img).borderTopWidth);
                if (!(border > 0)) problems.push('image without a border: ' + img.getAttribute('src'));
              });
              var out = document.createElement('pre');
              out.id = 'verdict';
              out.textContent = 'toggles=' + checked + ' links=' + links.length + ' problems=' + problems.length + (problems.length\
             ? ': ' + problems.join('; ') : '');
              document.body.appendChild(out);
            });
            </script>
            """

    static func chromium() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome"]
            where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
                return "\(dir)/\(name)"
            }
        }
        return nil
    }

    /// Loads `page` in headless Chromium and returns the DOM after its scripts ran; with
    /// `screenshot`, saves a PNG of the window instead (and returns "").
    /// `budget`: Chromium's virtual time (ms) before it dumps; a page that waits for rendered frames needs more, as
    /// virtual time runs ahead of real frames while the page idles.
    static func dumpDOM(_ browser: String, page: String, folder f: SuiteFixture, screenshot: String? = nil, budget: Int = 3000) throws
        -> String
    {
        // posix_spawn (not Foundation's Process): the DOM goes to a file, Chromium's own
        // warnings (D-Bus, GPU) to another.
        let domFile = f.path("dom-\(UUID().uuidString).html"), log = f.path("chromium.log")
        var args = [
            browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=" + f.path("chromium-profile"),
            "--virtual-time-budget=\(budget)"
        ]
        if let screenshot { args += ["--window-size=1400,1000", "--screenshot=" + screenshot] } else { args.append("--dump-dom") }
        args.append("file://" + page)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, domFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var pid: pid_t = 0
        #expect(posix_spawn(&pid, browser, &actions, nil, argv, environ) == 0)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return FileManager.default.contents(atPath: domFile).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The verdict a checker script left in `<pre id="verdict">`.
    static func verdict(_ dom: String) -> String? {
        dom.components(separatedBy: "<pre id=\"verdict\">").dropFirst().first?.components(separatedBy: "</pre>").first
    }

    @Test func failingSuiteReportWorksInChromium() async throws {
        guard let browser = Self.chromium() else {
            Issue.record("chromium is not installed; `make test` installs it (apt-get install chromium)")
            return
        }
        let f = try SuiteFixture()
        try f.write("suite/a.json", SuiteFixture.listScenario([("start", 0), ("mid", 0.3)]))
        try f.write("suite/b.json", SuiteFixture.listScenario([("end", 0.6)]))
        #expect(await f.run { $0.options.update = .missing } == 0)
        try SuiteFixture.perturb(f.path("suite/__snapshots__/a/mid.png"))
        try SuiteFixture.perturb(f.path("suite/__snapshots__/b/end.png"), x: 50, y: 50, size: 20)
        try FileManager.default.removeItem(atPath: f.path("suite/__snapshots__/a/start.png"))
        #expect(await f.run() == 1)

        let page = try String(contentsOfFile: f.path("results/report/index.html"), encoding: .utf8)
        #expect(page.contains("2 failed, 1 missing, 0 passed"))
        #expect(page.contains("36 differing pixels (0.06 %), over the limit of 0 pixels, threshold 0.1"))
        #expect(page.contains(f.path("suite/__snapshots__")), "names the goldens folder")
        let checked = f.path("results/report/checked.html")
        try page.replacingOccurrences(of: "</body>", with: Self.checker + "</body>").write(
            toFile: checked, atomically: true, encoding: .utf8)

        let dom = try Self.dumpDOM(browser, page: checked, folder: f)
        let verdict = Self.verdict(dom)
        #expect(verdict == "toggles=8 links=5 problems=0", "\(verdict ?? "no verdict in the dumped DOM")")
    }

    /// Clicks the report's filters and search, follows the passed link, measures the wipe
    /// slider against its image, then loads a trace viewer and moves its slider and keys.
    static let filterChecker =
        whenCardsReady + """
            <script>
            whenCardsReady(function(){
              var problems = [];
              function visible(sel){ return Array.prototype.filter.call(document.querySelectorAll(sel),\
             function(e){ return e.offsetParent !== null; }); }
              function press(kind){ document.querySelector('#filters button[data-filter=' + kind + ']').click(); }
              var all = visible('main .card').length;
              press('failed');
              var failed = visible('main .card');
              if (!failed.length || failed.some(function(c){ return !c.classList.contains('failed'); }\
            )) problems.push('failed filter shows ' + failed.map(function(c){ return c.className; }).join(','));
              if (visible('#passed tr[data-status]').length) problems.push('failed filter shows passed rows');
              press('passed');
              if (!document.getElementById('passed').open) problems.push('passed filter leaves the passed section closed');
              if (!visible('#passed tbody tr').length) problems.push('passed filter shows no passed row');
              press('failed'); press('passed');
              if (visible('main .card').length !== all) problems.push('no filter does not show every card');
              var search = document.getElementById('search');
              search.value = 'B.JSON'; search.dispatchEvent(new Event('input'));
              var found = visible('main .card');
              if (found.length !== 1 || found[0].dataset.text.indexOf('b.json') < 0) problems.push('search shows ' + found.length +\
             ' cards');
              search.value = 'no such thing'; search.dispatchEvent(new Event('input'));
              if (document.getElementById('none').hidden) problems.push('no "nothing matches" line');
              search.value = ''; search.dispatchEvent(new Event('input'));
              document.getElementById('passed').open = false;
              document.querySelector('#toc a[href="#passed"]').click();
              if (!document.getElementById('passed').open) problems.push('the passed link lands on a closed section');
              var card = document.querySelector('.card.failed');
              card.querySelector('.modes button[data-mode=slider]').click();
              var img = card.querySelector('.wipe > img'), range = card.querySelector('.slider input');
              // The range reaches 7 px (half its thumb) past the image on each side, so the thumb's
              // centre, and the split with it, runs over the whole image, both ends included.
              if (Math.abs(img.getBoundingClientRect().width + 14 - range.getBoundingClientRect().width) >\
             1) problems.push('slider ' + range.getBoundingClientRect().width + ' wide,\
             image ' + img.getBoundingClientRect().width);
              var top = card.querySelector('.wipe .top'), w = range.getBoundingClientRect().width;
              [0, 25, 100].forEach(function(v){
                range.value = v; range.dispatchEvent(new Event('input'));
                var thumb = range.getBoundingClientRect().left + 7 + (w - 14) * v / 100, edge = top.getBoundingClientRect().right;
                if (Math.abs(thumb - edge) > 1) problems.push('at ' + v + ' the split is at ' + edge + ' but the thumb centre at ' + thumb);
              });
              range.value = 0; range.dispatchEvent(new Event('input'));
              if (top.getBoundingClientRect().width > 0.5) problems.push('at 0 the golden still covers ' +\
             top.getBoundingClientRect().width + ' px');
              range.value = 100; range.dispatchEvent(new Event('input'));
              if (Math.abs(top.getBoundingClientRect().width - img.getBoundingClientRect().width) >\
             0.5) problems.push('at 100 the golden covers ' + top.getBoundingClientRect().width + ' of ' +\
             img.getBoundingClientRect().width + ' px');
              if (!/over the limit of/.test(card.querySelector('.why').textContent)) problems.push('no limit in the failure line');
              if (!document.querySelector('#durations tbody tr')) problems.push('no durations');
              var traces = document.querySelectorAll('.card a.trace');
              var out = document.createElement('pre');
              out.id = 'verdict';
              out.textContent = 'cards=' + all + ' traces=' + traces.length + ' problems=' + problems.length + (problems.length ?\
             ': ' + problems.join('; ') : '');
              document.body.appendChild(out);
            });
            </script>
            """

    static let traceChecker = """
        <script>
        window.addEventListener('load', function(){
          var problems = [];
          var slider = document.getElementById('slider'), img = document.getElementById('frame'),\
         cap = document.getElementById('caption');
          function field(name){ var r = document.querySelector('#fields tr[data-field="' + name + '"] td:last-child');\
         return r ? r.textContent : null; }
          var n = +slider.max + 1, start = +slider.value;
          if (n < 5) problems.push('only ' + n + ' frames');
          if (!/snapshot instant/.test(cap.textContent)) problems.push('does not open at the snapshot instant: ' + cap.textContent);
          ['offset','velocity','phase','scene'].forEach(function(k){ if (field(k) === null) problems.push('no field ' + k); });
          var src = img.src, offset = field('offset'), t = field('t'), cursor =\
         document.getElementById('plot-cursor').getAttribute('x1');
          slider.value = 0; slider.dispatchEvent(new Event('input'));
          if (img.src === src) problems.push('the slider does not change the frame');
          if (field('t') === t) problems.push('the slider does not change the fields');
          if (field('offset') === offset) problems.push('offset unchanged: ' + offset);
          if (document.getElementById('plot-cursor').getAttribute('x1') === cursor) problems.push('the plot cursor does not move');
          if (document.getElementById('timeline-cursor').getAttribute('x1') !==\
         document.getElementById('plot-cursor').getAttribute('x1')) problems.push('cursors disagree');
          document.body.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));
          if (+slider.value !== 1) problems.push('ArrowRight goes to ' + slider.value);
          document.body.dispatchEvent(new KeyboardEvent('keydown', {key: 'Home', bubbles: true}));
          if (+slider.value !== start) problems.push('Home goes to ' + slider.value);
          var events = Array.prototype.map.call(document.querySelectorAll('#events li'), function(li){ return li.textContent; }\
        ).join(' | ');
          ['drag (100, 250)', 'wheel dy -2 (touchpad, precise)', 'key Ctrl+End'].forEach(function(e){ if (events.indexOf(e) <\
         0) problems.push('no event ' + e + ' in ' + events); });
          if (document.querySelectorAll('#plot polyline.series').length !== 2) problems.push('no offset/velocity lines');
          var shown = Array.prototype.map.call(document.querySelectorAll('#compare .side figcaption'),\
         function(c){ return c.textContent; }).join(',');
          // The comparison is the one every page shows: its four views switch as in the suite's report.
          var modes = Array.prototype.map.call(document.querySelectorAll('#compare .modes button'),\
         function(b){ return b.dataset.mode; }).join('/');
          if (modes !== 'side/slider/diff/flicker') problems.push('comparison modes ' + modes);
          var sliderButton = document.querySelector('#compare .modes button[data-mode=slider]');
          if (sliderButton) { sliderButton.click();
            if (getComputedStyle(document.querySelector('#compare .view.slider')).display === 'none') problems.push('slider hidden');
            if (getComputedStyle(document.querySelector('#compare .view.side')).display !== 'none') problems.push('side shown'); }
          document.querySelectorAll('img').forEach(function(i){ if (!(i.naturalWidth > 0)) problems.push('image did not load'); });
          if (document.querySelector('script[src], link[href], img[src^="http"]')) problems.push('loads something from outside');
          var out = document.createElement('pre');
          out.id = 'verdict';
          out.textContent = 'frames=' + n + ' compare=' + shown + ' problems=' + problems.length + (problems.length ? ': ' +\
         problems.join('; ') : '');
          document.body.appendChild(out);
        });
        </script>
        """

    @Test func reportFiltersAndTraceViewerWorkInChromium() async throws {
        guard let browser = Self.chromium() else {
            Issue.record("chromium is not installed; `make test` installs it (apt-get install chromium)")
            return
        }
        let f = try SuiteFixture()
        let events = """
            {"scene": "list", "size": [200, 300], "scale": 1, "fps": 20, "duration": 1.2, "rows": 60, "events": [
             {"at": 0.05, "drag": {"from": [100, 250], "to": [100, 60], "duration": 0.15}},
             {"at": 0.6, "wheel": {"dy": -2, "precise": true, "source": "touchpad"}},
             {"at": 0.8, "key": "Ctrl+End"},
             {"at": 0.3, "snapshot": "flung"}, {"at": 0.63, "snapshot": "wheeled"}, {"at": 1.1, "snapshot": "end"}]}
            """
        try f.write("suite/a.json", events)
        try f.write("suite/b.json", SuiteFixture.listScenario([("start", 0), ("mid", 0.3)]))
        #expect(await f.run { $0.options.update = .missing } == 0)
        try SuiteFixture.perturb(f.path("suite/__snapshots__/a/flung.png"), x: 40, y: 40, size: 30)
        try FileManager.default.removeItem(atPath: f.path("suite/__snapshots__/b/mid.png"))
        // `--trace on`: a viewer per scenario for every snapshot, missing and passed ones too.
        #expect(await f.run { $0.options.trace = .on } == 1)
        let results = try f.results()
        let flung = try #require(results.snapshots.first { $0.snapshot == "flung" })
        #expect(
            flung.traceViewer != nil && results.snapshots.first { $0.snapshot == "mid" }?.traceViewer != nil,
            "a viewer for every failing or missing snapshot")
        for s in results.scenarios {
            #expect(
                Set(s.snapshots.map(\.traceViewer)).count == 1
                    && s.snapshots.allSatisfy { $0.traceViewer?.hasSuffix("/trace.html") == true },
                "one page per scenario, for all its snapshots")
        }

        let page = try String(contentsOfFile: f.path("results/report/index.html"), encoding: .utf8)
        let checked = f.path("results/report/filters.html")
        try page.replacingOccurrences(of: "</body>", with: Self.filterChecker + "</body>").write(
            toFile: checked, atomically: true, encoding: .utf8)
        let verdict = Self.verdict(try Self.dumpDOM(browser, page: checked, folder: f))
        #expect(verdict == "cards=2 traces=2 problems=0", "\(verdict ?? "no verdict")")

        // The viewer linked from the failed card: the scenario's page in its artifact folder (not a
        // copy), opened at the snapshot.
        let link = try #require(
            page.components(separatedBy: "<a class=\"trace\" href=\"").dropFirst().first?.components(separatedBy: "\"").first)
        let flungViewer = try #require(flung.traceViewer)
        #expect(link == "../" + flungViewer + "#flung")
        let viewerFolder = f.path("results/" + flungViewer.dropLast("/trace.html".count))
        let viewer = try String(contentsOfFile: f.path("results/" + flungViewer), encoding: .utf8)
        #expect(viewer.contains("Trace: \(f.path("suite/a.json")) › flung"))
        let traceChecked = viewerFolder + "/trace-checked.html"
        try viewer.replacingOccurrences(of: "</body>", with: Self.traceChecker + "</body>").write(
            toFile: traceChecked, atomically: true, encoding: .utf8)
        let traceVerdict = Self.verdict(try Self.dumpDOM(browser, page: traceChecked, folder: f))
        #expect(traceVerdict == "frames=13 compare=expected,actual,diff problems=0", "\(traceVerdict ?? "no verdict")")

        // Screenshots to look at: the report filtered to failures, the viewer moved off the instant.
        let shots = FileManager.default.currentDirectoryPath + "/.build/report-screenshots"
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        let filtered = f.path("results/report/filtered.html")
        try page.replacingOccurrences(
            of: "</body>",
            with: "<script>window.addEventListener('load',function(){document.querySelector('#filters"
                + " button[data-filter=failed]').click();document.querySelector('.card.failed .modes"
                + " button[data-mode=slider]').click()})</script></body>"
        )
        .write(toFile: filtered, atomically: true, encoding: .utf8)
        let moved = viewerFolder + "/trace-moved.html"
        try viewer.replacingOccurrences(
            of: "</body>",
            with: "<script>window.addEventListener('load',function(){var s=document.getElementById('slider');s.value=2;"
                + "s.dispatchEvent(new Event('input'))})</script></body>"
        )
        .write(toFile: moved, atomically: true, encoding: .utf8)
        for (source, name) in [(filtered, "report-filtered.png"), (moved, "trace-viewer.png")] {
            _ = try Self.dumpDOM(browser, page: source, folder: f, screenshot: shots + "/" + name)
            let png = try PNGDecoder.decodeFile(atPath: shots + "/" + name)
            #expect(png.width == 1400 && png.height == 1000, "\(name)")
        }
    }
}
