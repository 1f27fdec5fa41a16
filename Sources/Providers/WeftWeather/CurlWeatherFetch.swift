import WeftCore
import WeftHTTP

/// The weather kinds' HTTP: WeftHTTP's libcurl client behind the providers' fetch seam.
///
/// Every status comes back as a response, because the provider reads error bodies (an API's JSON message) and
/// rate-limit headers itself; only transfer failures (refused, timed out, over the size cap) throw.
enum CurlWeatherFetch: WeatherFetchSource {
    static var fetch: WeatherFetch {
        { request in
            var headers = request.headers
            let userAgent = headers.removeValue(forKey: "User-Agent") ?? "weft/\(WeftVersion.current)"
            // Validators travel in the client's own fields so they are logged and sent once.
            let etag = headers.removeValue(forKey: "If-None-Match")
            let lastModified = headers.removeValue(forKey: "If-Modified-Since")
            let client = HTTPClient(userAgent: userAgent)
            let http = HTTPRequest(
                url: request.url, headers: headers, etag: etag, lastModified: lastModified, secrets: request.secrets,
                totalTimeout: request.timeout)
            let response: HTTPResponse
            do throws(HTTPError) {
                response = try await client.send(http)
            } catch {
                throw WeatherError.transport(url: request.displayURL, message: error.detail)
            }
            return WeatherResponse(status: response.status, headers: response.headers, body: response.body)
        }
    }
}
