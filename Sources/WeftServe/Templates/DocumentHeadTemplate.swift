extension DashboardTemplates {
    /// The start of every page's head (the board and the login form): a partial of both, with the one style
    /// sheet, the icon and the web app manifest (so a phone can pin the board to its home screen).
    static let documentHead = """
        <!doctype html>
        <html lang="{{lang}}{{^lang}}en{{/lang}}"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <meta name="theme-color" content="#f3f4f7" media="(prefers-color-scheme: light)">
        <meta name="theme-color" content="#0f131a" media="(prefers-color-scheme: dark)">
        <link rel="stylesheet" href="/assets/app.css">
        <link rel="icon" href="/assets/icon.svg" type="image/svg+xml">
        <link rel="manifest" href="/manifest.webmanifest">

        """
}
