import SwiftSyntax

// The shapes the walk records as `ReachHazard`s, as named queries: the index records what
// they find in every member and free function, and rules that look at the same code in a
// view ask the same question (so "what counts as building a formatter" has one answer).

extension ReachHazard {
    /// Formatter classes whose construction is the expensive part.
    public static let formatterTypes: Set<String> = [
        "DateFormatter", "NumberFormatter", "ISO8601DateFormatter", "DateComponentsFormatter",
        "DateIntervalFormatter", "RelativeDateTimeFormatter", "MeasurementFormatter",
        "ByteCountFormatter", "PersonNameComponentsFormatter", "ListFormatter",
    ]

    /// The `detail` of a `.filter` whose predicate reads the type's own `@State` (a search query).
    public static let filterByState = "filter by state"

    /// The `detail` of a `.formatter` hazard that parses Markdown rather than building a formatter.
    public static let markdownParsing = "AttributedString(markdown:)"

    /// The `detail` of collection work that builds a `Dictionary` from a whole collection.
    public static let dictionaryBuild = "Dictionary"

    /// First argument labels of the `Dictionary` initializers that build one from a sequence
    /// (`""`: unlabeled, as in `Dictionary(pairs, uniquingKeysWith:)`).
    public static let dictionaryBuildingLabels: Set<String> = ["", "uniqueKeysWithValues", "grouping"]

    /// How a message names one of `collectionMethods`: `` `.filter` ``, `` `Dictionary(…)` ``.
    public static func collectionMethodName(_ method: String) -> String {
        method == dictionaryBuild ? "`Dictionary(…)`" : "`.\(method)`"
    }

    /// Collection methods whose work grows with the collection.
    public static let collectionWork: Set<String> = ["sorted", "filter", "reduce"]

    /// Property wrappers whose values are a database's results, kept current as it changes: SwiftData's
    /// `@Query`, Core Data's `@FetchRequest`, Realm's `@ObservedResults`.
    public static let databaseWrappers: Set<String> = [
        "Query", "FetchRequest", "SectionedFetchRequest", "ObservedResults", "ObservedSectionedResults",
    ]

    /// Property wrappers whose values hold the app's data (a database's results, state, a model):
    /// work over them is not over a constant handful.
    public static let dataWrappers: Set<String> = databaseWrappers.union([
        "State", "StateObject", "ObservedObject", "EnvironmentObject", "Environment", "Bindable", "Published", "AppStorage",
    ])

    /// Property wrappers whose values change while the view lives (state, a binding, an observed
    /// model, the environment, a database's results).
    public static let changingWrappers: Set<String> = databaseWrappers.union([
        "State", "Binding", "ObservedObject", "StateObject", "EnvironmentObject", "Environment", "Bindable",
        "FocusState", "GestureState", "AppStorage", "SceneStorage", "ObservedRealmObject", "StateRealmObject",
    ])

    /// The callee names `hazard(ofCall:callee:)` can answer for (the walk's cheap first test).
    public static let calleeNames: Set<String> = formatterTypes.union(collectionWork).union(imageTypes).union(fileManagerChecks).union(fileManagerWrites).union(["write"])
        .union(fileReadingInitializers.keys).union(documentParsers.keys).union(["formatted", "localizedString"]).union(["init", "JSONDecoder", "PropertyListDecoder", "JSONEncoder", "PropertyListEncoder", "Regex", "Dictionary", "NSRegularExpression", "NSDataDetector", "AttributedString", "async", "asyncAfter", "fetch", "takeRetainedValue",
                "CGImageSourceCreateWithData", "size", "boundingRect"]).union(trigonometricFunctions)

    /// Trigonometric functions of one value (`sin(t)`, `Foundation.cos(t)`).
    public static let trigonometricFunctions: Set<String> = ["sin", "cos", "tan", "sinf", "cosf"]

    /// Image classes whose `init(data:)` decodes the image's bytes.
    public static let imageTypes: Set<String> = ["UIImage", "NSImage", "CIImage"]

    /// Decoders of a whole document (JSON, a property list): a `.decoding` hazard's detail that is
    /// heavy on its own, wherever it runs.
    public static let documentDecoders: Set<String> = ["JSONDecoder", "PropertyListDecoder"]

    /// Foundation's parsers of a whole document, by the method called on them
    /// (`JSONSerialization.jsonObject(with:)`): a `.decoding` hazard whose detail is the class.
    public static let documentParsers: [String: String] = ["jsonObject": "JSONSerialization", "propertyList": "PropertyListSerialization"]

    /// Encoders of a whole document: a `.decoding` hazard's detail too (the same cost the other way).
    public static let documentEncoders: Set<String> = ["JSONEncoder", "PropertyListEncoder"]

    /// A `.decoding` hazard's `detail` codes a whole document (JSON or a property list, either way):
    /// heavy on its own, wherever it runs.
    public static func codesDocument(_ detail: String) -> Bool {
        documentDecoders.contains(detail) || documentEncoders.contains(detail) || documentParsers.values.contains(detail)
    }

    /// The detail of a `.decoding` hazard that decodes a value kept in `UserDefaults` (an `@AppStorage`
    /// property, `UserDefaults.standard.data(forKey:)`): a settings-sized value by that store's design,
    /// not a document.
    public static let storedValueDecoding = "JSONDecoder (UserDefaults)"

    /// How a message says what a `.decoding` hazard with `detail` does: "decodes JSON (`JSONDecoder`)".
    public static func decodingPhrase(_ detail: String) -> String {
        switch detail {
        case "JSONDecoder": "decodes JSON (`JSONDecoder`)"
        case storedValueDecoding: "decodes JSON kept in `UserDefaults` (`JSONDecoder`)"
        case "JSONEncoder": "encodes JSON (`JSONEncoder`)"
        case "PropertyListEncoder": "encodes a property list (`PropertyListEncoder`)"
        case "PropertyListDecoder": "decodes a property list (`PropertyListDecoder`)"
        case "JSONSerialization": "parses JSON (`JSONSerialization`)"
        case "PropertyListSerialization": "parses a property list (`PropertyListSerialization`)"
        default: "decodes an image (`\(detail)`)"
        }
    }

    /// Initializers that read a whole file from disk (and, for an image, decode it), by type and
    /// first argument label: `Data(contentsOf:)`, `String(contentsOfFile:)`, `UIImage(contentsOfFile:)`,
    /// `NSImage(contentsOf:)`. (`UIImage(named:)` is not one: the system caches what it loads.)
    public static let fileReadingInitializers: [String: Set<String>] = [
        "Data": ["contentsOf"], "NSData": ["contentsOf", "contentsOfFile"],
        "String": ["contentsOf", "contentsOfFile"], "NSString": ["contentsOf", "contentsOfFile"],
        "UIImage": ["contentsOfFile"], "NSImage": ["contentsOf", "contentsOfFile"], "CIImage": ["contentsOf"],
    ]

    /// `FileManager` methods that ask the file system (a disk check per call).
    public static let fileManagerChecks: Set<String> = ["fileExists", "contentsOfDirectory", "attributesOfItem", "subpathsOfDirectory"]

    /// `FileManager` methods that change the file system (a write per call).
    public static let fileManagerWrites: Set<String> = ["removeItem", "createFile", "createDirectory", "moveItem", "copyItem"]

    /// The detail of a `.fileRead` hazard that writes to the disk (`text.write(to: url, …)`).
    public static let fileWrite = "write(to:)"

    /// A `.fileRead` hazard's `detail` is heavy wherever it runs: a whole file read or a write, not a
    /// check of one path (`FileManager.fileExists`).
    public static func isHeavyFileWork(_ detail: String) -> Bool {
        !detail.hasPrefix("FileManager.") || writesToDisk(detail)
    }

    /// A `.fileRead` hazard's `detail` asks about one path (`FileManager.fileExists`,
    /// `attributesOfItem`): one metadata lookup, not a read of contents or a listing.
    public static func checksOnePath(_ detail: String) -> Bool {
        detail == "FileManager.fileExists" || detail == "FileManager.attributesOfItem"
    }

    /// A `.fileRead` hazard's `detail` is a write to the disk, not a read or a check: heavy wherever it runs.
    public static func writesToDisk(_ detail: String) -> Bool {
        detail == fileWrite || (detail.hasPrefix("FileManager.") && fileManagerWrites.contains(String(detail.dropFirst("FileManager.".count))))
    }

    /// The collection methods a `.collectionWork` hazard's `detail` names (`filter+sorted`: a
    /// member that filters and then sorts). A lone search filter on the type's own state is `filterByState`.
    public static func collectionMethods(_ detail: String) -> [String] {
        detail == filterByState ? ["filter"] : detail.split(separator: "+").map(String.init)
    }

    /// The `detail` of a member's collection work, from each of its collection calls' details in
    /// order: the methods once each (`filter+sorted`), or `filterByState` when that is all it does.
    public static func collectionDetail(_ details: [String]) -> String {
        if details.allSatisfy({ $0 == filterByState }) { return filterByState }
        var methods: [String] = []
        for detail in details {
            for method in collectionMethods(detail) where !methods.contains(method) { methods.append(method) }
        }
        return methods.joined(separator: "+")
    }

    /// A store fetch limited to one record (`fetchLimit = 1`): the `.storeWork` detail.
    public static let singleRecordFetch = "fetch one"

    /// Fetch request types: a fetch given one built in place is a store fetch, whatever the receiver's name.
    public static let fetchRequestTypes: Set<String> = ["FetchDescriptor", "NSFetchRequest"]
}

extension FunctionCallExprSyntax {
    /// The code around this fetch limits it to one record: `descriptor.fetchLimit = 1` in the same
    /// body, or `fetchLimit: 1` in it (a look-up by key, not a load of the table).
    var isSingleRecordFetch: Bool {
        var node = Syntax(self)
        while let parent = node.parent, !parent.is(CodeBlockSyntax.self), !parent.is(AccessorBlockSyntax.self), !parent.is(ClosureExprSyntax.self) {
            node = parent
        }
        guard let body = node.parent else { return false }
        let tokens = Array(body.tokens(viewMode: .sourceAccurate))
        for index in tokens.indices.dropLast(2) where tokens[index].text == "fetchLimit" {
            let next = tokens[index + 1]
            if (next.tokenKind == .equal || next.tokenKind == .colon) && tokens[index + 2].text == "1" { return true }
        }
        return false
    }

    /// `JSONSerialization` for `JSONSerialization.jsonObject(with:)` (also written
    /// `Foundation.JSONSerialization`), `PropertyListSerialization` for `.propertyList(from:…)`:
    /// the class whose method `callee` parses a whole document; nil for any other call.
    public func documentParser(callee: String) -> String? {
        guard let parser = ReachHazard.documentParsers[callee], let base = receiver?.dottedName,
              base == parser || base == "Foundation." + parser else { return nil }
        return parser
    }

    /// What the call does that `ReachHazard` names, with the detail a message shows:
    /// `DateFormatter()` (`.formatter`), `JSONDecoder()`, `Data(contentsOf:)`, `Regex(…)`,
    /// `DispatchQueue.main.asyncAfter(…)`, and `.filter`/`.sorted`/`.reduce` over data —
    /// `isData` says whether a collection's root name (`items` in `items.filter`, `model` in
    /// `model.items.sorted()`) is the app's data; a pipeline (`xs.filter { }.sorted()`) is.
    /// `isStored` says whether a root name is a persistent model's stored collection (a to-many
    /// relationship): work over it is `.storeWork`. A store fetch: `modelContext.fetch(…)`,
    /// `viewContext.fetch(request)`, `try? context.fetch(FetchDescriptor<Item>())`.
    public func reachHazard(callee: String, isData: (String) -> Bool,
                            isStored: (String) -> Bool = { _ in false }) -> (kind: ReachHazard.Kind, detail: String)? {
        switch callee {
        case "fetch":
            guard let receiver = receiver?.unwrapped, !arguments.isEmpty else { return nil }
            let receiverName = receiver.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                ?? receiver.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
            let builtRequest = arguments.first?.expression.unwrapped.as(FunctionCallExprSyntax.self)?.calleeName
            guard receiverName.lowercased().hasSuffix("context") || builtRequest.map(ReachHazard.fetchRequestTypes.contains) == true
            else { return nil }
            return (.storeWork, isSingleRecordFetch ? ReachHazard.singleRecordFetch : "fetch")
        case _ where ReachHazard.collectionWork.contains(callee):
            guard let base = receiver?.unwrapped, !base.isConstantCollection else { return nil }
            // A pipeline (`xs.filter { }.sorted()`) does both, whatever `xs` is.
            if let inner = base.as(FunctionCallExprSyntax.self), let name = inner.calleeName, ReachHazard.collectionWork.contains(name) {
                // …unless it starts from a constant handful (`["a", "b"].filter { }.sorted()`, or a local made so).
                var innermost = inner
                while let deeper = innermost.receiver?.unwrapped.as(FunctionCallExprSyntax.self), let next = deeper.calleeName,
                      ReachHazard.collectionWork.contains(next) { innermost = deeper }
                if let root = innermost.receiver?.unwrapped {
                    if root.isConstantCollection { return nil }
                    if let local = root.as(DeclReferenceExprSyntax.self), let value = innermost.localInitializer(of: local.baseName.text),
                       value.isConstantCollection { return nil }
                }
                return (.collectionWork, name == callee ? callee : name + "+" + callee)
            }
            var root = base.chainRoot
            if let member = root.parent?.as(MemberAccessExprSyntax.self), root.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                root = ExprSyntax(member.declName)
            }
            guard let name = root.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
            if isStored(name) { return (.storeWork, callee + " " + name) }
            guard isData(name) else { return nil }
            return (.collectionWork, callee)
        case _ where ReachHazard.fileManagerChecks.contains(callee) || ReachHazard.fileManagerWrites.contains(callee):
            guard let base = receiver?.dottedName, base == "FileManager.default" || base == "fileManager" else { return nil }
            return (.fileRead, "FileManager." + callee)
        // `text.write(to: url, atomically: true, encoding: .utf8)`, `data.write(to: url)`: a file written.
        case "write" where receiver != nil && arguments.first?.label?.text == "to":
            return (.fileRead, ReachHazard.fileWrite)
        case "size" where arguments.first?.label?.text == "withAttributes",
             "boundingRect" where arguments.contains(where: { $0.label?.text == "attributes" }):
            return (.textMeasurement, callee == "size" ? "size(withAttributes:)" : "boundingRect(with:options:attributes:context:)")
        // `date.formatted(.relative(presentation: .named))`: "2 minutes ago", as of when it runs.
        case "formatted":
            guard let style = arguments.first?.expression.unwrapped.as(FunctionCallExprSyntax.self),
                  style.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "relative"
            else { return nil }
            return (.relativeToNow, "formatted(.relative(…))")
        // `formatter.localizedString(for: date, relativeTo: Date())` (or `.now`).
        case "localizedString" where arguments.first?.label?.text == "for":
            guard let reference = argument(labeled: "relativeTo")?.expression.unwrapped, reference.readsNow else { return nil }
            return (.relativeToNow, "localizedString(for:relativeTo:)")
        case "CGImageSourceCreateWithData":
            return (.decoding, callee)
        // `JSONSerialization.jsonObject(with: data)`: the whole document parsed into Foundation objects.
        case _ where ReachHazard.documentParsers[callee] != nil:
            return documentParser(callee: callee).map { (.decoding, $0) }
        case _ where ReachHazard.trigonometricFunctions.contains(callee):
            let written = calledExpression.trimmedDescription
            guard arguments.count == 1, written == callee || written == "Foundation." + callee else { return nil }
            return (.trigonometry, callee)
        // `TISCreateInputSourceList(nil, false).takeRetainedValue()`: a C API that creates what it
        // returns (the Create/Copy rule) builds it anew, from the system's state, on every call.
        case "takeRetainedValue":
            guard arguments.isEmpty, let created = receiver?.unwrapped.as(FunctionCallExprSyntax.self),
                  let function = created.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                  TypeNames.startsUppercase(function)
            else { return nil }
            return (.systemQuery, function)
        case "async", "asyncAfter":
            guard let base = receiver?.dottedName, base == "DispatchQueue.main" || base == "Dispatch.DispatchQueue.main" else { return nil }
            return (.mainQueueHop, callee)
        default:
            guard let type = constructedTypeName else { return nil }
            if ReachHazard.formatterTypes.contains(type) { return (.formatter, type) }
            switch type {
            case _ where ReachHazard.codesDocument(type) && arguments.isEmpty: return (.decoding, type)
            case _ where ReachHazard.imageTypes.contains(type) && arguments.first?.label?.text == "data": return (.decoding, type + "(data:)")
            case _ where fileReadDetail(type: type) != nil: return (.fileRead, fileReadDetail(type: type) ?? type)
            // `Dictionary(nodes.map { ($0.id, $0.name) }, uniquingKeysWith: …)`, `Dictionary(grouping: items, by: …)`:
            // a lookup table built over the app's data, all of it, on every call.
            case "Dictionary" where ReachHazard.dictionaryBuildingLabels.contains(arguments.first?.label?.text ?? ""):
                guard let source = arguments.first?.expression, !source.isConstantCollection,
                      source.collectionRootNames.contains(where: isData) else { return nil }
                return (.collectionWork, ReachHazard.dictionaryBuild)
            // A helper that builds a regex (`Regex("…")`, or a `Regex { … }` builder) builds it on every call.
            case "Regex" where !arguments.isEmpty || trailingClosure != nil: return (.regex, "Regex")
            case "NSRegularExpression" where arguments.first?.label?.text == "pattern": return (.regex, "NSRegularExpression")
            // A data detector compiles its patterns when made, as a regular expression does.
            case "NSDataDetector" where arguments.first?.label?.text == "types": return (.regex, "NSDataDetector")
            // Parsing Markdown costs like building a formatter, on every call.
            case "AttributedString" where argument(labeled: "markdown") != nil: return (.formatter, ReachHazard.markdownParsing)
            default: return nil
            }
        }
    }
}

extension FunctionCallExprSyntax {
    /// `Data(contentsOf: url)`, `UIImage(contentsOfFile: path)`: the call reads a whole file (the
    /// type's initializer named by its first label, `ReachHazard.fileReadingInitializers`), and how a
    /// message names it (`UIImage(contentsOfFile:)`); nil for anything else. `type` is the constructed
    /// type's name (`constructedTypeName`).
    public func fileReadDetail(type: String) -> String? {
        guard let label = arguments.first?.label?.text, ReachHazard.fileReadingInitializers[type]?.contains(label) == true else { return nil }
        return type + "(" + label + ":)"
    }

    /// Closures run where they are written: a hop inside them runs when the member does.
    public static let inlineClosureCallees: Set<String> = ["withAnimation", "withTransaction", "map", "forEach", "compactMap", "filter", "flatMap"]

    /// The call stands inside a closure its member hands to something else (a Combine `sink`, a
    /// completion handler, a `Task`): it runs when that callback does, not when the member is called,
    /// so the member's callers do not reach it.
    public var standsInCallbackClosure: Bool {
        var current = parent
        while let node = current {
            if let closure = node.as(ClosureExprSyntax.self) {
                guard let (callee, _) = closure.passedTo, Self.inlineClosureCallees.contains(callee) else { return true }
            }
            if node.is(FunctionDeclSyntax.self) || node.is(AccessorDeclSyntax.self) || node.is(InitializerDeclSyntax.self)
                || node.is(MemberBlockSyntax.self) || node.is(SourceFileSyntax.self) { return false }
            current = node.parent
        }
        return false
    }
}

extension SyntaxProtocol {
    /// The value a local `let`/`var` named `name` starts with, declared before this node in a block
    /// of the same function, accessor or closure chain (`var list = allPlugins` for `list.filter { … }`,
    /// `guard let items = store.items(in: folder) else { … }`); nil for a name no earlier local
    /// declaration gives a value.
    public func localInitializer(of name: String) -> ExprSyntax? {
        var node = Syntax(self)
        // A local is declared a few blocks up; a pathological nesting is not looked through.
        var levels = 0
        while let parent = node.parent, levels < 64 {
            levels += 1
            if let list = parent.as(CodeBlockItemListSyntax.self) {
                for item in list {
                    if item.id == node.id { break }
                    if let guardStmt = item.item.as(GuardStmtSyntax.self) {
                        for case .optionalBinding(let binding) in guardStmt.conditions.map(\.condition)
                        where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                            if let value = binding.initializer?.value { return value }
                        }
                        continue
                    }
                    guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        if let value = binding.initializer?.value { return value }
                    }
                }
            }
            if parent.is(FunctionDeclSyntax.self) || parent.is(AccessorBlockSyntax.self) || parent.is(InitializerDeclSyntax.self)
                || parent.is(MemberBlockSyntax.self) || parent.is(SourceFileSyntax.self) { return nil }
            node = parent
        }
        return nil
    }
}

extension ExprSyntax {
    /// The names whose values a collection expression is built from: `items` for `items`,
    /// `self.items`, `model.items[.a] ?? []`, `a + b` (both), `c ? a : b.filter { }` (the choices,
    /// not the condition).
    public var collectionRootNames: [String] {
        let expression = unwrapped
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let parts = Array(sequence.elements)
            if parts.count == 3, let ternary = parts[1].as(UnresolvedTernaryExprSyntax.self) {
                return ternary.thenExpression.collectionRootNames + parts[2].collectionRootNames
            }
            guard parts.count >= 3, parts.enumerated().allSatisfy({ index, part in
                index % 2 == 0 || part.as(BinaryOperatorExprSyntax.self).map { ["+", "??"].contains($0.operator.text) } == true
            }) else { return [] }
            return parts.enumerated().flatMap { index, part in index % 2 == 0 ? part.collectionRootNames : [] }
        }
        if let ternary = expression.as(TernaryExprSyntax.self) {
            return ternary.thenExpression.collectionRootNames + ternary.elseExpression.collectionRootNames
        }
        var root = expression.chainRoot
        if let member = root.parent?.as(MemberAccessExprSyntax.self), root.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            root = ExprSyntax(member.declName)
        }
        return root.as(DeclReferenceExprSyntax.self).map { [$0.baseName.text] } ?? []
    }

    /// An enum's `allCases`, an array literal, or a range between number literals: a constant
    /// handful of values, cheap to filter or sort on every render.
    public var isConstantCollection: Bool {
        let base = unwrapped
        if base.is(ArrayExprSyntax.self) { return true }
        if let member = base.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "allCases" { return true }
        // `allCases` inside the enum's own code (`static var visible: [Tab] { allCases.filter { … } }`).
        if base.as(DeclReferenceExprSyntax.self)?.baseName.text == "allCases" { return true }
        if let sequence = base.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let parts = Array(sequence.elements)
            let isRange = parts[1].as(BinaryOperatorExprSyntax.self).map { ["..<", "..."].contains($0.operator.text) } == true
            return isRange && parts[0].is(IntegerLiteralExprSyntax.self) && parts[2].is(IntegerLiteralExprSyntax.self)
        }
        return false
    }

    /// `Date()`, `Date.now`, `.now`: the moment the code runs.
    public var readsNow: Bool {
        let value = unwrapped
        if let call = value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
           call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Date" { return true }
        if let member = value.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "now" {
            return member.base == nil || member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Date"
        }
        return false
    }

    /// A value written out that cannot differ from one call to the next: a string literal without
    /// interpolation, a number, `true`/`false`, `nil`, an enum case by its implicit member
    /// (`.compact`), or an array of those. A caller passing only such values hands a view the same value every time.
    public var isLiteralConstant: Bool {
        let value = unwrapped
        if let string = value.as(StringLiteralExprSyntax.self) {
            return string.segments.allSatisfy { $0.is(StringSegmentSyntax.self) }
        }
        if value.is(IntegerLiteralExprSyntax.self) || value.is(FloatLiteralExprSyntax.self)
            || value.is(BooleanLiteralExprSyntax.self) || value.is(NilLiteralExprSyntax.self) { return true }
        if let prefix = value.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return prefix.expression.is(IntegerLiteralExprSyntax.self) || prefix.expression.is(FloatLiteralExprSyntax.self)
        }
        if let member = value.as(MemberAccessExprSyntax.self) { return member.base == nil }
        if let array = value.as(ArrayExprSyntax.self) { return array.elements.allSatisfy { $0.expression.isLiteralConstant } }
        return false
    }

    /// The expression stands in the size proposed to a fitting measurement
    /// (`toolbar.sizeThatFits(CGSize(width: UIScreen.main.bounds.width, height: 0))`,
    /// `systemLayoutSizeFitting(…)`): a width to measure a height against, not a layout size.
    public var isFittingSizeProposal: Bool {
        var current = Syntax(self)
        while let parent = current.parent {
            if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id != current.id,
               let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
                if ["sizeThatFits", "systemLayoutSizeFitting"].contains(name) { return true }
                if !["CGSize", "width", "height"].contains(name) { return false }
            }
            if parent.is(CodeBlockItemSyntax.self) || parent.is(MemberBlockItemSyntax.self) { return false }
            current = parent
        }
        return false
    }

    /// `UIScreen.main.bounds` (or `UIKit.UIScreen.main.bounds`).
    public var isMainScreenBounds: Bool {
        guard let member = self.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "bounds",
              let base = member.base?.dottedName else { return false }
        return base == "UIScreen.main" || base == "UIKit.UIScreen.main"
    }
}

extension InitializerDeclSyntax {
    /// The reach key member of an `init` (`FileIndex.memberReachKey`): its labels, `=` after one with
    /// a default value (`init(markdown:fallback=:)`), so a call's labels can be matched to it.
    public var reachMember: String {
        "init(" + signature.parameterClause.parameters.map { $0.firstName.text + ($0.defaultValue == nil ? "" : "=") + ":" }.joined() + ")"
    }

    /// `Text.init(markdown:fallback:)`: how a message names it.
    public func labeledName(owner: String) -> String {
        owner + ".init(" + signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined() + ")"
    }
}

extension FunctionCallExprSyntax {
    /// The reach member an initializer call names (`init(markdown:)` for `Text(markdown: s)`,
    /// `init(_:)` for `Row(item)`), matched by the index to the `init` it calls.
    public var initializerReachMember: String {
        "init(" + arguments.map { ($0.label?.text ?? "_") + ":" }.joined() + ")"
    }
}

extension FunctionDeclSyntax {
    /// `relativeTime(_:)`, `row(for:at:)`: the name with its argument labels.
    public var labeledName: String {
        name.text + "(" + signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined() + ")"
    }
}

extension AccessorBlockSyntax {
    /// A getter (`{ … }`, `get { }`): the property is computed; `willSet`/`didSet` alone observe a stored one.
    public var isComputed: Bool {
        switch accessors {
        case .getter: return true
        case .accessors(let list): return list.contains { ["get", "_read"].contains($0.accessorSpecifier.text) }
        @unknown default: return true
        }
    }
}

extension FunctionCallExprSyntax {
    /// The call's predicate (its trailing closure or an argument) names one of `names` bare or as
    /// `self.name` — not as a member of another value (`$0.query`).
    public func predicateReads(_ names: Set<String>) -> Bool {
        let predicates: [Syntax] = [trailingClosure.map(Syntax.init)].compactMap { $0 } + arguments.map { Syntax($0.expression) }
        return predicates.contains { predicate in
            predicate.tokens(viewMode: .sourceAccurate).contains { token in
                guard case .identifier(let name) = token.tokenKind, names.contains(name) else { return false }
                guard let member = token.parent?.parent?.as(MemberAccessExprSyntax.self), member.declName.baseName.id == token.id else { return true }
                return member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
            }
        }
    }
}

extension FunctionDeclSyntax {
    /// A conditional view transform: the method's body is `if condition { transform(self) } else
    /// { self }` (also with `return`, or `condition()` of an `@autoclosure`), where `condition` is
    /// its `Bool` parameter and `transform` a closure parameter. Returns the condition parameter's
    /// position among the parameters (the call's argument holding the condition), nil otherwise.
    public var conditionalTransformConditionIndex: Int? {
        guard let statements = body?.statements, statements.count == 1,
              let ifExpr = statements.first?.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
                ?? statements.first?.item.as(IfExprSyntax.self)
                ?? statements.first?.item.as(ReturnStmtSyntax.self)?.expression?.as(IfExprSyntax.self),
              ifExpr.conditions.count == 1, case .expression(let condition) = ifExpr.conditions.first?.condition,
              case .codeBlock(let elseBlock)? = ifExpr.elseBody,
              Self.isSelf(elseBlock.statements), let applied = Self.soleExpression(ifExpr.body.statements)?.as(FunctionCallExprSyntax.self),
              applied.arguments.count == 1, let argument = applied.arguments.first,
              argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self),
              let transform = applied.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return nil }
        let conditionName = condition.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? condition.as(FunctionCallExprSyntax.self).flatMap { $0.arguments.isEmpty ? $0.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text : nil }
        let parameters = Array(signature.parameterClause.parameters)
        guard let conditionName, parameters.contains(where: { $0.localName == transform }),
              let index = parameters.firstIndex(where: { $0.localName == conditionName }),
              parameters[index].type.trimmedDescription.hasSuffix("Bool")
        else { return nil }
        return index
    }

    private static func soleExpression(_ statements: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard statements.count == 1, let item = statements.first?.item else { return nil }
        if let expression = item.as(ExpressionStmtSyntax.self)?.expression { return expression }
        if let expression = item.as(ExprSyntax.self) { return expression }
        return item.as(ReturnStmtSyntax.self)?.expression
    }

    private static func isSelf(_ statements: CodeBlockItemListSyntax) -> Bool {
        soleExpression(statements)?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    }
}

extension SyntaxProtocol {
    /// `name` at this node is bound by the code around it, not a member or a free function: a
    /// parameter of an enclosing closure or function, a local declared earlier in an enclosing block
    /// (`let`/`var`, `guard let`), an `if let` of an enclosing `if`, or a `for` loop's element
    /// (`ForEach(accounts) { account in Row(account: account) }`: `account` is the row's value).
    public func isBoundLocally(_ name: String) -> Bool {
        var node = Syntax(self)
        // Code is a few dozen levels deep; a pathological nesting is not looked through.
        var levels = 0
        while let parent = node.parent, levels < 256 {
            levels += 1
            if let closure = parent.as(ClosureExprSyntax.self), closure.parameterNames.contains(name) { return true }
            if let ifExpr = parent.as(IfExprSyntax.self), ifExpr.body.id == node.id, Self.binds(ifExpr.conditions, name) { return true }
            if let loop = parent.as(ForStmtSyntax.self), loop.body.id == node.id,
               loop.pattern.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == name }) { return true }
            if let list = parent.as(CodeBlockItemListSyntax.self) {
                for item in list {
                    if item.id == node.id { break }
                    if let variable = item.item.as(VariableDeclSyntax.self),
                       variable.bindings.contains(where: { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }) { return true }
                    if let guardStmt = item.item.as(GuardStmtSyntax.self), Self.binds(guardStmt.conditions, name) { return true }
                }
            }
            if parent.is(MemberBlockSyntax.self) || parent.is(SourceFileSyntax.self) { return false }
            if parent.declaredParameters.contains(where: { $0.localName == name }) { return true }
            node = parent
        }
        return false
    }

    private static func binds(_ conditions: ConditionElementListSyntax, _ name: String) -> Bool {
        conditions.contains { element in
            guard case .optionalBinding(let binding) = element.condition else { return false }
            return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
        }
    }
}

extension SyntaxProtocol {
    /// The node stands in the fallback of `??` (`cached ?? (try? store.fetch(request))`): it runs
    /// only when the value before it is nil, not on every call of the code around it.
    public var standsInNilCoalescingFallback: Bool {
        var node = Syntax(self)
        // An operand is a few levels below its sequence; a pathological nesting is not looked through.
        var levels = 0
        while let parent = node.parent, levels < 64 {
            levels += 1
            // The operand right after `??` in a sequence: the token before it is that operator (looked at
            // directly, not by scanning the sequence, which may hold thousands of operands).
            if parent.is(ExprListSyntax.self), parent.parent?.is(SequenceExprSyntax.self) == true,
               let previous = node.firstToken(viewMode: .sourceAccurate)?.previousToken(viewMode: .sourceAccurate),
               previous.text == "??", let operatorExpr = previous.parent?.as(BinaryOperatorExprSyntax.self),
               operatorExpr.parent?.id == parent.id {
                return true
            }
            if parent.is(CodeBlockItemSyntax.self) || parent.is(ClosureExprSyntax.self) || parent.is(MemberBlockItemSyntax.self) { return false }
            node = parent
        }
        return false
    }
}

extension SyntaxProtocol {
    /// The node stands where code runs only off the main thread: the `else` of `if Thread.isMainThread`,
    /// or the body of `if !Thread.isMainThread`. Rendering runs on the main thread, so a view's reads
    /// never run it.
    public var standsOffMainThreadOnly: Bool {
        var node = Syntax(self)
        // A branch is a few dozen levels up at most; a pathological nesting is not looked through.
        var levels = 0
        while let parent = node.parent, levels < 128 {
            levels += 1
            if let ifExpr = parent.as(IfExprSyntax.self), ifExpr.conditions.count == 1,
               case .expression(let condition) = ifExpr.conditions.first?.condition {
                if Self.isMainThreadCheck(condition), case .codeBlock(let elseBlock)? = ifExpr.elseBody, elseBlock.id == node.id { return true }
                if let negation = condition.as(PrefixOperatorExprSyntax.self), negation.operator.text == "!",
                   Self.isMainThreadCheck(negation.expression), ifExpr.body.id == node.id { return true }
            }
            if parent.is(MemberBlockItemSyntax.self) || parent.is(SourceFileSyntax.self) { return false }
            node = parent
        }
        return false
    }

    /// `Thread.isMainThread`.
    private static func isMainThreadCheck(_ condition: ExprSyntax) -> Bool {
        guard let member = condition.as(MemberAccessExprSyntax.self) else { return false }
        return member.declName.baseName.text == "isMainThread" && member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Thread"
    }
}

extension Syntax {
    /// In a member that first returns what a cache holds and stores into that cache on a miss,
    /// the offset where the code that runs only on a miss begins (just after the lookup), else nil:
    ///
    ///     if let cached = backgroundColorCache[path] { return cached }   // or `cache.object(forKey:)`
    ///     let color = parse(contentsOf: path)                            // runs once per key
    ///     backgroundColorCache[path] = color                             // or `cache.setObject(_:forKey:)`
    ///
    /// Work after the lookup (or in its `else { … }`) is not done on every call, only the first time a key is asked.
    /// `self` is a function declaration or a computed property.
    public var cacheMissCodeStart: Int? {
        let statements: CodeBlockItemListSyntax
        if let function = self.as(FunctionDeclSyntax.self), let body = function.body {
            statements = body.statements
        } else if let variable = self.as(VariableDeclSyntax.self), variable.bindings.count == 1,
                  case .getter(let getter) = variable.bindings.first?.accessorBlock?.accessors {
            statements = getter
        } else {
            return nil
        }
        for item in statements {
            guard let lookup = item.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self) ?? item.item.as(IfExprSyntax.self),
                  let cache = lookup.cacheLookedUp,
                  lookup.body.statements.contains(where: { $0.item.is(ReturnStmtSyntax.self) })
            else { continue }
            // After the `if`, or in its `else { … }`: both run only when the key was not found.
            let elseCode = lookup.elseBody?.as(CodeBlockSyntax.self).map { Array($0.statements) } ?? []
            let missCode = statements.filter { $0.position >= lookup.endPosition } + elseCode
            return missCode.contains(where: { $0.storesInto(cache) }) ? lookup.body.endPosition.utf8Offset : nil
        }
        return nil
    }
}

extension IfExprSyntax {
    /// `if let cached = cache[key]` / `if let cached = cache.object(forKey: key)`: the cache's
    /// spelling (`cache`, `Self.cache`), for an `if` with that one condition.
    fileprivate var cacheLookedUp: String? {
        guard conditions.count == 1, case .optionalBinding(let binding) = conditions.first?.condition,
              let value = binding.initializer?.value else { return nil }
        if let subscriptCall = value.as(SubscriptCallExprSyntax.self) { return subscriptCall.calledExpression.trimmedDescription }
        if let call = value.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
           access.declName.baseName.text == "object", call.arguments.first?.label?.text == "forKey", let base = access.base {
            return base.trimmedDescription
        }
        return nil
    }
}

extension CodeBlockItemSyntax {
    /// `cache[key] = value` or `cache.setObject(value, forKey: key)`, standing as this statement.
    fileprivate func storesInto(_ cache: String) -> Bool {
        let expression = item.as(ExpressionStmtSyntax.self)?.expression ?? item.as(ExprSyntax.self)
        if let sequence = expression?.as(SequenceExprSyntax.self), sequence.elements.count == 3,
           let target = sequence.elements.first?.as(SubscriptCallExprSyntax.self),
           sequence.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true {
            return target.calledExpression.trimmedDescription == cache
        }
        if let call = expression?.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
           access.declName.baseName.text == "setObject" {
            return access.base?.trimmedDescription == cache
        }
        return false
    }
}
