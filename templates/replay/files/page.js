// The replay page's script: it inflates the frames (every distinct line
// once, each frame as line diffs against the one before, gzipped and
// base64-encoded in #rp-data) and steps through them with the buttons,
// the slider, the keys, the log and the address's #entry=N.
(function () {
  'use strict';
  var $ = function (id) { return document.getElementById(id); };
  var root = document.documentElement;
  var board = $('rp-board'), slider = $('rp-slider'), num = $('rp-n');
  var statusLine = $('rp-status'), text = $('rp-text'), log = $('rp-log'), hands = $('rp-hands');
  var fit = $('rp-fit'), bar = document.querySelector('.rp-bar');
  var first = $('rp-first'), prev = $('rp-prev'), next = $('rp-next'), last = $('rp-last'), play = $('rp-play');
  var data = null;      // {lines: [...], frames: [{n, status, hands, svg, text}]}
  var docs = [];        // per frame: {svg: [line ids], text: [line ids]}
  var lastFrame = +slider.max;
  var shown = +slider.value; // the frame on screen
  var want = shown;          // the frame asked for (before the data is ready, too)
  var timer = 0;
  var items = {};            // entry number → its line in the log
  Array.prototype.forEach.call(log.querySelectorAll('li[data-n]'), function (li) {
    items[li.getAttribute('data-n')] = li;
  });

  // undiff builds a frame's line ids from the frame before and its ops:
  // x ≥ 0 is line x; a pair -(s+1), n copies n lines of prev from s.
  function undiff(prevIds, ops) {
    var out = [];
    for (var k = 0; k < ops.length; k++) {
      var x = ops[k];
      if (x >= 0) { out.push(x); continue; }
      var s = -x - 1, n = ops[++k];
      for (var j = 0; j < n; j++) out.push(prevIds[s + j]);
    }
    return out;
  }

  function join(list) {
    var out = new Array(list.length);
    for (var i = 0; i < list.length; i++) out[i] = data.lines[list[i]];
    return out.join('\n');
  }

  // frameOf returns the frame of entry n: the last frame at or before it.
  function frameOf(n) {
    var best = 0;
    for (var i = 0; i < data.frames.length; i++) {
      if (data.frames[i].n <= n) best = i;
    }
    return best;
  }

  function fromHash() {
    var m = /^#entry=(\d+)$/.exec(location.hash);
    return m ? frameOf(+m[1]) : -1;
  }

  function setHash(n) {
    var h = '#entry=' + n;
    if (location.hash === h) return;
    try {
      history.replaceState(history.state, '', h);
    } catch (e) {
      location.replace(h);
    }
  }

  // highlight marks entry n in the log and scrolls the log (only the log)
  // to show it.
  function highlight(n) {
    var old = log.querySelector('.rp-current');
    if (old) { old.classList.remove('rp-current'); old.removeAttribute('aria-current'); }
    var li = items[n];
    if (!li) return;
    li.classList.add('rp-current');
    li.setAttribute('aria-current', 'step');
    var from = li.previousElementSibling && li.previousElementSibling.classList.contains('rp-turn') ? li.previousElementSibling : li;
    var top = from.offsetTop, bottom = li.offsetTop + li.offsetHeight;
    // The part of the log in sight: the log's box less what the window
    // and the bar above it hide.
    var box = log.getBoundingClientRect();
    var seenTop = Math.max(box.top, bar.getBoundingClientRect().bottom), seenBottom = Math.min(box.bottom, window.innerHeight);
    if (seenBottom - seenTop < 40) { seenTop = box.top; seenBottom = box.bottom; }
    var lo = log.scrollTop + (seenTop - box.top), hi = log.scrollTop + (seenBottom - box.top);
    if (top < lo || bottom > hi) {
      log.scrollTop = Math.max(0, top - (seenTop - box.top) - Math.max(0, (hi - lo - (bottom - top)) / 2));
    }
  }

  function buttons(i) {
    first.disabled = prev.disabled = i <= 0;
    next.disabled = last.disabled = i >= lastFrame;
  }

  function render(i) {
    var f = data.frames[i];
    board.innerHTML = join(docs[i].svg);
    text.textContent = join(docs[i].text);
    statusLine.textContent = f.status;
    for (var s = 0; s < f.hands.length; s++) {
      var cell = $('rp-hand-' + s);
      if (cell) cell.textContent = f.hands[s];
    }
    num.textContent = f.n;
    slider.value = i;
    highlight(f.n);
    root.setAttribute('data-entry', f.n);
  }

  // go shows frame i, or remembers it until the frames are unpacked.
  function go(i) {
    i = Math.max(0, Math.min(lastFrame, i));
    want = i;
    buttons(i);
    if (!data) return;
    if (i !== shown) {
      shown = i;
      render(i);
    }
    setHash(data.frames[i].n);
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = 0;
    play.setAttribute('aria-pressed', 'false');
    play.lastElementChild.textContent = 'play';
  }

  function toggle() {
    if (timer) { stop(); return; }
    if (want >= lastFrame) go(0);
    play.setAttribute('aria-pressed', 'true');
    play.lastElementChild.textContent = 'pause';
    timer = setInterval(function () {
      if (want >= lastFrame) { stop(); return; }
      go(want + 1);
    }, 700);
  }

  function step(i) { stop(); go(i); }

  // fitting shows the whole picture in the window instead of the board
  // as wide as the column.
  function fitting() {
    var on = fit.getAttribute('aria-pressed') !== 'true';
    fit.setAttribute('aria-pressed', on ? 'true' : 'false');
    document.body.classList.toggle('rp-fit', on);
    highlight(data ? data.frames[shown].n : root.getAttribute('data-entry'));
  }

  first.addEventListener('click', function () { step(0); });
  prev.addEventListener('click', function () { step(want - 1); });
  next.addEventListener('click', function () { step(want + 1); });
  last.addEventListener('click', function () { step(lastFrame); });
  play.addEventListener('click', toggle);
  fit.addEventListener('click', fitting);
  slider.addEventListener('input', function () { step(+slider.value); });
  window.addEventListener('hashchange', function () {
    if (!data) return;
    var i = fromHash();
    if (i >= 0) step(i);
  });
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
    var t = e.target, tag = t && t.tagName;
    if (t === slider) return; // the slider steps by itself, and says so with input events
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || (t && t.isContentEditable)) return;
    switch (e.key) {
      case 'ArrowRight': step(want + 1); break;
      case 'ArrowLeft': step(want - 1); break;
      case 'Home': step(0); break;
      case 'End': step(lastFrame); break;
      case 'f': case 'F': fitting(); break;
      case ' ':
        if (tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY') return;
        toggle();
        break;
      default: return;
    }
    e.preventDefault();
  });
  buttons(want);
  highlight(root.getAttribute('data-entry'));

  function unpack() {
    if (typeof DecompressionStream === 'undefined') {
      return Promise.reject(new Error('it lacks DecompressionStream'));
    }
    var bin = atob($('rp-data').textContent.trim());
    var bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    return new Response(stream).json();
  }

  unpack().then(function (d) {
    data = d;
    var svg = [], txt = [];
    for (var i = 0; i < d.frames.length; i++) {
      svg = undiff(svg, d.frames[i].svg);
      txt = undiff(txt, d.frames[i].text);
      docs.push({ svg: svg, text: txt });
    }
    var h = fromHash();
    if (h >= 0) want = h;
    if (want !== shown) { shown = want; render(want); }
    buttons(want);
    if (h >= 0) setHash(d.frames[want].n);
    root.classList.remove('rp-wait');
    root.setAttribute('data-ready', Math.round(performance.now()));
  }).catch(function (err) {
    statusLine.textContent += ' (this browser cannot unpack the other positions: ' + err.message + ')';
    [first, prev, next, last, play, slider].forEach(function (b) { b.disabled = true; });
    root.classList.remove('rp-wait');
    root.setAttribute('data-ready', 'failed');
  });
}());
