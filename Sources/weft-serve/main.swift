import Foundation
import WeftEngine
import WeftServe

// Started by `weft serve` with its checked configuration as JSON in the first argument (the token stays in its
// file). A program of its own so that Hummingbird and SwiftNIO load only here, not on every `weft get`.
let arguments = CommandLine.arguments
guard arguments.count == 2,
    var configuration = try? JSONDecoder().decode(
        ServeConfiguration.self, from: Data(arguments[1].utf8))
else {
    FileHandle.standardError.write(Data("weft-serve is started by `weft serve`; run that instead\n".utf8))
    exit(2)
}
do {
    try configuration.loadToken()
    try configuration.check()
    let bind = configuration.bind
    try await WeftServer.run(configuration) { port in
        // The address on stdout, so scripts (and tests) that asked for port 0 learn it.
        FileHandle.standardOutput.write(Data("weft: serving on http://\(bind):\(port)/\n".utf8))
    }
} catch {
    FileHandle.standardError.write(Data("weft: \(error)\n".utf8))
    exit(1)
}
