/// An Apple OS family code is built for. Raw values are the spellings the public
/// configuration (`"platforms": {"iOS": "16.0"}`) and `--platform iOS=16.0` use.
public enum Platform: String, Sendable, CaseIterable, Comparable, Hashable {
    case iOS, macOS, tvOS, watchOS, visionOS

    public static func < (lhs: Platform, rhs: Platform) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// A platform name as `#available`, `@available` and `#if os(…)` write it
    /// (`iOSApplicationExtension` is iOS; `OSX` is macOS). Nil for names that are
    /// not one of these platforms (`macCatalyst`, `swift`, `*`).
    public init?(availabilityName name: String) {
        switch name {
        case "iOS", "iOSApplicationExtension": self = .iOS
        case "macOS", "OSX", "macOSApplicationExtension", "OSXApplicationExtension": self = .macOS
        case "tvOS", "tvOSApplicationExtension": self = .tvOS
        case "watchOS", "watchOSApplicationExtension": self = .watchOS
        case "visionOS", "xrOS", "visionOSApplicationExtension": self = .visionOS
        default: return nil
        }
    }

    /// A platform name in the configuration file or on the command line, any case.
    public init?(configurationName name: String) {
        guard let platform = Platform.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() })
                ?? Platform(availabilityName: name) else { return nil }
        self = platform
    }
}

/// An OS version such as 17.0 or 10.15.4. Missing components are zero (`17` == `17.0`).
public struct OSVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let major: Int
    public let minor: Int
    public let patch: Int

    public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// `17`, `17.0`, `10.15.4`; nil for anything else (`$(inherited)`, `17.x`, empty).
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.allSatisfy(\.isASCII), let number = Int(part), number >= 0 else { return nil }
            numbers.append(number)
        }
        self.init(numbers[0], numbers.count > 1 ? numbers[1] : 0, numbers.count > 2 ? numbers[2] : 0)
    }

    public static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    /// `17`, `10.15`, `10.15.4`: as short as the version allows (`17.0` prints `17`).
    public var description: String {
        if patch != 0 { return "\(major).\(minor).\(patch)" }
        if minor != 0 { return "\(major).\(minor)" }
        return "\(major)"
    }
}

/// What a rule's advice (or its fix) needs: the lowest OS version, per platform, that
/// has the recommended API. A platform without an entry does not have it at all
/// (there is no bottom toolbar on macOS).
public struct PlatformRequirement: Sendable, Hashable, CustomStringConvertible {
    public var versions: [Platform: OSVersion]

    public init(_ versions: [Platform: OSVersion]) { self.versions = versions }

    /// iOS, macOS, tvOS, watchOS (and visionOS 1, which has every API of iOS 17).
    public static func os(iOS: OSVersion?, macOS: OSVersion?, tvOS: OSVersion?, watchOS: OSVersion?, visionOS: OSVersion? = OSVersion(1)) -> PlatformRequirement {
        var versions: [Platform: OSVersion] = [:]
        versions[.iOS] = iOS
        versions[.macOS] = macOS
        versions[.tvOS] = tvOS
        versions[.watchOS] = watchOS
        versions[.visionOS] = visionOS
        return PlatformRequirement(versions)
    }

    /// "iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1".
    public var description: String {
        versions.sorted { $0.key < $1.key }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")
    }
}

/// The platforms a piece of code is built for and, where known, the lowest OS version of
/// each: the project's deployment targets, raised by `#available`/`@available` and narrowed
/// by `#if os(…)`. Unknown parts constrain nothing: with no project found, every rule applies.
public struct PlatformMinimums: Sendable, Hashable, CustomStringConvertible {
    /// The platforms the code may be built for; nil when not known (any platform).
    public var platforms: Set<Platform>?
    /// The lowest OS version per platform, where known.
    public var versions: [Platform: OSVersion]

    public init(platforms: Set<Platform>?, versions: [Platform: OSVersion]) {
        self.platforms = platforms
        self.versions = platforms.map { built in versions.filter { built.contains($0.key) } } ?? versions
    }

    /// No project settings: nothing is known, nothing is constrained.
    public static let unknown = PlatformMinimums(platforms: nil, versions: [:])

    /// Built for exactly these platforms, from these versions (a package's `platforms:`,
    /// the configuration's `"platforms"`, `--platform`).
    public init(deploymentTargets: [Platform: OSVersion]) {
        self.init(platforms: Set(deploymentTargets.keys), versions: deploymentTargets)
    }

    public var isUnknown: Bool { platforms == nil && versions.isEmpty }

    /// Inside `if #available(iOS 17, macOS 14, *)`: each named platform's minimum is at
    /// least the version named (a lower one changes nothing).
    public func raised(to minimums: [Platform: OSVersion]) -> PlatformMinimums {
        var copy = self
        for (platform, version) in minimums where platforms?.contains(platform) ?? true {
            if let current = copy.versions[platform], current >= version { continue }
            copy.versions[platform] = version
        }
        return copy
    }

    /// Inside `#if os(iOS)`: built for these platforms only (of those it was built for).
    public func narrowed(to only: Set<Platform>) -> PlatformMinimums {
        let built = platforms.map { $0.intersection(only) } ?? only
        return PlatformMinimums(platforms: built, versions: versions)
    }

    /// In the fallback of `if #available(iOS 16, macOS 13, *)`: run only on the platforms named,
    /// and only where the minimum is below the version named there (an unknown minimum may be).
    /// With every minimum at or above it, no platform is left: the fallback never runs.
    public func runningOnlyBelow(_ fallback: [Platform: OSVersion]) -> PlatformMinimums {
        narrowed(to: Set(fallback.compactMap { platform, version in
            versions[platform].map { $0 < version } ?? true ? platform : nil
        }))
    }

    /// No platform builds or runs the code (a fallback the deployment targets never take, a
    /// `#if os(…)` for a platform the project does not build).
    public var runsNowhere: Bool { platforms?.isEmpty == true }

    /// In a declaration marked `@available(macOS, unavailable)`: not built for these.
    public func excluding(_ excluded: Set<Platform>) -> PlatformMinimums {
        narrowed(to: (platforms ?? Set(Platform.allCases)).subtracting(excluded))
    }

    /// Nil when code with these minimums can use what `requirement` names; otherwise why
    /// not, as a user reads it: "needs iOS 17 (minimum iOS 15)", "not on macOS".
    public func shortfall(of requirement: PlatformRequirement) -> String? {
        // With the platforms unknown, only those whose version is known can fall short.
        let built = platforms.map { $0.sorted() } ?? versions.keys.sorted()
        var missing: [Platform] = []
        var needs: [(platform: Platform, needed: OSVersion, minimum: OSVersion)] = []
        for platform in built {
            guard let needed = requirement.versions[platform] else {
                missing.append(platform)
                continue
            }
            if let minimum = versions[platform], minimum < needed { needs.append((platform, needed, minimum)) }
        }
        var reasons: [String] = []
        if !needs.isEmpty {
            // "needs iOS 17, watchOS 10 (minimum iOS 15, watchOS 8)"
            reasons.append("needs " + needs.map { "\($0.platform.rawValue) \($0.needed)" }.joined(separator: ", ")
                + " (minimum " + needs.map { "\($0.platform.rawValue) \($0.minimum)" }.joined(separator: ", ") + ")")
        }
        if !missing.isEmpty { reasons.append("not on " + missing.map(\.rawValue).joined(separator: ", ")) }
        return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
    }

    public func satisfies(_ requirement: PlatformRequirement) -> Bool { shortfall(of: requirement) == nil }

    /// "iOS 15, macOS 12" or "iOS (any version)"; "not known" when unknown.
    public var description: String {
        if isUnknown { return "not known (every rule applies)" }
        let listed = platforms.map { $0.sorted() } ?? versions.keys.sorted()
        if listed.isEmpty { return "no platform" }
        return listed.map { platform in
            versions[platform].map { "\(platform.rawValue) \($0)" } ?? "\(platform.rawValue) (any version)"
        }.joined(separator: ", ")
    }
}

extension PlatformMinimums {
    /// A deterministic text of the minimums (sorted), for cache keys: "?" for unknown
    /// platforms, then each platform with its version or "*".
    public var cacheKey: String {
        let listed = platforms.map { $0.sorted().map(\.rawValue).joined(separator: ",") } ?? "?"
        let known = versions.sorted { $0.key < $1.key }.map { "\($0.key.rawValue)=\($0.value.major).\($0.value.minor).\($0.value.patch)" }
        return listed + ";" + known.joined(separator: ",")
    }
}
