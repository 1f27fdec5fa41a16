/// The form `/login` shows: the token once, in a password field posted to `/login`, never put back in the page.
///
/// The board's style sheet (light and dark), no script, so the Content-Security-Policy holds as it is. The `login` template reads these
/// properties.
struct LoginPage {
    /// The page's CSRF token, in the form's `csrf` field.
    var csrfToken: String
    /// Why the form is shown again (a wrong token), if it is.
    var message: String?

    static let type = "text/html; charset=utf-8"

    func html() -> String {
        DashboardTemplates.render(.login, self)
    }
}
