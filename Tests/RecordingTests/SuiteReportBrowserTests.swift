import Foundation
import Testing
@testable import Recording

/// The suite's HTML report loaded in a real browser (headless Chromium, `--dump-dom`): a small
/// script appended to a copy of the page clicks every toggle, follows every contents link and
/// checks every image loaded; the test reads its verdict from the dumped DOM. Chromium is
/// required (`make test` installs it); without it this test fails, it does not skip.
@MainActor
@Suite struct SuiteReportBrowserTests {
    static let checker = """
    <script>
    window.addEventListener('load', function(){
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
      out.textContent = 'toggles=' + checked + ' links=' + links.length + ' problems=' + problems.length + (problems.length ? ': ' + problems.join('; ') : '');
      document.body.appendChild(out);
    });
    </script>
    """

    static func chromium() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome"] where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
                return "\(dir)/\(name)"
            }
        }
        return nil
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
        try page.replacingOccurrences(of: "</body>", with: Self.checker + "</body>").write(toFile: checked, atomically: true, encoding: .utf8)

        // posix_spawn (not Foundation's Process): the DOM goes to a file, Chromium's own
        // warnings (D-Bus, GPU) to another.
        let domFile = f.path("dom.html"), log = f.path("chromium.log")
        let args = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + f.path("chromium-profile"),
                    "--virtual-time-budget=3000", "--dump-dom", "file://" + checked]
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
        let dom = (try? String(contentsOfFile: domFile, encoding: .utf8)) ?? ""
        let verdict = dom.components(separatedBy: "<pre id=\"verdict\">").dropFirst().first?.components(separatedBy: "</pre>").first
        #expect(verdict == "toggles=8 links=4 problems=0", "\(verdict ?? "no verdict in the dumped DOM")")
    }
}
