/// What an XcodeGen spec (`project.yml`) says of its targets. XcodeGen generates the Xcode
/// project from the spec, and projects that use it usually do not commit the generated
/// `.xcodeproj`, so the spec (with the xcconfigs it names) is where the deployment targets are.
///
/// Each target becomes the levels Xcode would resolve (`XcodeBuildSettings`), per build
/// configuration, lowest first: the project's `configFiles` xcconfig; the project's settings
/// (`options: deploymentTarget:`, then the read keys of `settings:`); the target's `configFiles`
/// xcconfig; the target's settings (`platform:` as its SDK, `deploymentTarget:`, then the read keys
/// of its `settings:`, which override it as XcodeGen documents).
///
/// Read as indented `key: value` lines, not as YAML in full: the keys read here are plain
/// scalars, one level of mapping or a list of paths. What an `include:`d spec, a target template
/// or a YAML anchor supplies is not seen; a platform whose version only they give stays
/// unconstrained (every rule applies there). A spec whose targets are all in included specs
/// (`name:` and `include:`, no `targets:`) stands for one target over its folder with the
/// project's options and settings.
struct XcodeGenSpec: Sendable, Equatable {
    /// True when the text has a top-level `targets:` key: an XcodeGen spec, not another tool's
    /// `project.yml`.
    var isSpec = false
    /// Every target but the test bundles (no app file is compiled into those).
    var targets: [Target] = []

    struct Target: Sendable, Equatable {
        var model: XcodeProjectModel.Target
        /// The folders and files its `sources:` name (standardized absolute paths): a Swift file
        /// under one is compiled by the target, unless a glob of the spec leaves it out, which is
        /// not read (so a file under none is never said to be in no target).
        var sourcePaths: [String]
    }

    init(path: String, text: String) {
        let lines = Self.keyLines(text)
        let declaresTargets = lines.contains { $0.indent == 0 && $0.key == "targets" }
        // `name:` and `include:` at the top, the targets in the included specs (not read): the
        // project's own options and settings still hold for the files under its folder.
        let includesTargets = !declaresTargets && lines.contains { $0.indent == 0 && $0.key == "include" }
            && lines.contains { $0.indent == 0 && $0.key == "name" }
        isSpec = declaresTargets || includesTargets
        guard isSpec else { return }
        let folder = ProjectSettingsFiles.parent(of: path) ?? ""
        func resolved(_ relative: Substring) -> String { XcodeProjectModel.joined(folder, String(relative)) }
        var configurations = ["Debug", "Release"]
        var projectConfigFiles: [Substring: String] = [:]
        var projectSettings: [XcodeBuildSettings.Setting] = []
        var targetBlocks: [ArraySlice<KeyLine>] = []
        var optionPlatforms: [Platform] = []
        for block in Self.topLevelBlocks(lines) {
            switch block.key {
            case "configs":
                let names = Self.children(of: block.lines).map { String($0.key) }
                if !names.isEmpty { configurations = names }
            case "configFiles":
                for child in Self.children(of: block.lines) { projectConfigFiles[child.key] = resolved(child.value) }
            case "options":
                let depth = block.lines.first?.indent
                if let index = block.lines.indices.first(where: { block.lines[$0].indent == depth && block.lines[$0].key == "deploymentTarget" }) {
                    projectSettings += Self.deploymentTargetSettings(at: index, in: block.lines, platforms: [])
                    let line = block.lines[index]
                    optionPlatforms = Self.children(of: block.lines[(index + 1)...].prefix { $0.indent > line.indent }).flatMap { Self.platformNames($0.key) }
                }
            case "settings":
                projectSettings += Self.readSettings(in: block.lines)
            case "targets":
                targetBlocks = Self.childBlocks(of: block.lines)
            default:
                break
            }
        }
        // A target's levels per configuration, lowest first: the project's xcconfig and settings,
        // then the target's xcconfig and settings.
        func model(named name: String, isApplication: Bool, configFiles: [Substring: String], settings: [XcodeBuildSettings.Setting]) -> XcodeProjectModel.Target {
            XcodeProjectModel.Target(
                name: name, isApplication: isApplication,
                configurations: configurations.map { configuration in
                    var layers: [XcodeBuildSettings.Layer] = []
                    if let file = projectConfigFiles[Substring(configuration)] { layers.append(.xcconfig(path: file)) }
                    layers.append(.settings(projectSettings, file: path, level: "project"))
                    if let file = configFiles[Substring(configuration)] { layers.append(.xcconfig(path: file)) }
                    layers.append(.settings(settings, file: path, level: "target"))
                    return .init(name: configuration, layers: layers)
                },
                sources: [], synchronizedFolders: [:])
        }
        for block in targetBlocks {
            guard let name = block.first?.key else { continue }
            let depth = block.dropFirst().first?.indent
            let keyIndices = block.indices.dropFirst().filter { block[$0].indent == depth }
            let keys = keyIndices.map { block[$0] }
            let type = keys.first { $0.key == "type" }?.value ?? ""
            guard !type.contains("test") else { continue }
            let platforms = keys.first { $0.key == "platform" }.map { Self.platformNames($0.value) } ?? []
            var settings = Self.supportedPlatforms(platforms)
            var configFiles: [Substring: String] = [:]
            var sourcePaths: [String] = []
            for index in keyIndices {
                let key = block[index]
                let under = block[(index + 1)...].prefix { $0.indent > key.indent }
                switch key.key {
                case "deploymentTarget":
                    settings = Self.deploymentTargetSettings(at: index, in: block, platforms: platforms) + settings
                case "configFiles":
                    for child in Self.children(of: under) { configFiles[child.key] = resolved(child.value) }
                case "sources":
                    // `sources: Folder`, `sources: [A, B]`, or a list of `- A` / `- path: A`.
                    let written = key.value.isEmpty
                        ? under.compactMap { $0.key.isEmpty ? $0.value : ($0.key == "path" ? $0.value : nil) }
                        : key.value.split { $0 == "[" || $0 == "]" || $0 == "," }.map(\.trimmingSpaces).filter { !$0.isEmpty }
                    sourcePaths += written.map { resolved(Self.unquoted($0)) }
                default:
                    break
                }
            }
            if let index = keyIndices.first(where: { block[$0].key == "settings" }) {
                settings += Self.readSettings(in: block[(index + 1)...].prefix { $0.indent > block[index].indent })
            }
            targets.append(Target(model: model(named: String(name), isApplication: type == "application", configFiles: configFiles, settings: settings),
                                  sourcePaths: sourcePaths))
        }
        if includesTargets {
            // One stand-in for the included targets: the project's levels, on the platforms its
            // `options: deploymentTarget:` names, for every file under the spec's folder.
            let name = lines.first { $0.indent == 0 && $0.key == "name" }.map { String(Self.unquoted($0.value)) } ?? "project"
            targets.append(Target(model: model(named: name + " (targets of included specs)", isApplication: false, configFiles: [:],
                                               settings: Self.supportedPlatforms(optionPlatforms)),
                                  sourcePaths: [folder]))
        }
    }

    /// `SUPPORTED_PLATFORMS` for `platforms` (their SDKs); none for no platform.
    private static func supportedPlatforms(_ platforms: [Platform]) -> [XcodeBuildSettings.Setting] {
        let sdks = platforms.compactMap { XcodeBuildSettings.sdkNames[$0]?.first }
        guard !sdks.isEmpty, let setting = XcodeBuildSettings.Setting(key: "SUPPORTED_PLATFORMS", value: sdks.joined(separator: " ")) else { return [] }
        return [setting]
    }

    /// The names of the targets whose sources hold the file at `path`; nil when none names it
    /// (the spec's globs and templates are not read, so no file is known to be in no target).
    func targetNames(compiling path: String) -> Set<String>? {
        let holding = targets.filter { target in
            target.sourcePaths.contains { path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
        }
        return holding.isEmpty ? nil : Set(holding.map(\.model.name))
    }

    /// `deploymentTarget:` at `index`: a mapping by platform, or a scalar for `platforms`.
    private static func deploymentTargetSettings(at index: Int, in lines: ArraySlice<KeyLine>, platforms: [Platform]) -> [XcodeBuildSettings.Setting] {
        let line = lines[index]
        let pairs: [(Platform, Substring)]
        if line.value.isEmpty {
            pairs = children(of: lines[(index + 1)...].prefix { $0.indent > line.indent }).compactMap { child in
                platformNames(child.key).first.map { ($0, child.value) }
            }
        } else {
            pairs = platforms.map { ($0, line.value) }
        }
        return pairs.compactMap { platform, version in
            let key = SettingsFileFacts.deploymentTargetKeys.first { $0.value == platform }?.key
            return key.flatMap { XcodeBuildSettings.Setting(key: $0, value: String(version)) }
        }
    }

    /// The build settings read here that a `settings:` block assigns, at any depth (`base:`,
    /// `configs: Debug:`): every configuration gets them all, the lowest winning in the end.
    private static func readSettings(in lines: ArraySlice<KeyLine>) -> [XcodeBuildSettings.Setting] {
        lines.compactMap { XcodeBuildSettings.Setting(key: String($0.key), value: String($0.value)) }
    }

    /// `iOS`, `[iOS, macOS]`, `macOS` → platforms; other names (`auto`) → none.
    static func platformNames(_ text: Substring) -> [Platform] {
        let names: [Substring: Platform] = ["iOS": .iOS, "macOS": .macOS, "tvOS": .tvOS, "watchOS": .watchOS, "visionOS": .visionOS]
        return text.split { $0 == "[" || $0 == "]" || $0 == "," || $0 == " " }.compactMap { names[unquoted($0)] }
    }

    /// The lines one level under a block (its first line's depth).
    private static func children(of lines: ArraySlice<KeyLine>) -> [KeyLine] {
        guard let depth = lines.first?.indent else { return [] }
        return lines.filter { $0.indent == depth }
    }

    /// Each top-level key with the lines under it.
    private static func topLevelBlocks(_ lines: [KeyLine]) -> [(key: Substring, lines: ArraySlice<KeyLine>)] {
        childBlocks(of: lines[...], depth: 0).map { ($0.first!.key, $0.dropFirst()) }
    }

    /// The blocks one level under `lines` (each a key line and the deeper lines after it).
    private static func childBlocks(of lines: ArraySlice<KeyLine>, depth: Int? = nil) -> [ArraySlice<KeyLine>] {
        guard let depth = depth ?? lines.first?.indent else { return [] }
        var blocks: [ArraySlice<KeyLine>] = []
        var start: Int?
        for index in lines.indices where lines[index].indent <= depth {
            if let start { blocks.append(lines[start..<index]) }
            start = lines[index].indent == depth ? index : nil
        }
        if let start { blocks.append(lines[start..<lines.endIndex]) }
        return blocks
    }

    /// One line: its key's column (a list item's `- ` counts as indentation), the key and the
    /// value unquoted (empty when a block follows). A list item without a key (`- Sources`)
    /// has an empty key and the item as its value.
    struct KeyLine: Equatable {
        var indent: Int
        var key: Substring
        var value: Substring
    }

    static func keyLines(_ text: String) -> [KeyLine] {
        text.split(whereSeparator: \.isNewline).compactMap { raw -> KeyLine? in
            var line = raw[...]
            if let comment = line.firstRange(of: " #") { line = line[..<comment.lowerBound] }
            var indent = 0
            var listItem = false
            while let first = line.first, first == " " || first == "-" {
                // `- ` opens a list item whose first key sits further right; `-` alone is no key.
                if first == "-", line.dropFirst().first != " " { break }
                listItem = listItem || first == "-"
                indent += 1
                line = line.dropFirst()
            }
            guard line.first != "#", !line.isEmpty else { return nil }
            guard let colon = keyColon(in: line) else {
                return listItem ? KeyLine(indent: indent, key: "", value: unquoted(line.trimmingSpaces)) : nil
            }
            let key = unquoted(line[..<colon].trimmingSpaces)
            let value = unquoted(line[line.index(after: colon)...].trimmingSpaces)
            return key.isEmpty ? nil : KeyLine(indent: indent, key: key, value: value)
        }
    }

    /// The `:` that ends a key: followed by a space or the end of the line (`http://` is no key).
    private static func keyColon(in line: Substring) -> Substring.Index? {
        var index = line.startIndex
        while let colon = line[index...].firstIndex(of: ":") {
            let next = line.index(after: colon)
            if next == line.endIndex || line[next] == " " { return colon }
            index = next
        }
        return nil
    }

    private static func unquoted(_ text: Substring) -> Substring {
        guard text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first else { return text }
        return text.dropFirst().dropLast()
    }
}

private extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
