extension DashboardTemplates {
    /// The start of every page's head (the board and the login form): a partial of both.
    static let documentHead = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">

        """
}
