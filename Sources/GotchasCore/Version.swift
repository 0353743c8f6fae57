/// The tool's version, shown by `--version`, in SARIF, and keyed into caches.
public enum ToolVersion {
    public static let current = "0.1.0"
}
