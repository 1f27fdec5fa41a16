import Foundation
import Testing

@testable import WeftPrimitives

/// A library's error in words: no Swift type, enum case or errno reaches a person.
@Suite struct ErrorTextTests {
    private struct Row: Decodable { var steps: Int }

    @Test func enumCasesBecomeWords() {
        // How swift-crypto's and other libraries' enum errors describe themselves.
        #expect(ErrorText.described("CryptoKitASN1Error.invalidPEMDocument") == "invalid PEM document")
        #expect(ErrorText.described("unexpectedEndOfFile(3)") == "unexpected end of file")
        #expect(ErrorText.described("the file ends early") == "the file ends early", "a sentence stays")
    }

    @Test func anErrnoBecomesTheSystemsWords() {
        // NIO's IOError describes itself as the call and its errno.
        #expect(
            ErrorText.described("bind(descriptor:ptr:bytes:): Address already in use (errno: 98)")
                == "address already in use")
        #expect(ErrorText.words(POSIXError(.ENOENT)) == "no such file or directory")
        #expect(ErrorText.words(URLError(.cannotConnectToHost)) == "the server cannot be reached (connection refused)")
    }

    @Test func decodingErrorsSayWhereAndWhat() {
        let decoder = JSONDecoder()
        #expect(throws: Never.self) {
            do {
                _ = try decoder.decode([Row].self, from: Data(#"[{"steps": "many"}]"#.utf8))
            } catch {
                #expect(ErrorText.words(error) == "expected a number at [0].steps")
            }
            do {
                _ = try decoder.decode(Row.self, from: Data("{}".utf8))
            } catch {
                #expect(ErrorText.words(error) == "missing \"steps\"")
            }
        }
    }
}
