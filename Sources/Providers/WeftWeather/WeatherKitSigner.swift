import Crypto
import Foundation
import WeftPrimitives

/// Makes the ES256 JSON Web Token WeatherKit REST wants as its bearer token, from a `.p8` private key.
public struct WeatherKitSigner: Sendable {
    /// The Apple Developer team id (`iss`).
    var teamID: String
    /// The WeatherKit service id (`sub`).
    var serviceID: String
    /// The key id of the `.p8` key (`kid`).
    var keyID: String
    /// How long a token is valid.
    var lifetime: TimeInterval
    // The key type is not Sendable, so the signer keeps its raw bytes and rebuilds it to sign.
    private let keyBytes: Data

    /// Creates a signer from the PEM text of a `.p8` key (PKCS#8 or SEC1).
    init(teamID: String, serviceID: String, keyID: String, privateKeyPEM: String, lifetime: TimeInterval = 3600)
        throws(WeatherError)
    {
        do {
            self.keyBytes = try P256.Signing.PrivateKey(pemRepresentation: privateKeyPEM).rawRepresentation
        } catch {
            // swift-crypto says only `invalidPEMDocument` and the like: what matters is what the file should hold.
            let found =
                privateKeyPEM.contains("-----BEGIN")
                ? "its key is not a P-256 (ES256) private key, which a WeatherKit key is"
                : "it holds no PEM key (no -----BEGIN PRIVATE KEY----- line)"
            throw .signing(
                found + "; download the key from Apple Developer (Certificates, Identifiers & Profiles → Keys) as "
                    + "its .p8 file and name that file")
        }
        self.teamID = teamID
        self.serviceID = serviceID
        self.keyID = keyID
        self.lifetime = lifetime
    }

    /// The public half, for checking tokens.
    var publicKey: P256.Signing.PublicKey? {
        (try? P256.Signing.PrivateKey(rawRepresentation: keyBytes))?.publicKey
    }

    /// A token issued at `now`.
    func token(now: Date) throws(WeatherError) -> String {
        // A clock beyond 1970…9999 is not a time to sign with; clamping keeps `issued + lifetime` in range.
        let issued = CheckedNumber.clamped(now.timeIntervalSince1970, to: 0...253_402_300_799, rounding: .down)
        let header: [String: String] = ["alg": "ES256", "kid": keyID, "id": "\(teamID).\(serviceID)"]
        let claims: [String: JSONScalar] = [
            "iss": .string(teamID), "sub": .string(serviceID), "iat": .int(issued),
            "exp": .int(issued + CheckedNumber.clamped(lifetime, to: 0...86_400)),
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let signingInput: String
        do {
            signingInput =
                Self.base64URL(try encoder.encode(header)) + "." + Self.base64URL(try encoder.encode(claims))
        } catch {
            throw .signing("cannot encode the token: \(ErrorText.words(error))")
        }
        let signature: P256.Signing.ECDSASignature
        do {
            let key = try P256.Signing.PrivateKey(rawRepresentation: keyBytes)
            signature = try key.signature(for: Data(signingInput.utf8))
        } catch {
            throw .signing(ErrorText.words(error))
        }
        // JWS wants the raw 64-byte r‖s form, not DER.
        return signingInput + "." + Self.base64URL(signature.rawRepresentation)
    }

    /// Base64url without padding, as JWS uses.
    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes base64url with or without padding.
    static func decodeBase64URL(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64.append("=") }
        return Data(base64Encoded: base64)
    }
}

/// A claim value: the token mixes strings and integers.
enum JSONScalar: Encodable {
    case string(String)
    case int(Int)

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        }
    }
}
