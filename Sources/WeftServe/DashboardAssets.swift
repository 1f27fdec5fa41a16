import Hummingbird

/// The board's own style sheet and script, served at `/assets/app.css` and `/assets/app.js` so the page needs no
/// inline style or script (a `Content-Security-Policy` of `script-src 'self'; style-src 'self'` holds), its icon and
/// its web app manifest.
enum DashboardAssets {
    /// Every asset: path, content type, text.
    static let files: [(path: String, type: String, text: String)] = [
        ("/assets/app.css", "text/css; charset=utf-8", css),
        ("/assets/app.js", "text/javascript; charset=utf-8", js),
        ("/assets/icon.svg", "image/svg+xml", icon),
        ("/manifest.webmanifest", "application/manifest+json", manifest),
    ]

    /// Adds the assets to `router`, each with an ETag. The server adds them ahead of the token gate: they hold no
    /// data, the login page needs its style, and browsers fetch an icon and a manifest without the session cookie.
    static func add(to router: Router<ServeContext>) {
        for file in files {
            for method in [HTTPRequest.Method.get, .head] {
                router.on(RouterPath(file.path), method: method) { request, _ in
                    Reply.text(file.text, type: file.type).conditional(ifNoneMatch: request.headers[.ifNoneMatch])
                        .response
                }
            }
        }
    }

    /// `/assets/icon.svg`: the favicon and the home-screen icon, three woven threads on the accent blue.
    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
        <rect width="64" height="64" rx="14" fill="#2563eb"/>
        <g fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round">
        <path d="M14 20 Q24 12 32 20 T50 20"/><path d="M14 32 Q24 24 32 32 T50 32"/><path d="M14 44 Q24 36 32 44 T50 44"/>
        </g>
        </svg>

        """

    /// `/manifest.webmanifest`: the board as an app a phone can pin, opening at `/` in its own window.
    static let manifest = """
        {"name": "weft", "short_name": "weft", "start_url": "/", "scope": "/", "display": "standalone",
         "background_color": "#f3f4f7", "theme_color": "#2563eb",
         "icons": [{"src": "/assets/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}]}

        """

    /// `/assets/app.css`: light and dark (following `prefers-color-scheme`), a grid that is one column on a phone.
    static let css = #"""
        :root {
          --bg: #f3f4f7; --card: #ffffff; --text: #1b2130; --muted: #6a7282; --line: #e2e5ea; --accent: #2563eb;
          --rain: #1f6fd1; --ok: #15803d; --warn: #b45309; --bad: #c0262d; --hatch: #c9ced6;
          --l1: #d6ecd9; --l2: #9fd3a8; --l3: #55b26a; --l4: #1e7d3a; --future: #f0f1f4;
          --done: #1e7d3a; --due: #c0262d;
          --sun: #f59e0b; --moon: #7c86a8; --cloud: #d5dbe4; --cloud-edge: #9aa5b6; --snow: #3b82c4;
          --bolt: #eab308; --fog: #8c95a5; --temp: #e4572e;
          color-scheme: light dark;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #0f131a; --card: #181d26; --text: #e6e9ef; --muted: #97a0b0; --line: #2a313d; --accent: #6ea8ff;
            --rain: #5aa9ff; --ok: #4ade80; --warn: #fbbf24; --bad: #f87171; --hatch: #3a4250;
            --l1: #1d3a28; --l2: #23603a; --l3: #2f8f4e; --l4: #4fd07a; --future: #1d222c;
            --done: #4fd07a; --due: #f87171;
            --sun: #fbbf24; --moon: #e6e1b8; --cloud: #6f7a8c; --cloud-edge: #a3adbd; --snow: #bfe0ff;
            --bolt: #facc15; --fog: #9aa3b2; --temp: #ff8a65;
          }
        }
        * { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; }
        body { margin: 0; background: var(--bg); color: var(--text); font: 15px/1.45 system-ui, -apple-system,
          "Segoe UI", Roboto, sans-serif; overflow-x: hidden; }
        .board { display: grid; gap: 14px; padding: 14px; max-width: 1500px; margin: 0 auto;
          grid-template-columns: repeat(auto-fill, minmax(min(100%, 340px), 1fr)); grid-auto-flow: dense; }
        .top { grid-column: 1 / -1; display: flex; align-items: baseline; gap: 12px; flex-wrap: wrap; }
        .top h1 { font-size: 1.25rem; margin: 0; letter-spacing: .02em; }
        .top p { margin: 0; }
        .live::before { content: "● "; color: var(--muted); }
        .live.on::before { color: var(--ok); }
        .card { background: var(--card); border: 1px solid var(--line); border-radius: 14px; padding: 14px 16px;
          min-width: 0; overflow-wrap: anywhere; }
        @media (min-width: 760px) { .card.wide { grid-column: span 2; } }
        .card > header { display: flex; justify-content: space-between; align-items: baseline; gap: 8px;
          margin-bottom: 8px; }
        .card h2 { font-size: .95rem; margin: 0; text-transform: uppercase; letter-spacing: .06em;
          color: var(--muted); font-weight: 600; }
        .card .age { font-size: .8rem; color: var(--muted); white-space: nowrap; }
        .card.stale > header, .card.failed > header { opacity: .75; }
        .card.stale .flag { color: var(--warn); font-weight: 600; }
        .card.failed .flag { color: var(--bad); font-weight: 600; }
        .card.stale, .card.failed { border-style: dashed; }
        .card.failed { border-color: color-mix(in srgb, var(--bad) 55%, var(--line)); }
        .problem { margin: 0 0 8px; font-size: .82rem; color: var(--bad); }
        .badge.warning { margin-right: 2px; padding: 0 6px; border-radius: 8px; font-size: .72rem;
            color: var(--warn); border: 1px solid color-mix(in srgb, var(--warn) 55%, var(--line)); cursor: help; }
        .muted { color: var(--muted); }
        .fine { font-size: .75rem; color: var(--muted); margin: 8px 0 0; }
        svg { display: block; max-width: 100%; height: auto; }
        svg text { fill: var(--muted); font-size: 11px; font-family: inherit; }
        /* Weather */
        .weather .now { display: flex; align-items: center; gap: 12px; }
        .weather .now .icon { width: 52px; height: 52px; flex: none; }
        .weather .temp { font-size: 2.6rem; font-weight: 300; line-height: 1; }
        /* Degree signs stay with their numbers: break at spaces only. */
        .weather .temp, .weather .cond small, .days .hl, .hours .t, .wx b { overflow-wrap: normal; }
        .weather .temp, .days .hl b, .days .hl span, .wx b { white-space: nowrap; }
        .weather .cond { display: flex; flex-direction: column; }
        .weather .cond small { color: var(--muted); }
        .weather .headline { margin: 12px 0 4px; font-size: 1.05rem; }
        .ribbon { width: 100%; color: var(--rain); }
        .ribbon text { font-size: 15px; }
        .ribbon .base { stroke: var(--muted); stroke-width: 1; }
        .ribbon .grid { stroke: var(--line); stroke-width: 1; stroke-dasharray: 2 3; }
        .ribbon .hatch { stroke: var(--hatch); stroke-width: 2; }
        .hours { list-style: none; display: flex; gap: 4px; padding: 0; margin: 10px 0 0; }
        .hours li { flex: 1; text-align: center; background: var(--bg); border-radius: 8px; padding: 4px 0;
          display: flex; flex-direction: column; font-size: .8rem; min-width: 0; }
        .hours .h { color: var(--muted); } .hours .t { font-weight: 600; font-size: .95rem; }
        .hours .p { color: var(--rain); }
        .wi { display: block; width: 100%; height: 100%; overflow: visible; }
        /* An icon inside the hours figure: the page's svg rule would stretch it. */
        .hourly .wi { display: inline; width: 20px; height: 20px; max-width: none; }
        .wi path { stroke-linecap: round; stroke-linejoin: round; }
        .wi .sun, .wi .moon, .wi .star { fill: var(--sun); }
        .wi .moon, .wi .star { fill: var(--moon); }
        .wi .rays { fill: none; stroke: var(--sun); stroke-width: 2; }
        .wi .cloud { fill: var(--cloud); stroke: var(--cloud-edge); stroke-width: 1.2; }
        .wi .rain { fill: none; stroke: var(--rain); stroke-width: 2; }
        .wi .snow, .wi .hail { fill: none; stroke: var(--snow); stroke-width: 1.5; }
        .wi .bolt { fill: var(--bolt); stroke: var(--bolt); stroke-width: .8; }
        .wi .fog, .wi .wind { fill: none; stroke: var(--fog); stroke-width: 2; }
        .wi .thermo { fill: none; stroke: var(--temp); stroke-width: 2; }
        .wi .storm { fill: var(--fog); fill-rule: evenodd; }
        .weather .alert { display: flex; flex-wrap: wrap; align-items: baseline; gap: 2px 10px; margin: 0 0 12px;
          padding: 8px 12px; border-radius: 10px; background: var(--line); color: var(--text); }
        .weather .alert small { flex-basis: 100%; opacity: .85; }
        .weather .alert a { color: inherit; font-weight: 600; margin-left: auto; }
        .weather .alert.minor { background: #fde047; color: #2b2300; }
        .weather .alert.moderate { background: #fb923c; color: #2b1100; }
        .weather .alert.severe { background: #dc2626; color: #fff; }
        .weather .alert.extreme { background: #7e22ce; color: #fff; }
        @media (prefers-color-scheme: dark) {
          .weather .alert.minor { background: #ca8a04; color: #1a1400; }
          .weather .alert.moderate { background: #ea580c; color: #fff; }
          .weather .alert.severe { background: #b91c1c; color: #fff; }
          .weather .alert.extreme { background: #6b21a8; color: #fff; }
        }
        /* The next 24 hours keep a readable size: on a phone the figure scrolls inside the card. */
        .hscroll { overflow-x: auto; margin-top: 10px; }
        .hourly { width: 100%; min-width: 520px; }
        .hourly text { font-size: 12px; }
        .hourly .reading { fill: var(--text); font-weight: 600; }
        .hourly .templine { fill: none; stroke: var(--temp); stroke-width: 2.5; stroke-linejoin: round; }
        .hourly .dot { fill: var(--temp); }
        .hourly .pop { fill: var(--rain); opacity: .5; }
        .hourly .base { stroke: var(--line); stroke-width: 1; }
        .days { list-style: none; padding: 0; margin: 10px 0 0; display: grid; gap: 4px;
          grid-template-columns: repeat(auto-fit, minmax(64px, 1fr)); }
        .days li { background: var(--bg); border-radius: 8px; padding: 6px 4px; display: flex; flex-direction: column;
          align-items: center; gap: 2px; font-size: .85rem; min-width: 0; }
        .days .wd { color: var(--muted); font-weight: 600; }
        .days .di { width: 30px; height: 30px; }
        .days .pc { color: var(--rain); font-size: .78rem; min-height: 1.1em; }
        .wx { list-style: none; padding: 0; margin: 10px 0 0; display: flex; flex-wrap: wrap; gap: 6px; }
        .wx li { background: var(--bg); border-radius: 8px; padding: 4px 10px; display: flex; align-items: center;
          flex-wrap: wrap; gap: 0 6px; font-size: .85rem; }
        .wx .k, .wx small { color: var(--muted); }
        .wx .arrow { width: 16px; height: 16px; fill: var(--text); }
        .wx .uv-low b { color: var(--ok); } .wx .uv-moderate b { color: #ca8a04; }
        .wx .uv-high b { color: #ea580c; } .wx .uv-very-high b { color: var(--bad); } .wx .uv-extreme b { color: #9333ea; }
        /* Next Up */
        .event { display: flex; gap: 12px; padding: 8px 0; border-top: 1px solid var(--line); }
        .event.first { border-top: 0; }
        .event .when { display: flex; flex-direction: column; min-width: 64px; }
        .event .countdown { font-size: 1.4rem; font-weight: 600; color: var(--accent); line-height: 1.1; }
        .event .label { font-size: .78rem; color: var(--muted); }
        .event h3 { margin: 0; font-size: 1.05rem; }
        .event p { margin: 2px 0 0; font-size: .88rem; }
        .event:not(.first) .countdown { font-size: 1.1rem; color: var(--text); }
        .tag { font-size: .72rem; border: 1px solid var(--line); border-radius: 6px; padding: 0 5px; color: var(--muted); }
        /* Steps */
        .stepsTop { display: flex; gap: 18px; align-items: center; flex-wrap: wrap; }
        .ring { width: 132px; flex: none; }
        .ring .track { fill: none; stroke: var(--line); stroke-width: 9; }
        .ring .arc { fill: none; stroke: var(--accent); stroke-width: 9; stroke-linecap: round; }
        .ring.met .arc { stroke: var(--ok); }
        .ring .big { fill: var(--text); font-size: 17px; font-weight: 600; }
        .ring .small { font-size: 8.5px; }
        .facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(120px, 1fr)); gap: 6px 16px;
          margin: 0; flex: 1; min-width: 200px; }
        .facts dt, .kv dt { font-size: .75rem; color: var(--muted); }
        .facts dd, .kv dd { margin: 0; font-weight: 600; }
        .history { display: flex; gap: 18px; flex-wrap: wrap; margin-top: 12px; align-items: flex-start; }
        .history figure { margin: 0; min-width: 0; }
        .history figcaption { font-size: .8rem; color: var(--muted); margin-bottom: 4px; }
        .history .year { flex: 3 1 420px; } .history .cal { flex: 1 1 200px; max-width: 320px; }
        .heatmap { width: 100%; }
        .day.l1 { fill: var(--l1); } .day.l2 { fill: var(--l2); } .day.l3 { fill: var(--l3); }
        .day.l4 { fill: var(--l4); } .day.future { fill: var(--future); }
        .day.nodata { fill: transparent; stroke: var(--hatch); stroke-width: 1; stroke-dasharray: 2 1.5; }
        .day.today { stroke: var(--accent); stroke-width: 2; stroke-dasharray: none; }
        .month .mday text { fill: var(--text); font-size: 12px; }
        .legend { display: flex; gap: 12px; flex-wrap: wrap; font-size: .75rem; color: var(--muted); margin: 8px 0 0; }
        .legend span { display: inline-flex; align-items: center; gap: 4px; }
        .legend svg { width: 11px; height: 11px; }
        /* Habits */
        .week { width: 100%; border-collapse: collapse; font-size: .9rem; }
        .week th, .week td { padding: 4px 2px; text-align: center; }
        .week tbody th { text-align: left; font-weight: 500; overflow-wrap: anywhere; }
        .week thead th { font-size: .75rem; color: var(--muted); font-weight: 500; }
        .week thead th.today { color: var(--accent); }
        .week td.done { color: var(--done); font-weight: 700; }
        .week td.due { color: var(--due); }
        .week td.off { color: var(--muted); opacity: .5; }
        .week td.today { background: color-mix(in srgb, var(--accent) 10%, transparent); border-radius: 6px; }
        .week td.streak { font-weight: 600; }
        /* Buttons */
        form.act { display: inline; margin: 0; }
        form.act button { font: inherit; min-width: 34px; height: 34px; border-radius: 10px; cursor: pointer;
          border: 1px solid var(--line); background: var(--bg); color: var(--text); font-size: 1.1rem; line-height: 1; }
        form.act button:hover { border-color: var(--accent); }
        form.act button:disabled { opacity: .5; cursor: wait; }
        form.act button.limit:disabled { cursor: not-allowed; }
        form.act button.done { color: var(--done); }
        /* Alarms and timers */
        .alarm-now { border-radius: 10px; padding: 8px 10px; margin-bottom: 8px;
          background: color-mix(in srgb, var(--accent) 12%, transparent); }
        .alarm-now.ringing { background: color-mix(in srgb, var(--bad) 16%, transparent); }
        .alarm-now p { margin: 0 0 6px; }
        .acts { display: flex; gap: 6px; flex-wrap: wrap; align-items: center; }
        .next-alarm { margin: 0 0 8px; display: flex; gap: 8px; align-items: baseline; flex-wrap: wrap; }
        .next-alarm .clock { font-size: 2rem; font-weight: 600; line-height: 1.1; }
        .next-alarm .countdown { color: var(--accent); font-weight: 600; }
        .alarmlist, .timerlist { list-style: none; padding: 0; margin: 0; }
        .alarmlist li { display: grid; grid-template-columns: 1fr auto; gap: 0 10px; padding: 6px 0;
          border-top: 1px solid var(--line); }
        .alarmlist li .muted { grid-column: 1; font-size: .78rem; }
        .alarmlist li .state { grid-column: 2; grid-row: 1 / span 2; align-self: center; font-size: .85rem; }
        .alarmlist li.off { opacity: .55; }
        .alarmlist li.ringing .state { color: var(--bad); font-weight: 600; }
        .timerlist li { display: grid; grid-template-columns: 1fr auto; gap: 4px 10px; align-items: center;
          padding: 6px 0; border-top: 1px solid var(--line); }
        .timerlist li:first-child, .alarmlist li:first-child { border-top: 0; }
        .tname { display: flex; flex-direction: column; min-width: 0; }
        .tname .label { font-weight: 600; overflow-wrap: anywhere; }
        .tname .muted { font-size: .75rem; }
        .timerlist .remaining { font-size: 1.6rem; font-weight: 600; font-variant-numeric: tabular-nums; }
        .timerlist li.paused .remaining { color: var(--muted); }
        .timerlist li.done .remaining { color: var(--done); }
        .timerlist progress { grid-column: 1 / -1; width: 100%; height: 6px; accent-color: var(--accent); }
        .timerlist .acts { grid-column: 1 / -1; }
        .acts.quick { margin-top: 10px; }
        .acts form.act button { font-size: .9rem; padding: 0 12px; }
        /* Counters */
        .counterlist { list-style: none; padding: 0; margin: 0; }
        .counterlist li { display: grid; grid-template-columns: 1fr auto; gap: 4px 10px; align-items: center;
          padding: 6px 0; border-top: 1px solid var(--line); }
        .counterlist li:first-child { border-top: 0; }
        .cname { display: flex; flex-direction: column; min-width: 0; }
        .cname .key { font-weight: 600; }
        .cname .muted { font-size: .75rem; }
        .cval { display: flex; align-items: center; gap: 6px; }
        .cval .value { font-size: 1.4rem; font-weight: 600; min-width: 2ch; text-align: right; }
        .cval .goal { color: var(--muted); }
        .counterlist progress { grid-column: 1 / -1; width: 100%; height: 6px; accent-color: var(--accent); }
        /* Air quality: each index's own band colours (EEA, EPA), the same in light and dark */
        .air .now { display: flex; align-items: center; gap: 12px; }
        .air .cond { display: flex; flex-direction: column; }
        .air .cond small { color: var(--muted); }
        .air .aqi { font-size: 2rem; font-weight: 600; line-height: 1; padding: 6px 12px; border-radius: 10px;
          border: 1px solid var(--line); min-width: 2.6ch; text-align: center; }
        .air .air-rows { grid-template-columns: repeat(4, auto); margin-top: 10px; }
        .air .pollen { margin: 10px 0 0; font-size: .9rem; }
        .aqi.eu-good { background: #50f0e6; color: #10201f; } .aqi.eu-fair { background: #50ccaa; color: #10201f; }
        .aqi.eu-moderate { background: #f0e641; color: #202010; } .aqi.eu-poor { background: #ff5050; color: #fff; }
        .aqi.eu-very-poor { background: #960032; color: #fff; }
        .aqi.eu-extremely-poor { background: #7d2181; color: #fff; }
        .aqi.us-good { background: #00e400; color: #102010; } .aqi.us-moderate { background: #ffff00; color: #202010; }
        .aqi.us-unhealthy-for-sensitive-groups { background: #ff7e00; color: #1b1000; }
        .aqi.us-unhealthy { background: #ff0000; color: #fff; }
        .aqi.us-very-unhealthy { background: #8f3f97; color: #fff; }
        .aqi.us-hazardous { background: #7e0023; color: #fff; }
        /* Key/value and all variables */
        .kv { margin: 0; display: grid; gap: 6px; }
        .allvars { grid-column: 1 / -1; }
        .allvars summary { cursor: pointer; color: var(--muted); font-weight: 600; }
        .allvars table { width: 100%; border-collapse: collapse; margin-top: 8px; table-layout: fixed;
          font-size: .85rem; }
        .allvars th, .allvars td { text-align: left; vertical-align: top; padding: 3px 6px;
          border-top: 1px solid var(--line); overflow-wrap: anywhere; }
        .allvars th { width: 38%; font-family: ui-monospace, monospace; font-weight: 400; }
        /* Masonry: with the script, the grid's rows are 1 px and each card spans its own height (app.js), so a
           short card does not leave the rest of a tall row empty. Without it, rows as tall as their tallest card. */
        .board.masonry { grid-auto-rows: 1px; row-gap: 0; align-items: start; }
        .board.masonry > * { margin-bottom: 14px; }
        /* A number and its unit or degree sign stay on one line (`.card` may otherwise break a word anywhere) */
        .num, .weather .temp, .hours .t { white-space: nowrap; }
        /* Login: the board's card and colours */
        .login { max-width: 460px; margin: 10vh auto; padding: 0 14px; }
        .login h1 { font-size: 1.25rem; margin: 0 0 8px; letter-spacing: .02em; }
        .login p { margin: 0 0 10px; }
        .login code { font-size: .85em; }
        .login #message { color: var(--bad); }
        .login label { font-size: .85rem; color: var(--muted); }
        .login input[type=password] { width: 100%; font: inherit; padding: 8px 10px; margin-top: 4px;
          border-radius: 10px; border: 1px solid var(--line); background: var(--bg); color: var(--text); }
        .login input[type=password]:focus { outline: 2px solid var(--accent); outline-offset: 1px; }
        .login button { font: inherit; font-weight: 600; padding: 8px 18px; border-radius: 10px; cursor: pointer;
          border: 1px solid var(--accent); background: var(--accent); color: var(--bg); }
        @media (max-width: 480px) {
          .board { padding: 8px; gap: 10px; }
          .board.masonry > * { margin-bottom: 10px; }
          .card { padding: 12px; }
          .weather .temp { font-size: 2.2rem; }
          .days { grid-template-columns: 1fr; }
          .days li { flex-direction: row; justify-content: space-between; padding: 1px 10px; }
          .days .wd { width: 4.5em; } .days .di { width: 26px; height: 26px; }
          .days .pc { width: 3em; text-align: right; } .days .hl { width: 6em; text-align: right; }
          .ring { width: 110px; }
        }
        """#

    /// `/assets/app.js`: swaps in new cards when `/board`'s ETag changes, and sends the buttons with `fetch`.
    static let js = #"""
        "use strict";
        (function () {
          var meta = document.querySelector('meta[name="weft-csrf"]');
          var token = meta ? meta.getAttribute("content") : "";
          var pollMeta = document.querySelector('meta[name="weft-poll"]');
          var every = Math.max(5, Number(pollMeta ? pollMeta.getAttribute("content") : 15)) * 1000;
          var etag = null;
          var busy = false;
          // The server's clock, not the browser's: the ages and the clock are counted from the moment it rendered.
          var nowMeta = document.querySelector('meta[name="weft-now"]');
          var skew = nowMeta ? Date.parse(nowMeta.getAttribute("content")) - Date.now() : 0;
          if (!isFinite(skew)) skew = 0;

          function board() { return document.getElementById("board"); }

          // The words the server wrote in the board's language.
          var words = { justNow: "just now", ago: "{age} ago", min: "min", h: "h", days: "days", live: "live",
            offline: "offline, retrying" };
          try {
            var wordsMeta = document.querySelector('meta[name="weft-words"]');
            if (wordsMeta) words = Object.assign(words, JSON.parse(wordsMeta.getAttribute("content")));
          } catch (error) {}

          // As weft's own age text: 42 s, 5 min, 2 h 3 min (under two days), 4 days.
          function ageText(seconds) {
            if (seconds < 3600) return Math.floor(seconds / 60) + " " + words.min;
            if (seconds < 172800) {
              return Math.floor(seconds / 3600) + " " + words.h + " " + Math.floor(seconds % 3600 / 60) + " " + words.min;
            }
            return Math.floor(seconds / 86400) + " " + words.days;
          }

          function hhmm(now, zone) {
            var options = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
            try {
              return new Intl.DateTimeFormat("en-GB", Object.assign({ timeZone: zone }, options)).format(now);
            } catch (error) {
              return new Intl.DateTimeFormat("en-GB", options).format(now);
            }
          }

          // The clock beside the day and each card's age: written here, so the cards the server sends (and their
          // ETag) stay the same from one poll to the next.
          function tick() {
            var now = Date.now() + skew;
            var clock = document.getElementById("clock");
            if (clock) {
              if (!clock.dataset.day) clock.dataset.day = clock.textContent;
              clock.textContent = clock.dataset.day + " · " + hhmm(now, clock.dataset.zone);
            }
            document.querySelectorAll("time.ago").forEach(function (element) {
              var at = Date.parse(element.getAttribute("datetime"));
              if (!isFinite(at)) return;
              var seconds = Math.floor((now - at) / 1000);
              element.textContent = seconds < 60 ? words.justNow : words.ago.replace("{age}", ageText(seconds));
            });
          }

          function live(on) {
            var mark = document.getElementById("live");
            if (!mark) return;
            mark.textContent = on ? words.live : words.offline;
            mark.classList.toggle("on", on);
          }

          // Masonry on a grid of 1 px rows: each card spans its own height and its margin, so a short card beside a
          // tall one leaves no empty band below it (the grid's `dense` flow fills the holes).
          function pack() {
            var grid = board();
            if (!grid) return;
            grid.classList.add("masonry");
            for (var index = 0; index < grid.children.length; index++) {
              var item = grid.children[index];
              var margin = parseFloat(getComputedStyle(item).marginBottom) || 0;
              var height = Math.ceil(item.getBoundingClientRect().height + margin);
              item.style.gridRowEnd = "span " + Math.max(1, height);
            }
          }

          function swap(html) {
            var open = document.getElementById("allvars");
            var wasOpen = open ? open.open : false;
            board().innerHTML = html;
            var again = document.getElementById("allvars");
            if (again && wasOpen) again.open = true;
            tick();
            pack();
            live(true);
          }

          function refresh() {
            if (busy) return Promise.resolve();
            busy = true;
            var headers = { "Accept": "text/html" };
            if (etag) headers["If-None-Match"] = etag;
            return fetch("/board", { headers: headers, cache: "no-store", credentials: "same-origin" })
              .then(function (response) {
                if (response.status === 304) { live(true); return; }
                if (!response.ok) throw new Error("HTTP " + response.status);
                etag = response.headers.get("ETag");
                return response.text().then(swap);
              })
              .catch(function () { live(false); })
              .then(function () { busy = false; });
          }

          document.addEventListener("submit", function (event) {
            var form = event.target;
            if (!form.classList || !form.classList.contains("act")) return;
            event.preventDefault();
            var button = form.querySelector("button");
            if (button) button.disabled = true;
            fetch(form.getAttribute("action"), {
              method: "POST",
              headers: { "X-CSRF-Token": token, "Accept": "application/json",
                         "Content-Type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams(new FormData(form)).toString(),
              credentials: "same-origin"
            }).then(function (response) {
              if (!response.ok) throw new Error("HTTP " + response.status);
              etag = null;
              busy = false;
              return refresh();
            }).catch(function () {
              live(false);
              if (button) button.disabled = false;
            });
          });

          live(true);
          tick();
          pack();
          window.addEventListener("resize", pack);
          document.addEventListener("toggle", pack, true);
          setInterval(tick, 10000);
          setInterval(function () { if (!document.hidden) refresh(); }, every);
          document.addEventListener("visibilitychange", function () { if (!document.hidden) refresh(); });
        })();
        """#
}
