import CCurl
import Foundation
import WeftPrimitives

/// What a finished curl transfer produced, before the HTTP status is judged.
struct CurlOutcome: Sendable {
    var status: Int
    var reason: String
    var headers: [String: String]
    var body: Data
    var effectiveURL: String
    /// Whether a redirect was followed to get here.
    var redirected: Bool
}

/// Why a curl transfer failed, before redaction and mapping to `HTTPError`.
struct CurlFailure: Error, Sendable, CustomStringConvertible {
    enum Kind: Sendable {
        case timedOut, connection, nameResolution, tls, bodyTooLarge, tooManyRedirects, invalid, transfer, cancelled
        /// The address a hop would connect to is one it may not reach (``ConnectRule``).
        case refusedAddress
    }
    var kind: Kind
    var message: String

    var description: String { message }
}

/// Request header lines for CURLOPT_HTTPHEADER, in two variants.
struct HeaderLines: Sendable, Equatable {
    /// Everything, for the requested origin.
    var all: [String]
    /// Without secret and credential headers, for redirect targets on another origin.
    var crossOrigin: [String]
}

/// Scheme, host and port of a URL, to decide where credentials may follow a redirect.
struct URLOrigin: Equatable {
    var scheme: String
    var host: String
    var port: Int

    init?(_ url: String) {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            let host = components.host?.lowercased(), !host.isEmpty
        else { return nil }
        self.scheme = scheme
        self.host = host
        port = components.port ?? (scheme == "https" ? 443 : 80)
    }

    /// Same host, and either the same scheme and port or an upgrade to https; never a downgrade to http.
    func mayReceiveCredentials(_ other: URLOrigin?) -> Bool {
        guard let other, other.host == host else { return false }
        return other == self || (scheme == "http" && other.scheme == "https")
    }
}

/// Which addresses one hop may connect to, judged by the address libcurl resolved (not the name in the URL), in its
/// open-socket callback before any byte is sent.
struct ConnectRule {
    /// A redirect leads outward or stays: never to an address further inside than the origin's.
    var innermost: NetworkScope?
    /// Credentials over plain http go no further out than this (``CredentialTransport``): this machine, or the
    /// local network for a source that allows it (`allow_insecure`); nil when none are sent over plain http.
    var credentialsWithin: NetworkScope?
    /// The hop's URL as messages show it.
    var shownURL: String

    /// Why `scope` (of `address`) may not be reached, or nil.
    func refusal(_ scope: NetworkScope, address: String) -> String? {
        if let credentialsWithin, scope < credentialsWithin {
            let place = credentialsWithin == .thisMachine ? "this machine" : "the local network"
            return "\(shownURL) resolved to \(address), not \(place): credentials are not sent there over plain "
                + "http; use https://"
        }
        if let innermost, scope > innermost {
            return "redirect to \(shownURL) refused: it leads from \(innermost) to \(scope) (\(address))"
        }
        return nil
    }
}

/// One blocking libcurl transfer; call `run` on a thread outside Swift's cooperative pool.
enum CurlTransfer {
    static let allowedProtocols = "http,https"

    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Performs the request, following redirects one hop at a time so each hop gets its own proxy and
    /// credentials only go where they are meant to (see `HeaderLines`).
    static func run(
        request: HTTPRequest, headers: HeaderLines, userAgent: String, environment: [String: String],
        cancellation: CancellationFlag
    ) -> Result<CurlOutcome, CurlFailure> {
        guard let easy = CurlEasyHandle() else {
            return .failure(
                CurlFailure(kind: .invalid, message: CurlGlobal.problem ?? "libcurl could not create a handle"))
        }
        let state = TransferState(maxBodyBytes: request.maxBodyBytes, cancellation: cancellation)
        let statePointer = Unmanaged.passUnretained(state).toOpaque()

        easy.set(CURLOPT_NOSIGNAL, 1)
        easy.set(CURLOPT_HTTPGET, 1)
        easy.set(CURLOPT_PROTOCOLS_STR, allowedProtocols)
        easy.set(CURLOPT_FOLLOWLOCATION, 0)
        if let lowSpeed = request.lowSpeedLimit {
            easy.set(CURLOPT_LOW_SPEED_LIMIT, max(1, lowSpeed.bytesPerSecond))
            easy.set(CURLOPT_LOW_SPEED_TIME, max(1, Self.wholeSecondsRoundingUp(lowSpeed.window)))
        }
        // Rejects a declared Content-Length up front; the write callback enforces the cap on what arrives.
        easy.set(CURLOPT_MAXFILESIZE_LARGE, offset: Int64(max(0, request.maxBodyBytes)))
        easy.set(CURLOPT_ACCEPT_ENCODING, "")
        easy.set(CURLOPT_USERAGENT, userAgent)
        // Verification is always on: there is deliberately no option to turn it off.
        easy.set(CURLOPT_SSL_VERIFYPEER, 1)
        easy.set(CURLOPT_SSL_VERIFYHOST, 2)
        easy.set(CURLOPT_PROXY_SSL_VERIFYPEER, 1)
        easy.set(CURLOPT_PROXY_SSL_VERIFYHOST, 2)

        easy.set(CURLOPT_WRITEFUNCTION, callback: writeCallback)
        easy.set(CURLOPT_WRITEDATA, pointer: statePointer)
        easy.set(CURLOPT_HEADERFUNCTION, callback: headerCallback)
        easy.set(CURLOPT_HEADERDATA, pointer: statePointer)
        easy.set(CURLOPT_NOPROGRESS, 0)
        easy.setProgress(callback: progressCallback)
        easy.set(CURLOPT_XFERINFODATA, pointer: statePointer)
        easy.setOpenSocket(callback: openSocketCallback)
        easy.set(CURLOPT_OPENSOCKETDATA, pointer: statePointer)

        let clock = ContinuousClock()
        let deadline = clock.now + request.totalTimeout
        let origin = URLOrigin(request.url)
        var url = request.url
        var redirects = 0
        // How far inside the requested server is, once connected: where its redirects may lead.
        var originScope: NetworkScope?
        while true {
            let remaining = Int(DurationText.milliseconds(deadline - clock.now))
            guard remaining > 0 else {
                let message =
                    "Operation timed out after \(DurationText.milliseconds(request.totalTimeout)) ms following redirects"
                return .failure(CurlFailure(kind: .timedOut, message: message))
            }
            easy.set(CURLOPT_URL, url)
            easy.set(CURLOPT_TIMEOUT_MS, remaining)
            easy.set(
                CURLOPT_CONNECTTIMEOUT_MS,
                max(1, min(Int(DurationText.milliseconds(request.connectTimeout)), remaining)))
            let trusted = redirects == 0 || origin.map { $0.mayReceiveCredentials(URLOrigin(url)) } == true
            easy.setHeaders(trusted ? headers.all : headers.crossOrigin)
            let proxy = ProxySettings.resolve(url: url, environment: environment)
            easy.set(CURLOPT_PROXY, proxy.proxy)
            easy.set(CURLOPT_NOPROXY, proxy.noProxy)
            var rule = ConnectRule(shownURL: Redactor(secrets: request.allSecrets)(url))
            if request.carriesCredentials, trusted, url.lowercased().hasPrefix("http://") {
                rule.credentialsWithin = request.allowsInsecureCredentials ? .localNetwork : .thisMachine
            }
            if let originScope {
                rule.innermost = originScope
                // A host that says where it is (a literal, localhost) is judged before connecting. Through a proxy
                // the socket goes to the proxy, so that is all that can be judged of a redirect.
                if let host = URLParts(url)?.host, let named = NetworkScope.of(host: host),
                    let refusal = rule.refusal(named, address: host)
                {
                    return .failure(CurlFailure(kind: .refusedAddress, message: refusal))
                }
                if !proxy.proxy.isEmpty { rule.innermost = nil }
            }
            state.connectRule = rule
            if let (option, code) = easy.firstSetupFailure {
                let text = String(cString: ccurl_easy_strerror(code))
                let message = "libcurl rejected option \(option.rawValue): \(text)"
                return .failure(CurlFailure(kind: .invalid, message: message))
            }
            if cancellation.isCancelled {
                return .failure(CurlFailure(kind: .cancelled, message: "cancelled"))
            }

            state.startResponse()
            let code = withExtendedLifetime(state) { easy.perform() }
            guard code == CURLE_OK else {
                return .failure(failure(for: code, state: state, message: easy.message(for: code)))
            }
            if originScope == nil {
                let connected = proxy.proxy.isEmpty ? easy.string(CURLINFO_PRIMARY_IP) : nil
                originScope =
                    connected.flatMap(NetworkScope.of(address:))
                    ?? URLParts(url)?.host.flatMap(NetworkScope.of(host:)) ?? .publicInternet
            }
            let status = easy.long(CURLINFO_RESPONSE_CODE) ?? 0
            if redirectStatuses.contains(status), let next = easy.string(CURLINFO_REDIRECT_URL), !next.isEmpty {
                guard redirects < request.maxRedirects else {
                    let message = "more than \(request.maxRedirects) redirects"
                    return .failure(CurlFailure(kind: .tooManyRedirects, message: message))
                }
                let scheme = next.prefix { $0 != ":" }.lowercased()
                guard scheme == "http" || scheme == "https" else {
                    let message = "redirect to \(next) refused: only http and https are followed"
                    return .failure(CurlFailure(kind: .invalid, message: message))
                }
                redirects += 1
                url = next
                continue
            }
            return .success(
                CurlOutcome(
                    status: status,
                    reason: state.reasonPhrase,
                    headers: state.parsedHeaders(),
                    body: state.body,
                    effectiveURL: easy.string(CURLINFO_EFFECTIVE_URL) ?? url,
                    redirected: redirects > 0))
        }
    }

    static func failure(for code: CURLcode, state: TransferState, message: String) -> CurlFailure {
        if let refusal = state.refusal { return CurlFailure(kind: .refusedAddress, message: refusal) }
        if state.exceededCap { return CurlFailure(kind: .bodyTooLarge, message: message) }
        if state.cancellation.isCancelled { return CurlFailure(kind: .cancelled, message: message) }
        return CurlFailure(kind: kind(of: code), message: message)
    }

    static func kind(of code: CURLcode) -> CurlFailure.Kind {
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut
        case CURLE_COULDNT_CONNECT:
            return .connection
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .nameResolution
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ENGINE_INITFAILED,
            CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_SHUTDOWN_FAILED, CURLE_USE_SSL_FAILED,
            CURLE_SSL_CLIENTCERT:
            return .tls
        case CURLE_FILESIZE_EXCEEDED:
            return .bodyTooLarge
        case CURLE_TOO_MANY_REDIRECTS:
            return .tooManyRedirects
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT, CURLE_BAD_FUNCTION_ARGUMENT:
            return .invalid
        case CURLE_ABORTED_BY_CALLBACK:
            return .cancelled
        default:
            return .transfer
        }
    }

    private static let writeCallback: ccurl_data_cb = { data, size, count, userdata in
        guard let userdata else { return 0 }
        let state = Unmanaged<TransferState>.fromOpaque(userdata).takeUnretainedValue()
        let length = size * count
        guard state.body.count + length <= state.maxBodyBytes else {
            // Returning less than `length` makes libcurl abort with CURLE_WRITE_ERROR: nothing past the cap is kept.
            state.exceededCap = true
            return 0
        }
        if let data, length > 0 {
            state.body.append(UnsafeRawBufferPointer(start: data, count: length).assumingMemoryBound(to: UInt8.self))
        }
        return length
    }

    private static let headerCallback: ccurl_data_cb = { data, size, count, userdata in
        let length = size * count
        guard let userdata, let data else { return length }
        let state = Unmanaged<TransferState>.fromOpaque(userdata).takeUnretainedValue()
        var line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
        while let last = line.unicodeScalars.last, last == "\r" || last == "\n" { line.unicodeScalars.removeLast() }
        if line.hasPrefix("HTTP/") {
            state.statusLine = line
            state.headerLines.removeAll()
        } else if !line.isEmpty {
            state.headerLines.append(line)
        }
        return length
    }

    /// Whole seconds of a duration, rounded up (curl's low-speed window is in seconds).
    private static func wholeSecondsRoundingUp(_ duration: Duration) -> Int {
        let millis = DurationText.milliseconds(duration)
        return Int(millis / 1000 + (millis % 1000 > 0 ? 1 : 0))
    }

    /// Opens the hop's socket only when its `ConnectRule` allows the address libcurl resolved; otherwise records why
    /// and fails the connection, so nothing is sent there.
    private static let openSocketCallback: ccurl_opensocket_cb = { userdata, purpose, address in
        guard let address else { return CURL_SOCKET_BAD }
        if let userdata, purpose == CURLSOCKTYPE_IPCXN {
            let state = Unmanaged<TransferState>.fromOpaque(userdata).takeUnretainedValue()
            var bytes = [UInt8](repeating: 0, count: 16)
            let count = Int(ccurl_sockaddr_bytes(address, &bytes))
            let scope = NetworkScope.of(bytes: Array(bytes.prefix(count))) ?? .publicInternet
            if let rule = state.connectRule, let refusal = rule.refusal(scope, address: addressText(bytes, count)) {
                state.refusal = refusal
                return CURL_SOCKET_BAD
            }
        }
        return ccurl_open_socket(address)
    }

    /// An address's usual text form (`127.0.0.1`, `::1`).
    private static func addressText(_ bytes: [UInt8], _ count: Int) -> String {
        guard count == 4 || count == 16 else { return "an address that is not IPv4 or IPv6" }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let family = count == 4 ? AF_INET : AF_INET6
        let written = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) }
        guard written != nil else { return "an unknown address" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static let progressCallback: ccurl_xferinfo_cb = { userdata, _, _, _, _ in
        guard let userdata else { return 0 }
        let state = Unmanaged<TransferState>.fromOpaque(userdata).takeUnretainedValue()
        return state.cancellation.isCancelled ? 1 : 0
    }
}
