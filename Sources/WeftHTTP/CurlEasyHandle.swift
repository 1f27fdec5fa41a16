import CCurl
import Foundation

/// Loads libcurl and runs `curl_global_init` once per process, before the first easy handle.
enum CurlGlobal {
    /// Why libcurl is unusable, or nil once it is loaded and initialised. Swift initialises static lets lazily and
    /// exactly once, even across threads.
    static let problem: String? = {
        if let error = ccurl_load_error() { return "libcurl cannot be loaded (\(String(cString: error)))" }
        let code = ccurl_global_init(Int(CURL_GLOBAL_DEFAULT))
        return code == CURLE_OK ? nil : "curl_global_init failed: \(String(cString: ccurl_easy_strerror(code)))"
    }()
}

/// Owns one `CURL*` easy handle, its header list and its error buffer, and frees each exactly once.
/// Used from a single thread for one transfer, so it is deliberately not Sendable.
final class CurlEasyHandle {
    let raw: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// libcurl writes its detailed message here on failure; it must outlive every call on the handle.
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// The first option libcurl rejected, so setup can report it instead of failing later and vaguely.
    private(set) var firstSetupFailure: (option: CURLoption, code: CURLcode)?

    init?() {
        guard CurlGlobal.problem == nil, let handle = ccurl_easy_init() else { return nil }
        raw = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        record(CURLOPT_ERRORBUFFER, ccurl_setopt_ptr(raw, CURLOPT_ERRORBUFFER, errorBuffer))
    }

    deinit {
        ccurl_easy_cleanup(raw)
        // The list must outlive the handle's last use, so it goes after cleanup.
        if let headerList { ccurl_slist_free_all(headerList) }
        errorBuffer.deallocate()
    }

    func set(_ option: CURLoption, _ value: Int) {
        record(option, ccurl_setopt_long(raw, option, value))
    }

    func set(_ option: CURLoption, offset value: Int64) {
        record(option, ccurl_setopt_off(raw, option, curl_off_t(value)))
    }

    /// libcurl copies string options, so the temporary C string is enough.
    func set(_ option: CURLoption, _ value: String) {
        record(option, value.withCString { ccurl_setopt_string(raw, option, $0) })
    }

    func set(_ option: CURLoption, pointer: UnsafeMutableRawPointer) {
        record(option, ccurl_setopt_ptr(raw, option, pointer))
    }

    func set(_ option: CURLoption, callback: ccurl_data_cb) {
        record(option, ccurl_setopt_datacb(raw, option, callback))
    }

    func setOpenSocket(callback: ccurl_opensocket_cb) {
        record(CURLOPT_OPENSOCKETFUNCTION, ccurl_setopt_opensocket(raw, callback))
    }

    func setProgress(callback: ccurl_xferinfo_cb) {
        record(CURLOPT_XFERINFOFUNCTION, ccurl_setopt_xferinfo(raw, callback))
    }

    /// Sets CURLOPT_HTTPHEADER; the list stays owned by this handle.
    func setHeaders(_ lines: [String]) {
        var list: UnsafeMutablePointer<curl_slist>? = nil
        for line in lines {
            guard let appended = ccurl_slist_append(list, line) else {
                record(CURLOPT_HTTPHEADER, CURLE_OUT_OF_MEMORY)
                continue
            }
            list = appended
        }
        if let old = headerList { ccurl_slist_free_all(old) }
        headerList = list
        record(CURLOPT_HTTPHEADER, ccurl_setopt_slist(raw, CURLOPT_HTTPHEADER, list))
    }

    func perform() -> CURLcode {
        errorBuffer[0] = 0
        return ccurl_easy_perform(raw)
    }

    func long(_ info: CURLINFO) -> Int? {
        var value = 0
        return ccurl_getinfo_long(raw, info, &value) == CURLE_OK ? value : nil
    }

    func string(_ info: CURLINFO) -> String? {
        var value: UnsafeMutablePointer<CChar>? = nil
        guard ccurl_getinfo_string(raw, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    /// libcurl's detailed message for the last failure, or the generic text for `code`.
    func message(for code: CURLcode) -> String {
        let detailed = String(cString: errorBuffer)
        if !detailed.isEmpty { return detailed.trimmingCharacters(in: .newlines) }
        return String(cString: ccurl_easy_strerror(code))
    }

    private func record(_ option: CURLoption, _ code: CURLcode) {
        if code != CURLE_OK && firstSetupFailure == nil {
            firstSetupFailure = (option, code)
        }
    }
}
