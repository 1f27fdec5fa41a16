// swift-tools-version:6.0
import PackageDescription

// How weft and weft-notify are linked. A status bar starts `weft get` every second and weft-notify stays resident,
// so what the loader does at start counts: the programs' own symbols are not exported (nothing looks them up; swiftc
// exports all of them, ~18,000, whose tables the loader reads for every library symbol it binds) and their relative
// relocations are packed (DT_RELR, glibc 2.36; ~97,000 RELA entries, 2.3 MB read at every start, become a few kB).
// Both need lld, which the Swift toolchain ships.
let leanStart: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic"])
]

// weft-notify stays resident, and what it keeps resident is mostly its own code: the kernel maps a program's pages
// 64 kB at a time around each one it runs (fault-around), and the ~1 MB of functions the notifier runs lie scattered
// over 21 MB of code, so ~13 MB of it was resident. The release link lays those functions together, in the order
// of Sources/weft-notify/hot-functions.order (written by scripts/notify-hot-functions.sh from what the notifier ran
// under callgrind); a function missing from the list (renamed, new) still links, only away from the others.
let notifyHotFunctions: [LinkerSetting] = [
    .unsafeFlags(
        [
            "-Xlinker", "--symbol-ordering-file=\(String(#filePath.dropLast("Package.swift".count)))"
                + "Sources/weft-notify/hot-functions.order",
            "-Xlinker", "--no-warn-symbol-ordering",
        ], .when(configuration: .release))
]

let package = Package(
    name: "weft",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "weft", targets: ["weft"]),
        .executable(name: "weft-serve", targets: ["weft-serve"]),
        .executable(name: "weft-notify", targets: ["weft-notify"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        // C libraries from Debian, through module maps with a small shim header each.
        // No pkgConfig for either: linking them would load them (and what they pull in) into every process;
        // CLibicalLoader and CCurl's shim load them on first use instead.
        .systemLibrary(name: "CLibical", providers: [.apt(["libical-dev"])]),
        .target(name: "CLibicalLoader"),
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // zlib's raw inflate and CRC-32, for Apple Health's export.zip (libz is linked already, by ZIPFoundation).
        .systemLibrary(name: "CZlibInflate", providers: [.apt(["zlib1g-dev"])]),
        // sd-bus from libsystemd, loaded on first use like libcurl (headers only at build time).
        .systemLibrary(name: "CSDBus", providers: [.apt(["libsystemd-dev"])]),
        // The D-Bus client on sd-bus: the freedesktop Notifications calls and signals, for the notifier.
        .target(name: "WeftDBus", dependencies: ["CSDBus"]),
        // What Swift cannot do safely after fork (a child's setup up to exec), and prctl(PR_SET_PDEATHSIG), pipe2,
        // the pidfd calls and a signal handler that writes to a pipe, which Swift's Glibc module does not show or
        // cannot express (prctl is variadic). Only WeftSpawn uses it.
        .target(name: "CProcess"),
        // libxml2's SAX2 push parser for Apple Health's export.xml, loaded on first use like libical (headers only
        // at build time; Debian installs them under libxml2/).
        .target(name: "CLibXML2Loader", cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])]),

        // Civil dates and local days, ISO instants, durations, paths, time zones, number text: one owner each,
        // no dependencies (not even swift-log), so every other module, WeftHTTP included, can use them.
        .target(name: "WeftPrimitives"),
        // Starting a child process, the one way: argv, environment, directory, streams, process group and
        // parent-death signal; run to capture its output (cap, timeout) or detached and reaped.
        .target(name: "WeftSpawn", dependencies: ["CProcess", "WeftPrimitives"]),
        // The template language: pure, no I/O.
        .target(name: "WeftTemplate", dependencies: ["WeftPrimitives"]),
        // Snapshots, the Provider protocol and registry, provider configuration, errors.
        .target(
            name: "WeftCore",
            dependencies: [
                "WeftPrimitives",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]),
        // The SQLite cache.
        .target(
            name: "WeftStore",
            dependencies: ["WeftCore", "WeftPrimitives", .product(name: "GRDB", package: "GRDB.swift")]),
        // The HTTP client on libcurl: timeouts, size cap, proxies, conditional requests, redaction.
        .target(
            name: "WeftHTTP",
            dependencies: ["CCurl", "WeftPrimitives", .product(name: "Logging", package: "swift-log")]),
        // The HTTP providers' one conditional-fetch owner (validators, 304, freshness, Retry-After, jitter) and the
        // generic single-URL kind, so an HTTP provider is a parser and a key table.
        .target(
            name: "WeftHTTPSource", dependencies: ["WeftCore", "WeftHTTP", "WeftPrimitives"],
            path: "Sources/Providers/WeftHTTPSource"),
        // A loopback HTTP/1.1 server with scripted routes, for tests and the demo replay server.
        .target(
            name: "WeftTestSupport", dependencies: ["WeftPrimitives", .product(name: "Logging", package: "swift-log")]),
        // The `command` provider: any program that prints a JSON object.
        .target(
            name: "WeftCommandProvider", dependencies: ["WeftCore", "WeftPrimitives", "WeftSpawn", "WeftTemplate"],
            path: "Sources/Providers/WeftCommandProvider"),
        // The provider kinds this build ships, in one registry.
        .target(
            name: "WeftProviders",
            dependencies: [
                "WeftCore", "WeftCommandProvider", "WeftWeather", "WeftCalendar", "WeftSteps", "WeftHabits",
                "WeftAlarms", "WeftAirQuality",
            ],
            path: "Sources/Providers/WeftProviders"),
        // The refresh half: which providers are due, running them, and the one door that writes the cache.
        .target(
            name: "WeftRefresh",
            dependencies: ["WeftCore", "WeftPrimitives", "WeftStore", .product(name: "Logging", package: "swift-log")]),
        // What every weft program shares on its command line: the options it reads (the render's clock, zone, locale and
        // locations), how it starts and ends, and its lines on stderr.
        .target(
            name: "WeftCommandLine",
            dependencies: [
                "WeftCore", "WeftPrimitives", "WeftRender", "WeftStore", "WeftTemplate",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The render half: variables from snapshots at the render's now, templates, status-bar output formats. The
        // provider kinds come in from the programs (their registry), so no provider module is imported here.
        .target(
            name: "WeftRender",
            dependencies: [
                "WeftCore", "WeftPrimitives", "WeftSpawn", "WeftStore", "WeftTemplate",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // weft's RFC 5545 recurrence engine (RRULE parsing and expansion in wall-clock seconds): the calendar's series
        // and the alarms' schedules share it, so DST and "every other Tuesday" behave alike in both.
        .target(name: "WeftRecurrence", dependencies: ["WeftPrimitives"], path: "Sources/Providers/WeftRecurrence"),
        // The calendar provider's occurrence engine: iCalendar through libical, recurrence expansion, next/then.
        .target(
            name: "WeftCalendar",
            dependencies: [
                "CLibical", "CLibicalLoader", "WeftCore", "WeftPrimitives", "WeftRecurrence", "WeftHTTP",
                "WeftHTTPSource", .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/Providers/WeftCalendar"),
        // Alarms and timers kept as the user's own records: schedules, `__alarms_*` / `__timer_*`, occasions.
        .target(
            name: "WeftAlarms", dependencies: ["WeftCore", "WeftPrimitives", "WeftRecurrence"],
            path: "Sources/Providers/WeftAlarms"),
        // Weather APIs: request builders, parsers, the 0–60 minute nowcast and `__weather_*` variables.
        .target(
            name: "WeftWeather",
            dependencies: [
                "WeftCore", "WeftPrimitives", "WeftHTTP", "WeftHTTPSource",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Sources/Providers/WeftWeather"),
        // Open-Meteo's air-quality API: the `air-quality` kind, its parser and `__air_*` variables.
        .target(
            name: "WeftAirQuality",
            dependencies: ["WeftCore", "WeftPrimitives", "WeftHTTP", "WeftHTTPSource"],
            path: "Sources/Providers/WeftAirQuality"),
        // Step-count exports, by stage: Reading (exports to samples), Aggregation (de-duplication, daily totals),
        // History (goals, streaks, averages), Provider (the `steps` kind, its snapshot and variables).
        .target(
            name: "WeftSteps",
            dependencies: [
                "CLibXML2Loader", "CZlibInflate", "WeftCore", "WeftPrimitives",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                // Gadgetbridge's exported database, opened read-only.
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Sources/Providers/WeftSteps"),
        // Habit-tracker exports and `weft habit done`: completions, schedules, streaks and `__habits_*` variables.
        .target(
            name: "WeftHabits", dependencies: ["WeftCore", "WeftPrimitives"],
            path: "Sources/Providers/WeftHabits"),
        // What the user changes by hand (habits, steps imports, counters), written through the cache's one writer:
        // the one owner the CLI and the dashboard's buttons call; it sits above the providers and the refresh.
        .target(
            name: "WeftEdits",
            dependencies: [
                "WeftCore", "WeftPrimitives", "WeftStore", "WeftRefresh", "WeftHabits", "WeftSteps", "WeftAlarms",
            ]),
        // `weft notify`: alarms, timers, reminders, rain and rules delivered once each; knows the provider kinds only
        // through the registry of the render session.
        .target(
            name: "WeftNotify",
            dependencies: [
                "WeftCore", "WeftPrimitives", "WeftTemplate", "WeftStore", "WeftRender", "WeftEdits", "WeftDBus",
                "WeftSpawn",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // `weft serve`: the loopback HTTP API and the dashboard, on Hummingbird.
        .target(
            name: "WeftServe",
            dependencies: [
                "WeftRender", "WeftRefresh", "WeftCore", "WeftPrimitives", "WeftStore", "WeftTemplate", "WeftEdits",
                // The one display form of a URL (no credentials), for the errors a card shows.
                "WeftHTTP",
                .product(name: "Hummingbird", package: "hummingbird"),
                // The HTTP/1 channel, wrapped to time and count connections.
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                // The HTTP request and response parts, for the handler that times a connection's requests.
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                // The dashboard's HTML: templates compiled into the binary, values escaped by default.
                .product(name: "Mustache", package: "swift-mustache"),
            ]),
        // The server behind `weft serve`, a program of its own so `weft get` does not load the HTTP stack.
        .executableTarget(
            name: "weft-serve",
            dependencies: [
                "WeftServe", "WeftCommandLine", "WeftPrimitives", "WeftProviders",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The notifier behind `weft notify`, a program of its own with a synchronous entry point (no async runtime,
        // so no worker-pool monitor waking it every second).
        .executableTarget(
            name: "weft-notify",
            dependencies: [
                "WeftNotify", "WeftCommandLine", "WeftCore", "WeftPrimitives", "WeftProviders", "WeftRender",
                "WeftStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["hot-functions.order"],
            linkerSettings: leanStart + notifyHotFunctions),
        .executableTarget(
            name: "weft",
            dependencies: [
                "WeftRender", "WeftRefresh", "WeftProviders", "WeftCommandLine", "WeftCore", "WeftPrimitives",
                "WeftStore",
                "WeftTemplate",
                "WeftWeather", "WeftCalendar", "WeftSteps",
                "WeftHabits", "WeftAlarms", "WeftEdits", "WeftSpawn", "WeftNotify",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            linkerSettings: leanStart),

        .testTarget(name: "WeftPrimitivesTests", dependencies: ["WeftPrimitives", "WeftTestSupport"]),
        .testTarget(name: "WeftSpawnTests", dependencies: ["WeftSpawn", "WeftTestSupport"]),
        .testTarget(name: "WeftTemplateTests", dependencies: ["WeftTemplate", "WeftPrimitives", "WeftTestSupport"]),
        .testTarget(name: "WeftCoreTests", dependencies: ["WeftCore", "WeftPrimitives", "WeftTestSupport"]),
        .testTarget(name: "WeftStoreTests", dependencies: ["WeftStore", "WeftCore"]),
        .testTarget(
            name: "WeftCommandProviderTests", dependencies: ["WeftCommandProvider", "WeftCore", "WeftTestSupport"]),
        .testTarget(
            name: "WeftRefreshTests",
            dependencies: [
                "WeftRefresh", "WeftRender", "WeftProviders", "WeftCore", "WeftPrimitives", "WeftStore",
                "WeftTestSupport",
            ]),
        .testTarget(
            name: "WeftRenderTests",
            dependencies: ["WeftRender", "WeftProviders", "WeftCore", "WeftPrimitives", "WeftStore", "WeftTestSupport"]),
        .testTarget(
            name: "WeftCLITests",
            dependencies: [
                "weft", "weft-serve", "weft-notify", "WeftCommandLine", "WeftPrimitives", "WeftTemplate", "WeftTestSupport",
                // The key and filter tables the manual pages are checked against.
                "WeftCore", "WeftProviders", "WeftRender",
            ]),
        .testTarget(
            name: "WeftHTTPTests",
            dependencies: ["WeftHTTP", "WeftTestSupport", "CCurl", .product(name: "Logging", package: "swift-log")]),
        .testTarget(
            name: "WeftHTTPSourceTests",
            dependencies: [
                "WeftHTTPSource", "WeftHTTP", "WeftCore", "WeftTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Fixtures are found relative to #filePath (Tests/Fixtures/ical), so no resources are declared.
        .testTarget(
            name: "WeftCalendarTests",
            dependencies: ["WeftCalendar", "WeftRecurrence", "WeftCore", "WeftPrimitives", "WeftTestSupport"]),
        .testTarget(
            name: "WeftAlarmsTests",
            dependencies: [
                "WeftAlarms", "WeftEdits", "WeftStore", "WeftCore", "WeftPrimitives", "WeftTestSupport",
            ]),
        .testTarget(
            name: "WeftWeatherTests",
            dependencies: [
                "WeftWeather", "WeftHTTP", "WeftHTTPSource", "WeftCore", "WeftPrimitives", "WeftTestSupport",
            ]),
        .testTarget(
            name: "WeftStepsTests", dependencies: ["WeftSteps", "WeftCore", "WeftPrimitives", "WeftTestSupport"]),
        .testTarget(
            name: "WeftServeTests",
            dependencies: [
                "WeftServe", "WeftRefresh", "WeftProviders", "WeftSteps", "WeftWeather", "WeftHabits", "WeftCore",
                "WeftPrimitives",
            ]),
        // A private session bus and a recording notification server (Tests/Fixtures/dbus), both started by the tests.
        .testTarget(name: "WeftDBusTests", dependencies: ["WeftDBus", "WeftTestSupport"]),
        .testTarget(
            name: "WeftNotifyTests",
            dependencies: [
                "WeftNotify", "WeftRender", "WeftProviders", "WeftCore", "WeftPrimitives", "WeftStore", "WeftDBus",
                "WeftEdits", "WeftAlarms", "WeftTestSupport",
            ]),
        .testTarget(
            name: "WeftHabitsTests",
            dependencies: [
                "WeftHabits", "WeftCore", "WeftPrimitives", "WeftStore", "WeftTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ]),
    ]
)

// libFuzzer targets (Fuzz/), declared only when WEFT_FUZZ=1 (`make fuzz`): plain `swift build` and `swift test`
// never compile them. They are built with `-sanitize=fuzzer`, which links libFuzzer; each calls its driver.
if Context.environment["WEFT_FUZZ"] == "1" {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("FuzzTemplate", ["WeftTemplate"]),
        ("FuzzSteps", ["WeftSteps"]),
        ("FuzzHabits", ["WeftHabits", "WeftCore"]),
        ("FuzzCalendar", ["WeftCalendar", "WeftCore"]),
        ("FuzzOpenMeteo", ["WeftWeather", "WeftCore"]),
        ("FuzzMETNorway", ["WeftWeather", "WeftCore"]),
        ("FuzzPirateWeather", ["WeftWeather", "WeftCore"]),
        ("FuzzWeatherKit", ["WeftWeather", "WeftCore"]),
        ("FuzzProviderFile", ["WeftProviders", "WeftCore"]),
        ("FuzzHTTPHeaders", ["WeftHTTP"]),
        (
            "FuzzServe",
            [
                "WeftServe", "WeftStore", "WeftCore", "WeftProviders",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ]
    package.targets += [
        .target(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], path: "Fuzz/FuzzSupport"),
    ]
    package.targets += fuzzTargets.map {
        .executableTarget(name: $0.name, dependencies: $0.dependencies + ["FuzzSupport"], path: "Fuzz/\($0.name)")
    }
}
