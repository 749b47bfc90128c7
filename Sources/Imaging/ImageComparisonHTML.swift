import Support

/// One image comparison as HTML, the same markup on every page that shows one (`compare
/// --report`, the suite's report, the trace viewer): an element `.comparison` holding the mode
/// buttons and four views — side by side, a slider that wipes between the two images, the diff
/// alone, and a flicker between the two — of which the one named by the element's `data-mode`
/// is shown. A page includes `css` and `script` once and calls `setupComparison(element)` on
/// each comparison once it is in the document. Images are drawn at one scale that fits the
/// element, never stretched past 1:1; images of different sizes are drawn at one scale too.
public enum ImageComparisonHTML {
    /// One image: its address relative to the page (unescaped) and its size in pixels when known.
    public struct Picture: Sendable {
        public var file: String
        public var width: Int?
        public var height: Int?

        public init(file: String, width: Int? = nil, height: Int? = nil) {
            self.file = file
            self.width = width
            self.height = height
        }

        var size: (w: Int, h: Int)? { width.flatMap { w in height.map { (w, $0) } } }
    }

    /// What the two images are called on the page ("expected"/"actual", "old"/"new", "run 1"/"run 2").
    public struct Names: Sendable {
        public var expected: String
        public var actual: String
        public var diff: String

        public init(expected: String = "expected", actual: String = "actual", diff: String = "diff") {
            self.expected = expected
            self.actual = actual
            self.diff = diff
        }
    }

    /// The views in the order of their buttons, with the button's label and the view's class.
    static let modes: [(mode: String, label: String, view: String)] = [
        ("side", "side by side", "side"), ("slider", "slider", "slider"), ("diff", "diff", "diffonly"),
        ("flicker", "flicker", "flicker")
    ]

    /// Images wait until they are near the window or their view is chosen where the browser
    /// defers them.
    static let lazy = " loading=\"lazy\" decoding=\"async\""

    /// The comparison's element. Without both `expected` and `actual` only the side-by-side view
    /// is written (whatever images there are) and no buttons; without `diff` there is no diff view.
    /// `lazy`: images load when near the window (a page of many comparisons); a page of one
    /// loads them at once.
    public static func element(
        expected: Picture?, actual: Picture?, diff: Picture?, names: Names = Names(), lazy: Bool = true
    ) -> String {
        func h(_ s: String) -> String { HTMLText.escape(s) }
        let lazy = lazy ? Self.lazy : ""
        let differ = expected?.size.flatMap { e in actual?.size.map { a in e != a } } ?? false
        func dims(_ p: Picture?) -> String {
            guard let size = p?.size else { return "" }
            return " data-w=\"\(size.w)\" data-h=\"\(size.h)\""
        }
        func figure(_ p: Picture?, _ label: String, _ name: String) -> String {
            guard let p else { return "" }
            let shown = differ && label != "diff" ? (p.size.map { " <span class=\"dim\">\($0.w)×\($0.h)</span>" } ?? "") : ""
            return "<figure class=\"fig-\(label)\"><figcaption>\(h(name))\(shown)</figcaption><img src=\"\(h(p.file))\""
                + " alt=\"\(h(name))\"\(dims(p))\(lazy)></figure>"
        }
        var body =
            "<div class=\"view side\">\(figure(expected, "expected", names.expected))\(figure(actual, "actual", names.actual))"
            + "\(figure(diff, "diff", names.diff))</div>"
        var buttons = ""
        if let expected, let actual {
            let e = h(expected.file), a = h(actual.file), old = h(names.expected), new = h(names.actual)
            buttons =
                "<div class=\"modes\" role=\"group\">"
                + modes.filter { $0.mode != "diff" || diff != nil }.map {
                    "<button type=\"button\" data-mode=\"\($0.mode)\"\($0.mode == "side" ? " aria-pressed=\"true\"" : "")>\($0.label)"
                        + "</button>"
                }.joined()
                + "</div>"
            body +=
                "<div class=\"view slider\"><figure><figcaption>\(old) ◀ slide ▶ \(new)</figcaption><div class=\"wipebox\"><div"
                + " class=\"wipe\"><img src=\"\(a)\" alt=\"\(new)\"\(dims(actual))\(lazy)><div class=\"top\"><img src=\"\(e)\""
                + " alt=\"\(old)\"\(dims(expected))\(lazy)></div></div><input type=\"range\" min=\"0\" max=\"100\" step=\"0.1\""
                + " value=\"50\" aria-label=\"wipe position\"></div></figure></div>"
            if diff != nil { body += "<div class=\"view diffonly\">\(figure(diff, "diff", names.diff))</div>" }
            var sizes = ""
            if let es = expected.size, let asz = actual.size {
                sizes = " data-ew=\"\(es.w)\" data-eh=\"\(es.h)\" data-aw=\"\(asz.w)\" data-ah=\"\(asz.h)\""
            }
            body +=
                "<div class=\"view flicker\"><figure><figcaption class=\"which\">\(old)</figcaption><img\(lazy) src=\"\(e)\""
                + " data-a=\"\(a)\" data-e=\"\(e)\" data-an=\"\(new)\" data-en" + "=\"\(old)\"\(sizes) alt=\"flicker\"></figure></div>"
        }
        return "<div class=\"comparison\" data-mode=\"side\">\(buttons)\(body)</div>"
    }

    /// The comparison's style rules (a page adds its own for everything else).
    public static let css = """
        .comparison{margin:6px 0}
        .modes{margin:6px 0}.modes button{font:inherit;padding:3px 10px;margin-right:4px;border:1px solid #888;\
        background:#f2f2f2;border-radius:4px;cursor:pointer}
        .modes button[aria-pressed=true]{background:#1d1d1f;color:#fff}
        .comparison .view{display:none}.comparison[data-mode=side] .side,.comparison[data-mode=slider] .slider,\
        .comparison[data-mode=diff] .diffonly,.comparison[data-mode=flicker] .flicker{display:flex}
        .comparison .side{gap:12px;align-items:flex-start}.comparison .side figure{flex:1 1 0;min-width:0}
        .comparison figure{margin:0}.comparison figcaption{font-weight:600;margin:0 0 4px}
        .comparison img{display:block;max-width:100%;max-height:calc(100vh - 120px);border:1px solid #444;box-sizing:border-box}
        .wipebox{display:inline-block;max-width:100%;padding:0 7px}.wipe{position:relative;display:block}
        .comparison .dim{font-weight:400;color:#666;font-size:12px}
        .wipe .top{position:absolute;left:0;top:0;bottom:0;width:50%;overflow:hidden}
        .wipe .top img{max-width:none;max-height:none}
        .wipebox input{display:block;width:calc(100% + 14px);margin:4px -7px 0;padding:0;box-sizing:border-box;\
        -webkit-appearance:none;appearance:none;height:18px;background:transparent}
        .wipebox input::-webkit-slider-runnable-track{height:4px;background:#888;border-radius:2px}
        .wipebox input::-webkit-slider-thumb{-webkit-appearance:none;width:14px;height:18px;margin-top:-7px;background:#1d1d1f;\
        border-radius:3px}
        .wipebox input::-moz-range-track{height:4px;background:#888}
        .wipebox input::-moz-range-thumb{width:14px;height:18px;border:0;border-radius:3px;background:#1d1d1f}
        .wipe .top{border-right:1px solid #e00;box-sizing:border-box}
        """

    /// Defines `setupComparison(element)`: the mode buttons, the slider, the flicker, and the one
    /// scale of each view's images (again when the window is resized).
    public static let script = """
        window.setupComparison=function(box){
          if(!box||box.dataset.setup)return;box.dataset.setup='';
          var timer=null;
          function flick(on){var img=box.querySelector('.flicker img'),cap=box.querySelector('.flicker .which');
            if(timer){clearInterval(timer);timer=null}
            if(on&&img){timer=setInterval(function(){var e=img.getAttribute('src')===img.dataset.e;
              img.setAttribute('src',e?img.dataset.a:img.dataset.e);cap.textContent=e?img.dataset.an:img.dataset.en;flickSize()},600)}}
          // The flicker view shows each image at the one scale that fits the larger.
          function flickSize(){var img=box.querySelector('.flicker img'),avail=box.clientWidth;if(!img||!(img.dataset.ew>\
        0)||!(avail>0))return;
            var e=img.getAttribute('src')===img.dataset.e,w=Math.max(+img.dataset.ew,+img.dataset.aw),\
        h=Math.max(+img.dataset.eh,+img.dataset.ah);
            var k=Math.min(1,(avail-2)/w,(window.innerHeight-122)/h);img.dataset.w=e?img.dataset.ew:img.dataset.aw;\
        img.dataset.h=e?img.dataset.eh:img.dataset.ah;place(img,k)}
          box.querySelectorAll('.modes button').forEach(function(b){b.addEventListener('click',function(){
            box.dataset.mode=b.dataset.mode;
            box.querySelectorAll('.modes button').forEach(function(o){o.setAttribute('aria-pressed',o===b?'true':'false')});
            flick(b.dataset.mode==='flicker');size();});});
          var range=box.querySelector('.slider input'),top=box.querySelector('.wipe .top'),base=box.querySelector('.wipe > img');
          // Every image of a view at one scale (their own sizes in data-w/data-h; never stretched
          // past 1:1, never distorted): the side-by-side row fits the element, the slider's box is
          // the larger of the two images.
          function place(img,k){img.style.maxWidth='none';img.style.maxHeight='none';
            img.style.width=(img.dataset.w*k+2)+'px';img.style.height=(img.dataset.h*k+2)+'px'}
          function size(){var avail=box.clientWidth,tall=window.innerHeight-120;if(!(avail>0))return;
            var imgs=Array.prototype.filter.call(box.querySelectorAll('.side img'),function(i){return i.dataset.w>0&&i.dataset.h>0});
            if(imgs.length){var sum=0,hi=0;imgs.forEach(function(i){sum+=+i.dataset.w+2;hi=Math.max(hi,+i.dataset.h+2)});
              var k=Math.min(1,(avail-12*(imgs.length-1))/sum,tall/hi);
              imgs.forEach(function(i){place(i,k);i.parentNode.style.flex='0 0 auto'})}
            var t=top&&top.querySelector('img');
            if(base&&t&&base.dataset.w>0&&t.dataset.w>0){var w=Math.max(+base.dataset.w,+t.dataset.w),\
        h=Math.max(+base.dataset.h,+t.dataset.h);
              var q=Math.min(1,(avail-16)/w,(tall-2)/h),wipe=top.parentNode;
              place(base,q);place(t,q);wipe.style.width=(w*q+2)+'px';wipe.style.height=(h*q+2)+'px'}}
          // The range is 14 px wider than the images (7 px each side): the thumb's centre runs
          // from the images' left edge to their right edge, and the split follows it to both ends.
          // At either end the red split line goes too, so no pixel of either image stays covered.
          function split(){top.style.width=(range.value)+'%';top.style.borderRightWidth=(range.value>0&&range.value<100)?'1px':'0'}
          size();flickSize();window.addEventListener('resize',function(){size();flickSize()});
          if(range&&top){split();range.addEventListener('input',split)}
        };
        """
}
