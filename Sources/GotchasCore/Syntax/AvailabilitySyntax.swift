import SwiftSyntax

/// What availability syntax says about the code it governs: `#available`/`#unavailable`
/// conditions, `@available` attributes and `#if os(…)` conditions. The walk turns these
/// into `RuleContext.availability`; rules never read them directly.
enum AvailabilitySyntax {
    /// Modifiers macOS does not have whose closure holds the content they show
    /// (`.fullScreenCover { … }`): code that calls one is never built for macOS, so its content
    /// is not either, whatever the project lists.
    static let contentCalleesMissingOnMacOS: Set<String> = ["fullScreenCover"]

    /// The platforms the closure's code is not built for because of the call it is passed to:
    /// macOS for the content of `.fullScreenCover`; empty for any other closure.
    static func platformsExcluded(byCallOf closure: ClosureExprSyntax) -> Set<Platform> {
        guard let (callee, _) = closure.passedTo, contentCalleesMissingOnMacOS.contains(callee) else { return [] }
        return [.macOS]
    }

    /// The platform versions an availability spec names: `iOS 17, macOS 14, *` →
    /// iOS 17, macOS 14. Platforms without a version, `*` and unknown names add nothing.
    static func versions(in arguments: AvailabilityArgumentListSyntax) -> [Platform: OSVersion] {
        var versions: [Platform: OSVersion] = [:]
        for argument in arguments {
            guard case .availabilityVersionRestriction(let restriction) = argument.argument,
                  let platform = Platform(availabilityName: restriction.platform.text),
                  let text = restriction.version?.trimmedText, let version = OSVersion(text)
            else { continue }
            // `iOS 17, iOSApplicationExtension 16`: both apply to iOS code; the lower one holds everywhere.
            versions[platform] = min(versions[platform] ?? version, version)
        }
        return versions
    }

    /// The `#available` (true) or `#unavailable` (false) conditions of a condition list,
    /// with the versions they name.
    static func conditions(_ list: ConditionElementListSyntax) -> [(available: Bool, versions: [Platform: OSVersion])] {
        list.compactMap { element in
            guard case .availability(let condition) = element.condition else { return nil }
            return (condition.availabilityKeyword.tokenKind == .poundAvailable, versions(in: condition.availabilityArguments))
        }
    }

    /// The minimums a `CodeBlock` raises, from where it stands: the body of
    /// `if #available(…)`, the `else` of `if #unavailable(…)`, the `else` of
    /// `guard #unavailable(…)`. Nil when it raises nothing.
    static func raisedMinimums(ofBlock block: CodeBlockSyntax) -> [Platform: OSVersion]? {
        guard let parent = block.parent else { return nil }
        if let ifExpr = parent.as(IfExprSyntax.self) {
            let isBody = ifExpr.body.id == block.id
            return merged(conditions(ifExpr.conditions).filter { $0.available == isBody }.map(\.versions))
        }
        if let guardStmt = parent.as(GuardStmtSyntax.self) {
            return merged(conditions(guardStmt.conditions).filter { !$0.available }.map(\.versions))
        }
        return nil
    }

    /// The versions below which a fallback block runs: the `else` of `if #available(…)` and of
    /// `guard #available(…)` whose only condition is that check. `#available(iOS 16, macOS 13, *)`
    /// holds on every platform it does not name (the `*`), so its fallback runs only on the
    /// platforms it names, below the versions it names. Nil for any other block.
    /// The body of `if #unavailable(…)` is such a fallback too.
    static func fallbackVersions(ofBlock block: CodeBlockSyntax) -> [Platform: OSVersion]? {
        let conditionList: ConditionElementListSyntax
        // The branch taken when the check is false (`#available`) or true (`#unavailable`).
        let runsWhenAvailable: Bool
        if let ifExpr = block.parent?.as(IfExprSyntax.self) {
            conditionList = ifExpr.conditions
            if ifExpr.body.id == block.id {
                runsWhenAvailable = true
            } else if ifExpr.elseBody?.as(CodeBlockSyntax.self)?.id == block.id {
                runsWhenAvailable = false
            } else {
                return nil
            }
        } else if let guardStmt = block.parent?.as(GuardStmtSyntax.self), guardStmt.body.id == block.id {
            conditionList = guardStmt.conditions
            runsWhenAvailable = false
        } else {
            return nil
        }
        // Asked of every `if`'s blocks: the one-condition test comes before any allocation.
        guard conditionList.count == 1, case .availability(let check) = conditionList.first?.condition,
              (check.availabilityKeyword.tokenKind == .poundAvailable) != runsWhenAvailable
        else { return nil }
        return versions(in: check.availabilityArguments)
    }

    /// After `guard #available(…) else { … }`: the minimums raised for the rest of the block.
    static func raisedMinimums(after guardStmt: GuardStmtSyntax) -> [Platform: OSVersion]? {
        merged(conditions(guardStmt.conditions).filter(\.available).map(\.versions))
    }

    private static func merged(_ all: [[Platform: OSVersion]]) -> [Platform: OSVersion]? {
        var result: [Platform: OSVersion] = [:]
        for versions in all {
            for (platform, version) in versions { result[platform] = max(result[platform] ?? version, version) }
        }
        return result.isEmpty ? nil : result
    }

    /// What a declaration's `@available` attributes say: the versions it is introduced in
    /// (`@available(iOS 17, *)`, `@available(iOS, introduced: 17)`), and the platforms it is
    /// unavailable on (`@available(macOS, unavailable)`).
    static func declaration(_ attributes: AttributeListSyntax) -> (introduced: [Platform: OSVersion], unavailable: Set<Platform>) {
        var introduced: [Platform: OSVersion] = [:]
        var unavailable: Set<Platform> = []
        for element in attributes {
            guard let attribute = element.as(AttributeSyntax.self), attribute.attributeName.trimmedText == "available",
                  case .availability(let arguments)? = attribute.arguments else { continue }
            for (platform, version) in versions(in: arguments) { introduced[platform] = max(introduced[platform] ?? version, version) }
            // The long form: a platform, then labeled arguments or `unavailable`.
            guard let first = arguments.first else { continue }
            let platformName: String?
            switch first.argument {
            case .token(let token): platformName = token.text
            case .availabilityVersionRestriction(let restriction) where restriction.version == nil: platformName = restriction.platform.text
            default: platformName = nil
            }
            guard let platformName, let platform = Platform(availabilityName: platformName) else { continue }
            for argument in arguments.dropFirst() {
                switch argument.argument {
                case .token(let token) where token.text == "unavailable":
                    unavailable.insert(platform)
                case .availabilityLabeledArgument(let labeled) where labeled.label.text == "introduced":
                    if let version = OSVersion(labeled.value.trimmedText) {
                        introduced[platform] = max(introduced[platform] ?? version, version)
                    }
                default:
                    continue
                }
            }
        }
        return (introduced, unavailable)
    }

    /// The platforms a `#if`/`#elseif`/`#else` clause is compiled for, or nil when its
    /// condition says nothing about platforms (`DEBUG`, `swift(>=6)`).
    static func platforms(of clause: IfConfigClauseSyntax) -> Set<Platform>? {
        guard let clauses = clause.parent?.as(IfConfigClauseListSyntax.self) else { return nil }
        // Earlier clauses were false here: remove the platforms they were certain about.
        var excluded: Set<Platform> = []
        var earlierKnown = true
        for earlier in clauses {
            if earlier.id == clause.id { break }
            if let condition = earlier.condition, let set = platforms(ofCondition: condition, exact: true) {
                excluded.formUnion(set)
            } else {
                earlierKnown = false
            }
        }
        let all = Set(Platform.allCases)
        guard let condition = clause.condition else {
            // `#else`: the platforms no earlier clause took, when each of them was about platforms.
            return earlierKnown && !excluded.isEmpty ? all.subtracting(excluded) : nil
        }
        guard let own = platforms(ofCondition: condition) else { return nil }
        return earlierKnown ? own.subtracting(excluded) : own
    }

    /// `os(iOS)`, `os(iOS) || os(visionOS)`, `!os(macOS)`, `canImport(UIKit)`, and
    /// `&&` with a condition about something else (which can only narrow further).
    /// `exact`: only when the condition is true on exactly these platforms (an `&&` with
    /// `DEBUG` is not: it may be false on them too, so a later `#else` learns nothing).
    static func platforms(ofCondition condition: ExprSyntax, exact: Bool = false) -> Set<Platform>? {
        let all = Set(Platform.allCases)
        if let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
            return platforms(ofCondition: inner.expression, exact: exact)
        }
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            // `!(os(iOS) && DEBUG)` is not "everywhere but iOS": negation needs the exact set.
            return platforms(ofCondition: prefix.expression, exact: true).map { all.subtracting($0) }
        }
        if let call = condition.as(FunctionCallExprSyntax.self), let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
           call.arguments.count == 1, let argument = call.arguments.first?.expression.trimmedText {
            switch callee.baseName.text {
            case "os": return Platform(availabilityName: argument).map { [$0] }
            case "canImport":
                switch argument {
                case "UIKit": return [.iOS, .tvOS, .visionOS]
                case "AppKit": return [.macOS]
                case "WatchKit": return [.watchOS]
                default: return nil
                }
            default: return nil
            }
        }
        if let sequence = condition.as(SequenceExprSyntax.self) {
            // `&&` binds tighter than `||`: split on `||` first.
            let elements = Array(sequence.elements)
            func isOperator(_ element: ExprSyntax, _ text: String) -> Bool {
                element.as(BinaryOperatorExprSyntax.self)?.operator.text == text
            }
            func split(_ parts: [ExprSyntax], on text: String) -> [[ExprSyntax]] {
                var groups: [[ExprSyntax]] = [[]]
                for part in parts {
                    if isOperator(part, text) { groups.append([]) } else { groups[groups.count - 1].append(part) }
                }
                return groups
            }
            func evaluateAnd(_ parts: [ExprSyntax]) -> Set<Platform>? {
                let terms = split(parts, on: "&&")
                guard terms.allSatisfy({ $0.count == 1 }) else { return nil }
                // An unknown term narrows to somewhere inside the known ones: keep those.
                let known = terms.compactMap { platforms(ofCondition: $0[0], exact: exact) }
                guard !known.isEmpty, !exact || known.count == terms.count else { return nil }
                return known.reduce(all) { $0.intersection($1) }
            }
            let alternatives = split(elements, on: "||")
            var union: Set<Platform> = []
            for alternative in alternatives {
                // An unknown alternative may hold anywhere.
                guard let set = evaluateAnd(alternative) else { return nil }
                union.formUnion(set)
            }
            return union
        }
        return nil
    }
}
