/// What a `project.pbxproj` says about its targets: which Swift files each compiles, its
/// build settings per configuration (as layers, resolved by `XcodeTargetSettings`) and the
/// local packages the project references. Read from the text (`OpenStepPropertyList`);
/// nil when the text is not a readable project, and then the older line reader of
/// `SettingsFileFacts` is all there is.
///
/// Which files a target compiles:
/// - classic projects: the target's `PBXSourcesBuildPhase` → `PBXBuildFile` →
///   `PBXFileReference`, the reference's path placed through the `PBXGroup` tree
///   (`<group>` relative to the parent group, `SOURCE_ROOT`, `<absolute>`);
/// - synchronized folders (Xcode 16): every file under a `PBXFileSystemSynchronizedRootGroup`
///   the target lists in `fileSystemSynchronizedGroups`, minus the `membershipExceptions` of
///   an exception set for that target; an exception set naming a target that does not
///   list the folder adds those files to it instead.
struct XcodeProjectModel: Sendable, Equatable {
    struct Target: Sendable, Equatable {
        var name: String
        /// An app (`com.apple.product-type.application`), not an extension, framework or test.
        var isApplication: Bool
        /// Per build configuration, its name and layers (lowest first).
        var configurations: [Configuration]
        /// Standardized absolute paths of the Swift files its sources phase compiles, case-folded
        /// (`Self.folded`): Xcode projects live on case-insensitive volumes, where a group named
        /// `Components` holds the files of a folder `components`, and builds.
        var sources: Set<String>
        /// Synchronized folder (standardized absolute path) → paths under it the target leaves out,
        /// case-folded like `sources`.
        var synchronizedFolders: [String: Set<String>]
    }

    struct Configuration: Sendable, Equatable {
        var name: String
        /// Lowest first: the project's xcconfig, the project's settings, the target's
        /// xcconfig, the target's settings — each level overrides (and may `$(inherited)`) those below.
        var layers: [XcodeBuildSettings.Layer]
    }

    /// The `project.pbxproj` path.
    var path: String
    var targets: [Target]
    /// Directories of the local packages the project references (`XCLocalSwiftPackageReference`,
    /// or a package folder dragged into a group: a file reference of type `wrapper`).
    var localPackages: [String]
    /// True when every Swift file a sources phase names and every synchronized folder was
    /// placed: only then is a file no target lists in no target.
    var membershipIsComplete: Bool

    init?(path: String, text: String) {
        guard let root = OpenStepPropertyList.parse(text), let objects = root["objects"]?.dictionary,
              let rootID = root["rootObject"]?.string, let project = objects[rootID]?.dictionary
        else { return nil }
        self.path = path
        let folder = Self.folder(ofProject: path)
        let sourceRoot = Self.joined(folder, project["projectDirPath"]?.string ?? "")
        var complete = true

        // Where each group and file reference lies, from the main group down.
        var locations: [String: String] = [:]
        var visited: Set<String> = []
        func place(_ id: String, parentLocation: String?) {
            guard visited.insert(id).inserted, let object = objects[id]?.dictionary else { return }
            let location = Self.location(of: object, parentLocation: parentLocation, sourceRoot: sourceRoot)
            if let location { locations[id] = location }
            for child in object["children"]?.array ?? [] {
                if let childID = child.string { place(childID, parentLocation: location) }
            }
        }
        if let mainGroup = project["mainGroup"]?.string { place(mainGroup, parentLocation: sourceRoot) }
        /// A reference outside the main group's tree is placed only by its own source tree.
        func location(ofReference id: String) -> String? {
            if let known = locations[id] { return known }
            guard let object = objects[id]?.dictionary else { return nil }
            return Self.location(of: object, parentLocation: nil, sourceRoot: sourceRoot)
        }

        func configurations(_ listID: String?) -> [(name: String, settings: [XcodeBuildSettings.Setting], xcconfig: String?)] {
            guard let listID, let list = objects[listID]?.dictionary else { return [] }
            return (list["buildConfigurations"]?.array ?? []).compactMap { element in
                guard let id = element.string, let configuration = objects[id]?.dictionary,
                      let name = configuration["name"]?.string else { return nil }
                var settings: [XcodeBuildSettings.Setting] = []
                for (key, value) in configuration["buildSettings"]?.dictionary ?? [:] {
                    let text = value.string ?? value.array.map { $0.compactMap(\.string).joined(separator: " ") }
                    if let text, let setting = XcodeBuildSettings.Setting(key: key, value: text) { settings.append(setting) }
                }
                settings.sort { ($0.key, $0.condition ?? "") < ($1.key, $1.condition ?? "") }
                var xcconfig = configuration["baseConfigurationReference"]?.string.flatMap(location(ofReference:))
                // An xcconfig inside a synchronized folder (Xcode 16): the folder and a path in it.
                if xcconfig == nil, let anchor = configuration["baseConfigurationReferenceAnchor"]?.string,
                   let relative = configuration["baseConfigurationReferenceRelativePath"]?.string,
                   let anchorLocation = location(ofReference: anchor) {
                    xcconfig = Self.joined(anchorLocation, relative)
                }
                return (name, settings, xcconfig)
            }
        }
        let projectConfigurations = configurations(project["buildConfigurationList"]?.string)

        var targets: [(id: String, target: Target)] = []
        for element in project["targets"]?.array ?? [] {
            guard let id = element.string, let object = objects[id]?.dictionary, object["isa"]?.string == "PBXNativeTarget" else { continue }
            var sources: Set<String> = []
            for phaseID in object["buildPhases"]?.array ?? [] {
                guard let phase = phaseID.string.flatMap({ objects[$0]?.dictionary }), phase["isa"]?.string == "PBXSourcesBuildPhase" else { continue }
                for buildFileID in phase["files"]?.array ?? [] {
                    guard let buildFile = buildFileID.string.flatMap({ objects[$0]?.dictionary }),
                          let referenceID = buildFile["fileRef"]?.string else { continue }
                    let reference = objects[referenceID]?.dictionary
                    let name = reference?["path"]?.string ?? reference?["name"]?.string ?? ""
                    let type = reference?["lastKnownFileType"]?.string ?? reference?["explicitFileType"]?.string ?? ""
                    if type == "folder" || type == "wrapper" || reference == nil { complete = false; continue }
                    guard name.hasSuffix(".swift") || type == "sourcecode.swift" else { continue }
                    if let placed = location(ofReference: referenceID) { sources.insert(Self.folded(placed)) } else { complete = false }
                }
            }
            var folders: [String: Set<String>] = [:]
            for groupID in object["fileSystemSynchronizedGroups"]?.array ?? [] {
                guard let groupID = groupID.string, let group = objects[groupID]?.dictionary,
                      let folder = location(ofReference: groupID) else { complete = false; continue }
                var excepted: Set<String> = []
                for exceptionID in group["exceptions"]?.array ?? [] {
                    guard let exception = exceptionID.string.flatMap({ objects[$0]?.dictionary }),
                          exception["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet" else { continue }
                    let listed = Set((exception["membershipExceptions"]?.array ?? []).compactMap(\.string))
                    if exception["target"]?.string == id { excepted.formUnion(listed.map(Self.folded)) }
                }
                folders[Self.folded(folder), default: []].formUnion(excepted)
            }
            let own = configurations(object["buildConfigurationList"]?.string)
            let layered = own.map { configuration in
                let base = projectConfigurations.first { $0.name == configuration.name }
                var layers: [XcodeBuildSettings.Layer] = []
                if let xcconfig = base?.xcconfig { layers.append(.xcconfig(path: xcconfig)) }
                if let base { layers.append(.settings(base.settings, file: path, level: "project")) }
                if let xcconfig = configuration.xcconfig { layers.append(.xcconfig(path: xcconfig)) }
                layers.append(.settings(configuration.settings, file: path, level: "target"))
                return Configuration(name: configuration.name, layers: layers)
            }
            let name = object["name"]?.string ?? object["productName"]?.string ?? id
            targets.append((id, Target(name: name, isApplication: object["productType"]?.string == "com.apple.product-type.application",
                                       configurations: layered, sources: sources, synchronizedFolders: folders)))
        }
        // Exception sets that add files to a target that does not list their folder (whether
        // or not another target lists it).
        var additions: [String: Set<String>] = [:]
        let synchronizing = Dictionary(targets.map { ($0.id, Set(objects[$0.id]?["fileSystemSynchronizedGroups"]?.array?.compactMap(\.string) ?? [])) },
                                       uniquingKeysWith: { first, _ in first })
        for (groupID, group) in objects where group["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" {
            for exceptionID in group["exceptions"]?.array ?? [] {
                guard let exception = exceptionID.string.flatMap({ objects[$0]?.dictionary }),
                      exception["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                      let target = exception["target"]?.string, synchronizing[target]?.contains(groupID) == false else { continue }
                guard let folder = location(ofReference: groupID) else { complete = false; continue }
                additions[target, default: []].formUnion((exception["membershipExceptions"]?.array ?? []).compactMap(\.string).map { Self.folded(Self.joined(folder, $0)) })
            }
        }
        for index in targets.indices {
            guard let added = additions[targets[index].id] else { continue }
            targets[index].target.sources.formUnion(added)
        }
        self.targets = targets.map(\.target)
        let referenced = (project["packageReferences"]?.array ?? []).compactMap { element -> String? in
            guard let reference = element.string.flatMap({ objects[$0]?.dictionary }),
                  reference["isa"]?.string == "XCLocalSwiftPackageReference",
                  let relative = reference["relativePath"]?.string else { return nil }
            return Self.joined(folder, relative)
        }
        // Before Xcode 15 a local package was added as a folder reference (`Packages/UI`, no extension).
        let dragged = objects.compactMap { id, object -> String? in
            guard let object = object.dictionary, object["isa"]?.string == "PBXFileReference",
                  object["lastKnownFileType"]?.string == "wrapper", let location = locations[id],
                  !(location.split(separator: "/").last ?? "").contains(".") else { return nil }
            return location
        }
        localPackages = Set(referenced + dragged).sorted()
        // A project that builds other projects' targets (`projectReferences`) may compile a
        // file through them: not decided here.
        let referencesProjects = !(project["projectReferences"]?.array ?? []).isEmpty
        membershipIsComplete = complete && !referencesProjects && !self.targets.isEmpty
    }

    /// The targets that compile the Swift file at `path` (standardized absolute), by index. Paths
    /// compare case-folded, as on the case-insensitive volumes Xcode projects are built on.
    func targetIndices(compiling path: String) -> [Int] {
        let path = Self.folded(path)
        return targets.indices.filter { index in
            let target = targets[index]
            if target.sources.contains(path) { return true }
            return target.synchronizedFolders.contains { folder, excepted in
                guard path.hasPrefix(folder + "/") else { return false }
                let relative = path.dropFirst(folder.count + 1)
                // An exception names a file or a folder under the synchronized one.
                return !excepted.contains { relative == $0 || relative.hasPrefix($0 + "/") }
            }
        }
    }

    /// A path as a case-insensitive volume compares it.
    static func folded(_ path: String) -> String { path.lowercased() }

    /// Where a group or file reference lies: `<group>` under its parent's location,
    /// `SOURCE_ROOT` under the project's, `<absolute>` as written; nil for other trees
    /// (`BUILT_PRODUCTS_DIR`, `SDKROOT`, …) and under a parent that could not be placed.
    private static func location(of object: [String: OpenStepPropertyList], parentLocation: String?, sourceRoot: String) -> String? {
        let path = object["path"]?.string
        switch object["sourceTree"]?.string ?? "<group>" {
        case "<group>":
            guard let parentLocation else { return nil }
            return path.map { joined(parentLocation, $0) } ?? parentLocation
        case "SOURCE_ROOT":
            return path.map { joined(sourceRoot, $0) } ?? sourceRoot
        case "<absolute>":
            return path.flatMap { $0.hasPrefix("/") ? normalized($0) : nil }
        default:
            return nil
        }
    }

    /// `base` + `/` + `relative` (an absolute `relative` as it is), `.` and `..` resolved.
    static func joined(_ base: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return normalized(relative) }
        if relative.isEmpty { return normalized(base) }
        return normalized(base.hasSuffix("/") ? base + relative : base + "/" + relative)
    }

    /// `.`, `..` and empty components resolved as text (no disk access).
    static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == "..", let last = components.last, last != ".." { components.removeLast(); continue }
            if component == "..", absolute { continue }
            components.append(component)
        }
        return (absolute ? "/" : "") + components.joined(separator: "/")
    }

    /// The folder an Xcode project's relative paths start from: `…/Folder` of
    /// `…/Folder/App.xcodeproj/project.pbxproj`.
    static func folder(ofProject pbxproj: String) -> String {
        ProjectSettingsFiles.parent(of: pbxproj).flatMap(ProjectSettingsFiles.parent(of:)) ?? ""
    }
}
