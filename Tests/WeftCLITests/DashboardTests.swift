import Foundation
import Testing
import WeftPrimitives
import WeftTestSupport

/// The board at `/` in a real headless Chromium (driven over the DevTools pipe by a standard-library Python
/// script): every card on a cache with rain in 12 minutes (and a weather alert, the next 24 hours and the days
/// ahead), a calendar, a year of steps, habits, a ringing alarm, a running timer and a counter, at 1280 and 390 px in
/// light and dark, and a counter's + button and the Start 25m button clicked in the browser.
@Suite("dashboard", .serialized)
struct DashboardTests {
    /// The rain fixture's moment: rain from minute 12, the series cut here to 46 minutes.
    static let now = "2023-01-24T05:36:00Z"
    static let clock = ["--now", now, "--tz", "America/New_York"]
    static let chromium = "/usr/bin/chromium"

    /// Pirate Weather's minute series with rain from minute 12, the chance rising from 30 % to 90 %, and only 46
    /// minutes given (the ribbon must stop at minute 46, not stretch to 60); with the rest of a full answer for the
    /// weather card, derived in code from the recorded one: its °F temperatures, mph winds and miles read as the `si`
    /// units the fixture claims (°C, m/s, km), the recorded hours and days extended to Pirate Weather's 48 hours and 8
    /// days (New York January temperatures, a rainy afternoon, a day of snow), `uvIndex` 0 at night, and the docs'
    /// alert (`pirateweather-forecast-derived-si-docs-alert.json`, verbatim) moved to run from two hours before the
    /// board's now to ten hours after it.
    static func weatherBody() throws -> [UInt8] {
        let data = try Data(
            contentsOf: URL(
                fileURLWithPath: WeatherCommandTests.fixtures + "/pirateweather-forecast-derived-si-rain-in-12m.json"))
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var minutely = try #require(object["minutely"] as? [String: Any])
        var points = try #require(minutely["data"] as? [[String: Any]])
        points = Array(points.prefix(46))
        for index in 12..<46 {
            points[index]["precipProbability"] = min(0.9, 0.3 + Double(index - 12) * 0.05)
            points[index]["precipIntensity"] = min(3.0, 0.6 + Double(index - 12) * 0.15)
        }
        minutely["data"] = points
        object["minutely"] = minutely
        let celsius = { (fahrenheit: Any?) in ((fahrenheit as? Double ?? 32) - 32) * 5 / 9 }
        var currently = try #require(object["currently"] as? [String: Any])
        for key in ["temperature", "apparentTemperature", "dewPoint"] { currently[key] = celsius(currently[key]) }
        for key in ["windSpeed", "windGust"] { currently[key] = (currently[key] as? Double ?? 0) * 0.44704 }
        currently["visibility"] = (currently["visibility"] as? Double ?? 0) * 1.609344
        currently["uvIndex"] = 0
        object["currently"] = currently
        // 05:00Z is midnight in New York: hour i is local hour i % 24.
        var hourly = try #require(object["hourly"] as? [String: Any])
        var hours = try #require(hourly["data"] as? [[String: Any]])
        let first = try #require(hours.first?["time"] as? Int)
        for index in 0..<48 {
            var hour = index < hours.count ? hours[index] : hours[hours.count - 1]
            let local = Double(index % 24)
            let chance = (11...16).contains(index) ? [0.2, 0.4, 0.7, 0.8, 0.6, 0.3][index - 11] : 0
            hour["time"] = first + index * 3600
            hour["temperature"] = 2 + 3.5 * sin(2 * .pi * (local - 9) / 24)
            hour["precipProbability"] = chance
            hour["precipIntensity"] = chance > 0.5 ? 1.2 : 0
            hour["icon"] =
                chance >= 0.5
                ? "rain" : chance > 0 ? "cloudy" : (7..<17).contains(index % 24) ? "clear-day" : "clear-night"
            if index < hours.count { hours[index] = hour } else { hours.append(hour) }
        }
        hourly["data"] = hours
        object["hourly"] = hourly
        var daily = try #require(object["daily"] as? [String: Any])
        var days = try #require(daily["data"] as? [[String: Any]])
        let morning = try #require(days.first?["time"] as? Int)
        let weeks: [(high: Double, low: Double, chance: Double, icon: String, cm: Double)] = [
            (5.5, -1.5, 0.8, "rain", 0.4), (3, -2, 0.1, "partly-cloudy-day", 0), (1, -5, 0.9, "snow", 6),
            (-1, -7, 0.2, "wind", 0), (2, -4, 0, "clear-day", 0), (6, 0, 0.4, "cloudy", 0.1), (8, 2, 0.6, "sleet", 0.8),
            (7, 1, 0.1, "partly-cloudy-day", 0),
        ]
        for (index, week) in weeks.enumerated() {
            var day = index < days.count ? days[index] : days[days.count - 1]
            for key in ["time", "sunriseTime", "sunsetTime"] {
                day[key] = (days[0][key] as? Int ?? morning) + index * 86_400
            }
            for key in ["temperatureHigh", "temperatureMax"] { day[key] = week.high }
            for key in ["temperatureLow", "temperatureMin"] { day[key] = week.low }
            day["precipProbability"] = week.chance
            day["icon"] = week.icon
            day["precipAccumulation"] = week.cm
            if index < days.count { days[index] = day } else { days.append(day) }
        }
        daily["data"] = days
        object["daily"] = daily
        let alerted = try Data(
            contentsOf: URL(
                fileURLWithPath: WeatherCommandTests.fixtures + "/pirateweather-forecast-derived-si-docs-alert.json"))
        let alerts = try #require(
            (try JSONSerialization.jsonObject(with: alerted) as? [String: Any])?["alerts"] as? [[String: Any]])
        var alert = try #require(alerts.first)
        let now = try #require(ISOInstant.parse(Self.now)).timeIntervalSince1970
        alert["time"] = Int(now) - 7200
        alert["expires"] = Int(now) + 36_000
        object["alerts"] = [alert]
        return Array(try JSONSerialization.data(withJSONObject: object))
    }

    /// A sandbox with weather, a calendar, a year of steps, habits, a counter and a command provider.
    static func sandbox(_ http: TestHTTPServer) async throws -> Sandbox {
        let body = try weatherBody()
        http.route("/forecast/KEY/40.7128,-74.006") { _ in
            TestResponse(headers: [("Content-Type", "application/json")], body: body)
        }
        let box = try Sandbox()
        try box.write("key", "KEY\n")
        try box.provider(
            "weather",
            """
            type = "pirate-weather"
            name = "New York"
            latitude = 40.7128
            longitude = -74.006
            api_key_file = "\(box.path("key"))"
            base_url = "\(http.baseURL)"
            """)
        try box.write(
            "work.ics",
            """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//weft tests//EN\r
            BEGIN:VEVENT\r
            UID:standup@weft\r
            DTSTAMP:20230101T000000Z\r
            DTSTART:20230124T140000Z\r
            DTEND:20230124T141500Z\r
            SUMMARY:Stand-up <b>daily</b>\r
            LOCATION:Room 4\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:offsite@weft\r
            DTSTAMP:20230101T000000Z\r
            DTSTART;VALUE=DATE:20230125\r
            DTEND;VALUE=DATE:20230126\r
            SUMMARY:Team offsite\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:review@weft\r
            DTSTAMP:20230101T000000Z\r
            DTSTART:20230126T160000Z\r
            DTEND:20230126T170000Z\r
            SUMMARY:Design review\r
            END:VEVENT\r
            END:VCALENDAR\r

            """)
        try box.provider(
            "work", "type = \"calendar\"\nsources = [{ name = \"Work\", path = \"\(box.path("work.ics"))\" }]\n")
        // A year of daily totals (Fitbit's daily CSV), with a gap of ten days and every 9th day under the goal.
        var csv = "Id,ActivityDate,TotalSteps\n"
        let start = try #require(ISOInstant.parse("2022-01-26T12:00:00Z"))
        for offset in 0..<364 where !(200..<210).contains(offset) {
            let date = LocalTime.components(of: start.addingTimeInterval(Double(offset) * 86_400), in: .gmt)
            let steps = offset % 9 == 0 ? 2000 + offset * 7 : 6000 + (offset * 37) % 7000
            csv += "1,\(date.month)/\(date.day)/\(date.year),\(steps)\n"
        }
        try box.write("steps.csv", csv)
        try box.provider(
            "steps", "type = \"steps\"\nfiles = [\"\(box.path("steps.csv"))\"]\ntimezone = \"America/New_York\"\n")
        try box.provider("habits", "type = \"habits\"\ntimezone = \"America/New_York\"\n")
        try box.provider(
            "demo", shellProvider(#"printf '{"note": "<script>document.title=1</script>", "load": 0.42}'"#))
        let refresh = await box.weft(arguments: ["refresh"] + clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        for (name, date) in [("Read", "2023-01-23"), ("Read", "2023-01-22"), ("Stretch", "2023-01-24")] {
            let done = await box.weft(arguments: ["habit", "done", name, "--create", "--date", date] + clock)
            #expect(done.exitCode == 0, "\(done)")
        }
        for _ in 0..<3 {
            let incr = await box.weft(arguments: ["var", "incr", "water", "--goal", "8", "--reset", "daily"] + clock)
            #expect(incr.exitCode == 0, "\(incr)")
        }
        // Wake rings since 00:35 New York (the board's 05:36Z is 00:36), and a 10-minute tea timer has 5 minutes left.
        for (arguments, at) in [
            (["alarm", "add", "00:35", "--on", "2023-01-24", "--label", "Wake"], "2023-01-24T05:30:00Z"),
            (["timer", "start", "10m", "--label", "Tea"], "2023-01-24T05:31:00Z"),
        ] {
            let made = await box.weft(arguments: arguments + ["--now", at, "--tz", "America/New_York"])
            #expect(made.exitCode == 0, "\(made)")
        }
        return box
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: chromium), "needs Debian's chromium"))
    func everyCardInLightAndDarkAtDesktopAndPhoneWidthAndAButtonThatCounts() async throws {
        let http = try TestHTTPServer()
        let box = try await Self.sandbox(http)
        let server = try await ServeTests.Server(box, Self.clock)
        // The same cache on the real clock (the zone pinned), for the page's own polls of /board.
        let ticking = try await ServeTests.Server(box, ["--tz", "America/New_York"])
        let shots = box.path("shots")
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        try box.write("cdp.py", Self.script)
        let run = await WeftProcess.run(
            [
                "python3", box.path("cdp.py"), Self.chromium, server.base + "/", shots, box.path("profile"),
                WeftProcess.binary, box.providers, box.cache, ticking.base + "/",
            ],
            timeout: .seconds(120))
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run)")
        let views = try #require(report["views"] as? [[String: Any]], "\(report)")
        #expect(views.count == 4)
        for view in views {
            let name = view["name"] as? String ?? "?"
            #expect(view["scrollWidth"] as? Int == view["innerWidth"] as? Int, "\(name): horizontal scroll \(view)")
            #expect(
                view["cards"] as? [String]
                    == ["weather", "nextup", "steps", "habits", "alarms", "timers", "counters", "command"], "\(name)")
            #expect(view["heatmapDays"] as? Int == 365, "\(name)")
            #expect(view["ribbonPaths"] as? Int == 1, "\(name)")
            #expect(view["ribbonStart"] as? Int == 12, "\(name)")
            #expect(view["ribbonMinutes"] as? Int == 46, "\(name)")
            // The path's rightmost point is where minute 46 ends (600 px for 60 minutes): never stretched to 60.
            #expect(view["ribbonMaxX"] as? Double == 460, "\(name)")
            #expect(view["stale"] as? [String] == [], "\(name): every card is fresh")
            #expect((view["headline"] as? String)?.hasPrefix("Rain in 12m") == true, "\(name): \(view)")
            #expect(view["title"] as? String == "weft", "\(name): the variable's <script> ran")
            #expect(view["nextUp"] as? String == "Stand-up <b>daily</b>", "\(name)")
            #expect(view["columns"] as? Int == ((view["innerWidth"] as? Int ?? 0) <= 400 ? 1 : 3), "\(name): \(view)")
            let weather = try #require(view["weather"] as? [String: Any], "\(name): \(view)")
            let phone = (view["innerWidth"] as? Int ?? 0) <= 400
            #expect(weather["alert"] as? String == "alert moderate", "\(name): \(weather)")
            #expect(weather["alertText"] as? String == "avertissement de neige en vigueur until 10:36", "\(name)")
            #expect(weather["hourLines"] as? Int == 1 && weather["hourBars"] as? Int == 6, "\(name): \(weather)")
            #expect(weather["hourIcons"] as? Int == 8, "\(name): \(weather)")
            #expect(
                weather["hourLabels"] as? [String]
                    == ["now", "03:00", "06:00", "09:00", "12:00", "15:00", "18:00", "21:00"], "\(name): \(weather)")
            #expect(
                weather["days"] as? [String] == ["Today", "Wed", "Thu", "Fri", "Sat", "Sun", "Mon"], "\(name)")
            #expect(weather["details"] as? [String] == ["Sunrise", "Sunset", "Wind", "UV"], "\(name): \(weather)")
            #expect(weather["icons"] as? Int == 1 + 8 + 7, "now, every third hour, the days: \(weather)")
            #expect(weather["emoji"] as? Bool == false, "\(name): no emoji in the weather card")
            #expect(weather["degreeBreaks"] as? Int == 0, "\(name): a degree sign wrapped")
            #expect(weather["wide"] as? Bool == !phone, "\(name): two columns wide on a wide screen \(weather)")
            // Every card spans the rows of its own height: no card is stretched to a taller neighbour's row.
            #expect(view["stretched"] as? [String] == [], "\(name): \(view)")
            #expect(view["clock"] as? String == "Tue 24 Jan · 00:36", "\(name): the script writes the time")
            // The ages the script writes from each card's fetch instant, counted on the server's clock: the alarm was
            // set at 05:30 and the timer started at 05:31.
            #expect(
                view["ages"] as? [String]
                    == ["just now", "just now", "just now", "just now", "6 min ago", "5 min ago", "just now"],
                "\(name): \(view)")
            let file = shots + "/\(name).png"
            #expect(FileManager.default.fileExists(atPath: file), "\(name)")
        }
        let dark = try #require(views.first { $0["name"] as? String == "1280-dark" })
        let light = try #require(views.first { $0["name"] as? String == "1280-light" })
        #expect(dark["background"] as? String != light["background"] as? String, "the page follows the colour scheme")
        // The alert's severity colour, and weft's icons, in each scheme.
        let (darkWeather, lightWeather) = (dark["weather"] as? [String: Any], light["weather"] as? [String: Any])
        #expect(
            lightWeather?["alertBackground"] as? String == "rgb(251, 146, 60)", "\(String(describing: lightWeather))")
        #expect(darkWeather?["alertBackground"] as? String == "rgb(234, 88, 12)", "\(String(describing: darkWeather))")
        #expect(lightWeather?["cloud"] as? String == "rgb(213, 219, 228)")
        #expect(darkWeather?["cloud"] as? String == "rgb(111, 122, 140)")
        // The + button, clicked in the browser, changes the value shown and the stored one.
        #expect(report["counterBefore"] as? String == "3")
        #expect(report["counterAfter"] as? String == "4", "\(report)")
        // Then `weft var incr` on the command line, and the open page shows it without reloading.
        #expect(report["counterLive"] as? String == "5", "\(report)")
        #expect(report["reloaded"] as? Bool == false, "\(report)")
        let stored = await box.weft(arguments: ["var", "get", "water"] + Self.clock)
        #expect(stored.stdout == "5\n", "\(stored)")
        // The ringing alarm has its buttons, and Start 25m, clicked in the browser, shows a second running timer.
        #expect(report["alarmButtons"] as? [String] == ["Snooze", "Dismiss"], "\(report)")
        #expect(report["timersBefore"] as? [String] == ["tea running 05:00"], "\(report)")
        #expect(report["timersAfter"] as? [String] == ["tea running 05:00", "25mtimer running 25:00"], "\(report)")
        let timers = await box.weft(arguments: ["get", "__timer_count"] + Self.clock)
        #expect(timers.stdout == "2\n", "\(timers)")
        // README "Live": on the real clock, the page's own polls of /board a second apart, with nothing changed:
        // the first (without an ETag yet) gets the cards, the second a 304.
        #expect(report["polls"] as? [Int] == [200, 304], "\(report)")
        if let keep = ProcessInfo.processInfo.environment["WEFT_DASHBOARD_SHOTS"] {
            for name in ["1280-light", "1280-dark", "390-light", "390-dark", "1280-light-full", "390-light-full"] {
                try? FileManager.default.removeItem(atPath: keep + "/\(name).png")
                try? FileManager.default.copyItem(atPath: shots + "/\(name).png", toPath: keep + "/\(name).png")
            }
        }
        for child in [server.child, ticking.child] {
            child.send(SIGTERM)
            _ = child.ending(within: .seconds(15))
        }
    }

    /// The steps card's best day carries its date: the card reads the plain `yyyy-MM-dd` variable, not the UTC
    /// instant beside it (which never parsed as a day, so the date was never shown).
    @Test func theStepsCardShowsTheBestDaysDate() async throws {
        let http = try TestHTTPServer()
        let box = try await Self.sandbox(http)
        let server = try await ServeTests.Server(box, Self.clock)
        let board = await server.request("/board")
        #expect(board.status == 200, "\(board.status)")
        #expect(board.body.contains("<dt>Best day</dt><dd>12,956 · Tue 2 Aug 2022</dd>"), "\(board.body)")
        server.child.send(SIGTERM)
        _ = server.child.ending(within: .seconds(15))
    }

    @Test func formPostsWithoutScriptRedirectBackAndCountersStepAsVarIncrDoes() async throws {
        let http = try TestHTTPServer()
        let box = try await Self.sandbox(http)
        let server = try await ServeTests.Server(box, Self.clock)
        let form = await server.request(
            "/v1/vars/water/incr", method: "POST", headers: ["Content-Type: application/x-www-form-urlencoded"],
            body: "csrf=x")
        #expect(form.status == 303 && form.headers["location"] == "/", "\(form)")
        let fetch = await server.request(
            "/v1/vars/water/decr", method: "POST", headers: ["Accept: application/json"], body: "")
        #expect(fetch.status == 200 && fetch.body.contains(#""value":"3""#), "\(fetch)")
        let missing = await server.request(
            "/v1/vars/nothing/incr", method: "POST", headers: ["Accept: application/json"])
        #expect(missing.status == 404, "\(missing)")
        let get = await server.request("/v1/vars/water/incr")
        #expect(get.status == 405, "\(get)")

        let done = await server.request("/v1/habits/read/done", method: "POST", headers: ["Accept: application/json"])
        #expect(
            done.status == 200 && done.body.contains(#""done":true"#) && done.body.contains(#""streak":3"#), "\(done)")
        let list = await box.weft(arguments: ["habit", "list", "--json"] + Self.clock)
        #expect(list.stdout.contains("2023-01-24"), "\(list)")
        let undo = await server.request("/v1/habits/read/undo", method: "POST", headers: ["Accept: application/json"])
        #expect(undo.status == 200 && undo.body.contains(#""done":false"#), "\(undo)")
        let unknown = await server.request("/v1/habits/juggling/done", method: "POST")
        #expect(unknown.status == 404, "\(unknown)")

        // The page takes its style and script from the server, and the cards alone come with an ETag.
        let css = await server.request("/assets/app.css")
        #expect(css.status == 200 && css.headers["content-type"]?.hasPrefix("text/css") == true, "\(css.status)")
        let js = await server.request("/assets/app.js")
        #expect(js.status == 200 && js.headers["content-type"]?.hasPrefix("text/javascript") == true)
        let board = await server.request("/board")
        let tag = try #require(board.headers["etag"], "\(board.headers)")
        #expect(board.body.contains("class=\"card weather"), "\(board.body.prefix(300))")
        let again = await server.request("/board", headers: ["If-None-Match: \(tag)"])
        #expect(again.status == 304, "\(again.status)")
        server.child.send(SIGTERM)
        _ = server.child.ending(within: .seconds(15))
    }

    @Test func stepsHistoryPrintsTheYearAndTheMonthPlainWhenPiped() async throws {
        let http = try TestHTTPServer()
        let box = try await Self.sandbox(http)
        let history = await box.weft(arguments: ["steps", "history"] + Self.clock)
        #expect(history.exitCode == 0, "\(history)")
        let lines = history.stdout.components(separatedBy: "\n")
        #expect(lines.first?.hasPrefix("Steps, the past year · 354 days with data") == true, "\(history.stdout)")
        #expect(!history.stdout.contains("\u{1B}["), "no colour when piped")
        let rows = lines.filter {
            ["Mon ", "Tue ", "Wed ", "Thu ", "Fri ", "Sat ", "Sun "].contains(String($0.prefix(4)))
        }
        #expect(rows.count == 7)
        // 2023-01-24 is a Tuesday: the last column of the Tuesday row is today (goal met or not, it has data).
        #expect(rows[1].count == 4 + 53, "\(rows[1])")
        #expect(history.stdout.contains("January 2023"))
        #expect(history.stdout.contains("[24"), "today is marked in the month")
        #expect(history.stdout.contains("· no data"))
        let year = await box.weft(arguments: ["steps", "history", "--year", "2022", "--month", "2022-08"] + Self.clock)
        #expect(year.stdout.hasPrefix("Steps 2022 · "), "\(year)")
        #expect(year.stdout.contains("August 2022"))
        let bad = await box.weft(arguments: ["steps", "history", "--month", "2022-13"] + Self.clock)
        #expect(bad.exitCode != 0 && bad.stderr.contains("--month"), "\(bad)")
    }

    /// Drives Chromium over `--remote-debugging-pipe` (fds 3 and 4, NUL-separated JSON) with the standard library
    /// only: four views (1280 and 390 px wide, light and dark), each measured in the page and captured, then a click
    /// on the water counter's + button. Prints one JSON report.
    static let script = #"""
        import base64, fcntl, json, os, subprocess, sys, time
        chromium, url, shots, profile, weft, providers, cache, ticking = sys.argv[1:9]
        to_r, to_w = os.pipe()
        from_r, from_w = os.pipe()
        def wire():
            a = fcntl.fcntl(to_r, fcntl.F_DUPFD, 10)
            b = fcntl.fcntl(from_w, fcntl.F_DUPFD, 10)
            os.dup2(a, 3)
            os.dup2(b, 4)
        proc = subprocess.Popen(
            [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
             "--remote-debugging-pipe", "--user-data-dir=" + profile, "about:blank"],
            preexec_fn=wire, pass_fds=(3, 4), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_r)
        os.close(from_w)
        buffer, events, counter = b"", [], [0]
        def receive():
            global buffer
            while b"\0" not in buffer:
                chunk = os.read(from_r, 1 << 20)
                if not chunk:
                    raise SystemExit("chromium closed the pipe")
                buffer += chunk
            message, buffer = buffer.split(b"\0", 1)
            return json.loads(message)
        def call(method, params=None, session=None):
            counter[0] += 1
            message = {"id": counter[0], "method": method, "params": params or {}}
            if session:
                message["sessionId"] = session
            os.write(to_w, json.dumps(message).encode() + b"\0")
            while True:
                answer = receive()
                if answer.get("id") == counter[0]:
                    if "error" in answer:
                        raise SystemExit(method + ": " + json.dumps(answer["error"]))
                    return answer.get("result", {})
                events.append(answer)
        def wait_event(name, seconds=20):
            deadline = time.time() + seconds
            while time.time() < deadline:
                for index, event in enumerate(events):
                    if event.get("method") == name:
                        del events[index]
                        return event
                events.append(receive())
            raise SystemExit("no " + name)
        def evaluate(expression, session):
            result = call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session)
            return result.get("result", {}).get("value")
        measure = """(() => {
          const q = s => document.querySelector(s);
          const ribbon = q('svg.ribbon');
          const paths = ribbon ? [...ribbon.querySelectorAll('path.rain')] : [];
          let maxX = null;
          for (const p of paths) {
            const n = p.getAttribute('d').match(/-?[0-9.]+/g).map(Number);
            for (let i = 0; i < n.length; i += 2) maxX = Math.max(maxX === null ? -1 : maxX, n[i]);
          }
          const headline = q('.weather .headline');
          const next = q('.nextup .event h3');
          const w = q('section.card.weather');
          const alert = w.querySelector('.alert');
          // A degree sign on another line than the digit before it.
          let degreeBreaks = 0;
          const walker = document.createTreeWalker(w, NodeFilter.SHOW_TEXT);
          while (walker.nextNode()) {
            const node = walker.currentNode;
            for (let i = node.data.indexOf('°'); i > 0; i = node.data.indexOf('°', i + 1)) {
              const range = document.createRange();
              range.setStart(node, i - 1);
              range.setEnd(node, i + 1);
              const tops = [...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top));
              if (new Set(tops).size > 1) degreeBreaks++;
            }
          }
          const weather = {
            alert: alert ? alert.className : null,
            alertText: alert ? alert.querySelector('strong').textContent + ' ' + alert.querySelector('.span').textContent : null,
            alertBackground: alert ? getComputedStyle(alert).backgroundColor : null,
            hourLines: w.querySelectorAll('svg.hourly path.templine').length,
            hourBars: w.querySelectorAll('svg.hourly rect.pop').length,
            hourIcons: w.querySelectorAll('svg.hourly svg.wi').length,
            hourLabels: [...w.querySelectorAll('svg.hourly > text:not(.reading)')].map(t => t.textContent),
            days: [...w.querySelectorAll('.days .wd')].map(e => e.textContent),
            details: [...w.querySelectorAll('.wx .k')].map(e => e.textContent),
            icons: w.querySelectorAll('svg.wi').length,
            emoji: /\p{Extended_Pictographic}/u.test(w.textContent),
            wide: w.getBoundingClientRect().width > 1.5 * q('section.card.nextup').getBoundingClientRect().width,
            degreeBreaks: degreeBreaks,
            cloud: getComputedStyle(w.querySelector('svg.wi path.cloud')).fill };
          return JSON.stringify({ weather: weather,
            innerWidth: window.innerWidth, scrollWidth: document.documentElement.scrollWidth,
            cards: [...document.querySelectorAll('section.card')].map(c => c.classList[1]),
            stale: [...document.querySelectorAll('section.card.stale, section.card.failed')].map(c => c.classList[1]),
            heatmapDays: document.querySelectorAll('svg.heatmap rect.day').length,
            ribbonPaths: paths.length,
            ribbonStart: ribbon ? Number(ribbon.dataset.startMinute) : null,
            ribbonMinutes: ribbon ? Number(ribbon.dataset.minutes) : null, ribbonMaxX: maxX,
            headline: headline ? headline.textContent : null, title: document.title,
            nextUp: next ? next.textContent : null,
            columns: getComputedStyle(q('#board')).gridTemplateColumns.split(' ').length,
            stretched: [...document.querySelectorAll('#board > section.card')].filter(c => {
              const rows = getComputedStyle(c).gridRowEnd.match(/span ([0-9]+)/);
              const margin = parseFloat(getComputedStyle(c).marginBottom) || 0;
              return !rows || Number(rows[1]) - Math.ceil(c.getBoundingClientRect().height + margin) !== 0;
            }).map(c => c.classList[1]),
            clock: q('#clock') ? q('#clock').textContent : null,
            ages: [...document.querySelectorAll('.card time.ago')].map(t => t.textContent),
            background: getComputedStyle(document.body).backgroundColor });
        })()"""
        report = {"views": []}
        try:
            target = call("Target.createTarget", {"url": "about:blank"})["targetId"]
            session = call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            call("Page.enable", {}, session)
            for width in (1280, 390):
                for scheme in ("light", "dark"):
                    name = "%d-%s" % (width, scheme)
                    call("Emulation.setDeviceMetricsOverride",
                         {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False}, session)
                    call("Emulation.setEmulatedMedia",
                         {"features": [{"name": "prefers-color-scheme", "value": scheme}]}, session)
                    call("Page.navigate", {"url": url}, session)
                    wait_event("Page.loadEventFired")
                    view = json.loads(evaluate(measure, session))
                    view["name"] = name
                    report["views"].append(view)
                    shot = call("Page.captureScreenshot", {"format": "png"}, session)["data"]
                    with open(os.path.join(shots, name + ".png"), "wb") as out:
                        out.write(base64.b64decode(shot))
            # The whole page at 1280 px in light, for the README.
            call("Emulation.setEmulatedMedia",
                 {"features": [{"name": "prefers-color-scheme", "value": "light"}]}, session)
            call("Emulation.setDeviceMetricsOverride",
                 {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False}, session)
            height = evaluate("document.documentElement.scrollHeight", session)
            call("Emulation.setDeviceMetricsOverride",
                 {"width": 1280, "height": height, "deviceScaleFactor": 1, "mobile": False}, session)
            shot = call("Page.captureScreenshot", {"format": "png"}, session)["data"]
            with open(os.path.join(shots, "1280-light-full.png"), "wb") as out:
                out.write(base64.b64decode(shot))
            # And at a phone's 390 px.
            call("Emulation.setDeviceMetricsOverride",
                 {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": False}, session)
            height = evaluate("document.documentElement.scrollHeight", session)
            call("Emulation.setDeviceMetricsOverride",
                 {"width": 390, "height": height, "deviceScaleFactor": 1, "mobile": False}, session)
            shot = call("Page.captureScreenshot", {"format": "png"}, session)["data"]
            with open(os.path.join(shots, "390-light-full.png"), "wb") as out:
                out.write(base64.b64decode(shot))
            call("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]}, session)
            call("Emulation.setDeviceMetricsOverride",
                 {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False}, session)
            call("Page.navigate", {"url": url}, session)
            wait_event("Page.loadEventFired")
            value = "(() => { const o = document.querySelector('li[data-key=\"water\"] output.value'); return o ? o.textContent : null; })()"
            report["counterBefore"] = evaluate(value, session)
            evaluate("document.querySelector('li[data-key=\"water\"] button.plus').click()", session)
            deadline = time.time() + 10
            after = report["counterBefore"]
            while time.time() < deadline and after == report["counterBefore"]:
                time.sleep(0.1)
                after = evaluate(value, session)
            report["counterAfter"] = after
            # A change made elsewhere (the command line) reaches the open page without a reload: the script asks
            # /board again when the tab comes back into view, as it does every few seconds.
            subprocess.run([weft, "var", "incr", "water", "--now", "2023-01-24T05:36:00Z", "--tz", "America/New_York",
                            "--providers", providers, "--cache", cache], check=True, stdout=subprocess.DEVNULL)
            evaluate("window.weftLoaded = true", session)
            evaluate("document.dispatchEvent(new Event('visibilitychange'))", session)
            deadline = time.time() + 10
            live = after
            while time.time() < deadline and live == after:
                time.sleep(0.1)
                live = evaluate(value, session)
            report["counterLive"] = live
            report["reloaded"] = evaluate("window.weftLoaded !== true", session)
            report["alarmButtons"] = evaluate(
                "[...document.querySelectorAll('.alarm-now button')].map(b => b.textContent)", session)
            timers = ("[...document.querySelectorAll('.timerlist li')].map(li => li.dataset.timer + ' ' + li.className"
                      " + ' ' + li.querySelector('output.remaining').textContent)")
            report["timersBefore"] = evaluate(timers, session)
            evaluate("document.querySelector('form[action=\"/v1/timers/start/25m\"] button').click()", session)
            deadline = time.time() + 10
            shown = report["timersBefore"]
            while time.time() < deadline and shown == report["timersBefore"]:
                time.sleep(0.1)
                shown = evaluate(timers, session)
            report["timersAfter"] = shown
            # The page's own polls, on a server with the real clock: each /board answer's status is recorded, and
            # two polls are asked for (as the tab coming back into view does), a second apart.
            call("Page.navigate", {"url": ticking}, session)
            wait_event("Page.loadEventFired")
            evaluate("""window.weftPolls = [];
              const plain = window.fetch;
              window.fetch = (url, options) => plain(url, options).then(r => {
                if (String(url) === '/board') window.weftPolls.push(r.status);
                return r;
              });""", session)
            for count in (1, 2):
                time.sleep(1.1)
                evaluate("document.dispatchEvent(new Event('visibilitychange'))", session)
                deadline = time.time() + 10
                while time.time() < deadline and evaluate("window.weftPolls.length", session) < count:
                    time.sleep(0.1)
            report["polls"] = evaluate("window.weftPolls", session)
        finally:
            print(json.dumps(report))
            try:
                call("Browser.close")
            except BaseException:
                pass
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
        """#
}
