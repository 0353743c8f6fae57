/// What the tool calls itself and where its documentation lives, in one place: `--version`,
/// SARIF's driver, the server's `serverInfo` and diagnostic `source`, the rule links of
/// editor diagnostics, SARIF and hover, the configuration schema's `$id`; the version is
/// also keyed into the result cache.
public enum Product {
    public static let name = "swiftui-gotchas"
    public static let version = "0.1.0"
    /// The repository's `docs/` folder as published.
    public static let documentationURL = "https://github.com/swiftui-gotchas/swiftui-gotchas/blob/main/docs"
    /// Where the generated rule pages are: `<rulesDocumentationURL>/<rule-id>.md`.
    public static let rulesDocumentationURL = documentationURL + "/rules"
}
