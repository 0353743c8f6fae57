#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Whether a file is linted (and whether a walk may skip a directory): the governing
/// configuration file's `include`/`exclude`, each list replaced by the editor's when the
/// editor gives one. The editor's lists come from the workspace's settings, so they are
/// matched relative to the workspace folder (`editorBase`); matched against absolute paths,
/// `Sources/**` would leave every file out. The server's lint, its workspace pull and its
/// index walk all decide through this one type.
public struct FileSelection: Sendable {
    /// The configuration file governing the path (nil: none).
    public var file: ConfigurationFile?
    /// The editor's settings (only `include`/`exclude` are read here).
    public var editor: ConfigurationFile
    /// The workspace folder the editor's lists are relative to (nil: the file's directory).
    public var editorBase: String?

    public init(file: ConfigurationFile?, editor: ConfigurationFile, editorBase: String?) {
        self.file = file
        self.editor = editor
        self.editorBase = editorBase
    }

    public func includes(filePath: String) -> Bool {
        includeList.includes(filePath: filePath) && excludeList.includes(filePath: filePath)
    }

    /// Whether `exclude` leaves out everything under the directory at `path`.
    public func excludes(directory path: String) -> Bool {
        excludeList.excludes(directory: path)
    }

    /// A configuration holding only the `include` in effect, anchored where it was written.
    private var includeList: ConfigurationFile { only(\.include, clearing: \.exclude) }

    /// A configuration holding only the `exclude` in effect, anchored where it was written.
    private var excludeList: ConfigurationFile { only(\.exclude, clearing: \.include) }

    private func only(_ kept: WritableKeyPath<ConfigurationFile, [Glob]>,
                      clearing cleared: WritableKeyPath<ConfigurationFile, [Glob]>) -> ConfigurationFile {
        var list = file ?? ConfigurationFile()
        list[keyPath: cleared] = []
        if !editor[keyPath: kept].isEmpty {
            list[keyPath: kept] = editor[keyPath: kept]
            list.path = editorAnchor ?? list.path
        }
        return list
    }

    /// The editor's lists are relative to the workspace folder, as if written in a
    /// configuration file there.
    private var editorAnchor: String? { editorBase.map { $0 + "/" + ConfigurationFile.fileName } }
}
