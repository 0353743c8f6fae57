/// What an XcodeGen spec (`project.yml`) says of where its targets build. XcodeGen generates
/// the Xcode project from the spec, and projects that use it usually do not commit the
/// generated `.xcodeproj`, so the spec is the only place the deployment targets are written.
///
/// Read as indented `key: value` lines, not as YAML in full: the keys read here are plain
/// scalars or one level of mapping (`deploymentTarget: "17.0"`, `deploymentTarget: { iOS: 17.0 }`
/// written as a block, `IPHONEOS_DEPLOYMENT_TARGET: 17.0` under `settings`). The spec does not
/// say which target compiles which file as plainly as a pbxproj does, so a file's minimum is
/// the lowest over all targets. What an `include:`d spec or a YAML anchor supplies is not seen;
/// a platform whose version only they give stays unconstrained (every rule applies there).
struct XcodeGenSpec: Equatable {
    /// True when the text has a top-level `targets:` key: an XcodeGen spec, not another tool's
    /// `project.yml`.
    var isSpec = false
    /// Every version a deployment target is set to, by platform (the project default of
    /// `options:` and each target's own: a file may be built into any of them).
    var deploymentTargets: [Platform: Set<OSVersion>] = [:]
    /// The platforms the targets name (`platform: iOS`, `platform: [iOS, macOS]`).
    var platforms: Set<Platform> = []

    init(text: String) {
        let lines = Self.keyLines(text)
        isSpec = lines.contains { $0.indent == 0 && $0.key == "targets" }
        guard isSpec else { return }
        // The project's defaults (`options: deploymentTarget:`, project `settings:`) apply to a
        // target only where it sets no version of its own for that platform.
        var defaults: [Platform: Set<OSVersion>] = [:]
        var defaultsUsed: Set<Platform> = []
        for block in Self.topLevelBlocks(lines) {
            switch block.key {
            case "targets", "targetTemplates":
                for target in Self.childBlocks(of: block.lines) {
                    let own = Self.versions(in: target, platforms: Self.platforms(of: target))
                    for (platform, versions) in own { deploymentTargets[platform, default: []].formUnion(versions) }
                    let named = Self.platforms(of: target)
                    platforms.formUnion(named)
                    // A target with no platform of its own (a template supplies it) may take any default.
                    for platform in named.isEmpty ? Platform.allCases : named where own[platform] == nil {
                        defaultsUsed.insert(platform)
                    }
                }
            case "options", "settings", "settingGroups":
                for (platform, versions) in Self.versions(in: block.lines, platforms: []) {
                    defaults[platform, default: []].formUnion(versions)
                }
            default:
                break
            }
        }
        for platform in defaultsUsed {
            if let versions = defaults[platform] { deploymentTargets[platform, default: []].formUnion(versions) }
        }
    }

    /// The versions a block of lines sets: `*_DEPLOYMENT_TARGET` keys anywhere in it, and
    /// `deploymentTarget:`, a mapping by platform or a scalar for the `platforms` of its target.
    private static func versions(in lines: ArraySlice<KeyLine>, platforms: [Platform]) -> [Platform: Set<OSVersion>] {
        var found: [Platform: Set<OSVersion>] = [:]
        func insert(_ text: Substring, for platform: Platform) {
            if let version = OSVersion(String(text)) { found[platform, default: []].insert(version) }
        }
        for (index, line) in zip(lines.indices, lines) {
            if let platform = SettingsFileFacts.deploymentTargetKeys[String(line.key)] {
                insert(line.value, for: platform)
            } else if line.key == "deploymentTarget" {
                if line.value.isEmpty {
                    // A block mapping: `iOS: 17.0` one level deeper.
                    let children = lines[(index + 1)...].prefix { $0.indent > line.indent }
                    let depth = children.first?.indent
                    for child in children where child.indent == depth {
                        if let platform = platformNames(child.key).first { insert(child.value, for: platform) }
                    }
                } else {
                    for platform in platforms { insert(line.value, for: platform) }
                }
            }
        }
        return found
    }

    /// The platforms a target's own `platform:` key names.
    private static func platforms(of target: ArraySlice<KeyLine>) -> [Platform] {
        guard let depth = target.dropFirst().first?.indent else { return [] }
        return target.dropFirst().first { $0.indent == depth && $0.key == "platform" }.map { platformNames($0.value) } ?? []
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

    /// One `key: value` line: its key's column (a list item's `- ` counts as indentation), the
    /// key and the value unquoted (empty when a block follows).
    struct KeyLine: Equatable {
        var indent: Int
        var key: Substring
        var value: Substring
    }

    static func keyLines(_ text: String) -> [KeyLine] {
        text.split(whereSeparator: \.isNewline).compactMap { raw -> KeyLine? in
            var line = raw[...]
            if let comment = line.range(of: " #") { line = line[..<comment.lowerBound] }
            var indent = 0
            while let first = line.first, first == " " || first == "-" {
                // `- ` opens a list item whose first key sits further right; `-` alone is no key.
                if first == "-", line.dropFirst().first != " " { break }
                indent += 1
                line = line.dropFirst()
            }
            guard line.first != "#", let colon = keyColon(in: line) else { return nil }
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

    /// `iOS`, `[iOS, macOS]`, `macOS` → platforms; other names (`auto`) → none.
    static func platformNames(_ text: Substring) -> [Platform] {
        let names: [Substring: Platform] = ["iOS": .iOS, "macOS": .macOS, "tvOS": .tvOS, "watchOS": .watchOS, "visionOS": .visionOS]
        return text.split { $0 == "[" || $0 == "]" || $0 == "," || $0 == " " }.compactMap { names[unquoted($0)] }
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
