import SwiftSyntax

/// The parts of a `FileIndex` the walk records, for a whole file or for one top-level
/// item of it (the types come from `FileTypeCollector`, the questions from `RuleContext`).
/// Positions are byte offsets in the version of the file that was walked.
struct FileIndexEntries: Sendable {
    var references: [String: NameSet] = [:]
    var initializerLabels: [String: NameSet] = [:]
    var memberUses: [String: NameSet] = [:]
    var memberReach: [String: NameSet] = [:]
    var reachHazards: [String: [ReachHazard]] = [:]
    var elementEdits: Set<String> = []
    var builtViews: [String: NameSet] = [:]
    var environmentUses: [EnvironmentUse] = []
    var intentControls: [IntentControlUse] = []

    /// Adds the entries of code walked after this (the next top-level item).
    mutating func add(_ later: FileIndexEntries) {
        Self.merge(later.references, into: &references)
        // A label constant-only in one item and passed a varying value in the other is not.
        var constants: [String: NameSet] = [:]
        for key in Set(initializerLabels.keys).union(later.initializerLabels.keys) where key.hasSuffix(" constant") {
            guard let type = FileIndex.callersType(ofKey: key) else { continue }
            let appKey = FileIndex.appCallersKey(of: type)
            func varying(_ labels: [String: NameSet]) -> Set<String> {
                Set(labels[appKey] ?? []).subtracting(labels[key] ?? [])
            }
            let earlierVarying = varying(initializerLabels), laterVarying = varying(later.initializerLabels)
            let kept = Set(initializerLabels[key] ?? []).subtracting(laterVarying).union(Set(later.initializerLabels[key] ?? []).subtracting(earlierVarying))
            if !kept.isEmpty { constants[key] = NameSet(kept) }
        }
        Self.merge(later.initializerLabels, into: &initializerLabels)
        for key in initializerLabels.keys where key.hasSuffix(" constant") { initializerLabels[key] = constants[key] }
        Self.merge(later.memberUses, into: &memberUses)
        Self.merge(later.memberReach, into: &memberReach)
        reachHazards.merge(later.reachHazards) { $0 + $1 }
        elementEdits.formUnion(later.elementEdits)
        Self.merge(later.builtViews, into: &builtViews)
        environmentUses.append(contentsOf: later.environmentUses)
        intentControls.append(contentsOf: later.intentControls)
    }

    /// Adds `later`'s sets to `sets`. A key only `later` has (the usual case: each top-level
    /// item is its own type or extension) takes its set as it is, without hashing its names
    /// again — the server merges every unchanged item's entries on each edit.
    private static func merge(_ later: [String: NameSet], into sets: inout [String: NameSet]) {
        for (key, names) in later {
            if let existing = sets[key] {
                sets[key] = existing.union(names)
            } else {
                sets[key] = names
            }
        }
    }

    /// The same entries with every name set in an array of exactly its size (`NameSet.compacted`):
    /// what the index and the server's per-item memo keep, after the walk's inserts.
    var compacted: FileIndexEntries {
        var entries = self
        for keyPath in [\FileIndexEntries.references, \.initializerLabels, \.memberUses, \.memberReach, \.builtViews] {
            entries[keyPath: keyPath] = entries[keyPath: keyPath].mapValues(\.compacted)
        }
        return entries
    }

    /// The same entries for the code moved by `delta` bytes (references and labels carry no positions).
    func moved(by delta: Int) -> FileIndexEntries {
        func move(_ range: Range<Int>) -> Range<Int> { range.lowerBound + delta..<range.upperBound + delta }
        var moved = self
        for index in moved.environmentUses.indices { moved.environmentUses[index].range = move(moved.environmentUses[index].range) }
        for index in moved.intentControls.indices { moved.intentControls[index].range = move(moved.intentControls[index].range) }
        for key in moved.reachHazards.keys {
            for index in moved.reachHazards[key]!.indices { moved.reachHazards[key]![index].range = move(moved.reachHazards[key]![index].range) }
        }
        return moved
    }
}

/// Records a file's index entries during the one walk that runs the rules (a second walk
/// would cost as much again: the walk is the cost floor, docs/performance.md). `RuleWalker`
/// calls it at the nodes its role table marks; what counts as an environment read or
/// injection, an intent control or an initializer call is asked of
/// `Syntax/CrossFileShapes.swift`, whose queries rules share.
final class FileIndexCollector {
    private let context: RuleContext
    private(set) var entries = FileIndexEntries()
    /// Uses of member names (bare or after `self.`) in the top-level item being walked, and the
    /// views its members other than `body` build outside menu closures: whether those are menu
    /// content is known only once the item's uses are (`resolveMemberBuilds`).
    /// By top-level item: the byte offset of its outermost type's name (`itemKey`).
    private var memberUseSites: [Int: [String: [MemberMenuUses.Use]]] = [:]
    private var memberBuilds: [(item: Int, owner: String, member: String, callee: String)] = []
    /// `Syntax.cacheMissCodeStart` of each member asked, by its node.
    private var cacheMissStarts: [SyntaxIdentifier: Int?] = [:]

    /// Which top-level item the walk is in, as far as members go: its outermost type (a plain walk
    /// and an item-by-item walk see the same keys). Nil outside any type, where no member is.
    private var itemKey: Int? { context.typeStack.first?.nameRange.lowerBound }

    /// The file's text has `isMainThread` somewhere: only then can code stand in a branch of
    /// `Thread.isMainThread` (the walk up that asks is skipped everywhere else).
    private lazy var mentionsMainThreadCheck: Bool = context.document.bytes.withUnsafeBufferPointer {
        ByteSearch.contains(Array("isMainThread".utf8), in: $0)
    }

    init(context: RuleContext) {
        self.context = context
    }

    /// The file's index: the file's types, what the walk recorded (uses and controls in
    /// source order) and the rules' questions.
    func fileIndex(queries: WorkspaceQueries) -> FileIndex {
        resolveMemberBuilds()
        var entries = entries.compacted
        dropStoredPropertyReach(from: &entries.memberReach)
        entries.environmentUses.sort { ($0.range.lowerBound, $0.kind.rawValue) < ($1.range.lowerBound, $1.kind.rawValue) }
        entries.intentControls.sort { $0.range.lowerBound < $1.range.lowerBound }
        return FileIndex(path: context.document.path, types: context.fileTypes, environmentUses: entries.environmentUses,
                         intentControls: entries.intentControls, references: entries.references,
                         initializerLabels: entries.initializerLabels, memberUses: entries.memberUses,
                         memberReach: entries.memberReach, reachHazards: entries.reachHazards, elementEdits: entries.elementEdits,
                         builtViews: entries.builtViews,
                         queries: queries)
    }

    /// Reading a stored property does not run its initializer: what the initializer uses is not
    /// reached by a read (`let colors = loadColors()` is loaded once per instance; a global or
    /// static `let` once). Only members with code (computed properties, methods, functions) keep theirs.
    private func dropStoredPropertyReach(from reach: inout [String: NameSet]) {
        for key in Array(reach.keys) {
            let owner = String(key.prefix { $0 != " " })
            let member = FileIndex.member(ofReachKey: key)
            if owner.isEmpty {
                if topLevelStoredNames.contains(member) { reach.removeValue(forKey: key) }
            } else if let property = context.fileTypes[owner]?.property(named: member), !property.isComputed {
                reach.removeValue(forKey: key)
            }
        }
    }

    /// The file's top-level stored variables (`let shared = Formatter()`), from its top-level items only.
    private var topLevelStoredNames: Set<String> {
        var names: Set<String> = []
        for item in context.tree.statements {
            guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings where binding.accessorBlock?.isComputed != true {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { names.insert(name) }
            }
        }
        return names
    }

    // MARK: - Item by item

    /// Runs `walk` (of one top-level item) and returns the entries it recorded; they are
    /// also kept for the whole file, as in a plain walk.
    func collectingItem(_ walk: () -> Void) -> FileIndexEntries {
        var file = FileIndexEntries()
        swap(&file, &entries)
        walk()
        resolveMemberBuilds()
        let item = entries.compacted
        entries = consume file
        entries.add(item)
        return item
    }

    /// Adds an earlier walk's entries for an item, as if the item had been walked.
    func take(_ item: FileIndexEntries) {
        entries.add(item)
    }

    // MARK: - At nodes

    /// `Store` in `Store.shared`, `Store()`: an uppercase name the enclosing type's code refers to;
    /// `count` in `count += 1`, `self.count`, `row.count`: a member (or local) name it uses.
    func noteDeclReference(_ node: Syntax) {
        let name = node.cast(DeclReferenceExprSyntax.self).baseName.text
        if TypeNames.startsUppercase(name) {
            noteReference(name)
            if name == "UIScreen", let bounds = node.parent?.parent?.as(MemberAccessExprSyntax.self), ExprSyntax(bounds).isMainScreenBounds,
               !ExprSyntax(bounds).isFittingSizeProposal {
                noteHazard(.screenBounds, detail: "UIScreen.main.bounds", range: bounds.byteRange)
            }
        } else if let first = name.utf8.first {
            // `$count` (the projected value) and `_count` (the wrapper's storage) are uses of `count`.
            // A property declared with the underscore (`private var _filtered: [Item] { … }`) is its own name.
            let isWrapperName = (first == UInt8(ascii: "$") || first == UInt8(ascii: "_")) && name.utf8.count > 1
                && (first == UInt8(ascii: "$") || context.typeStack.last?.property(named: name) == nil)
            var member = isWrapperName ? String(name.dropFirst()) : name
            // `row.count` (the name after a dot) is kept as `.count`: only such a use can reach
            // another type's member; a bare `count` in another type's code is its own.
            var typedMember: String?
            // `.date` with no base (`case .date:`, `.frame(width: .infinity)`) is a static member or
            // an enum case of the type the context infers: never a use of a value's property.
            var isImplicitMember = false
            if let access = node.parent?.as(MemberAccessExprSyntax.self), access.declName.id == node.id {
                isImplicitMember = access.base == nil
                if access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) { noteMemberUse(member) }
                // Called with labels (`text.split(separator: ",")`): the labels go with the name, so the
                // index does not take it for a project method of that base name with other labels
                // (`extension String { func split(usingRegex:) }`).
                typedMember = access.base.flatMap(heldTypeName).map { $0 + "." + member + Self.callLabels(of: access) }
                member = FileIndex.memberAccessKey(member)
            } else {
                noteMemberUse(member)
            }
            let owner = context.typeStack.last?.qualifiedName ?? ""
            if !isImplicitMember { entries.memberUses[owner, default: []].insert(member) }
            let reference = node.cast(DeclReferenceExprSyntax.self)
            let collection = member.hasPrefix(".") ? String(member.dropFirst()) : member
            if reference.isElementEditedInPlace { entries.elementEdits.insert(collection) }
            // Changed after the value was made (an `init` only sets its first contents; a closure
            // it leaves behind, a subscription's sink, runs later).
            let inInitializer = context.functionStack.last?.kind == .initializer
            // `publisher.assign(to: &$status)` in an `init`: the subscription writes it later.
            let isAssignedByPublisher = reference.parent?.is(InOutExprSyntax.self) == true && name.hasPrefix("$")
            // `TextEditor(text: $draft)`: a binding handed to a control, which writes through it.
            let isHandedAsBinding = name.hasPrefix("$") && reference.parent?.is(LabeledExprSyntax.self) == true
            if reference.isWrittenInPlace || isHandedAsBinding, !inInitializer || isAssignedByPublisher || node.ancestor(ClosureExprSyntax.self) != nil {
                if let key = writeKey(of: collection.hasPrefix("$") ? String(collection.dropFirst()) : collection, at: reference) {
                    entries.elementEdits.insert(key)
                }
                // Replaced or emptied outside an `init`.
                if !inInitializer, reference.isAssignedWholeOrShrunk { entries.elementEdits.insert(FileIndex.shrinkKey(of: collection)) }
            }
            // A bare name the enclosing function takes as a parameter is that value, not a member
            // its code reaches (`isReady(setupDone: setupDone)` reads no `setupDone` property).
            // A use in a `??` fallback or in a branch only a background thread takes runs only then: a
            // member's code does not reach it on every call (rendered code is on the main thread).
            // Asked only when the answer can change what is recorded (the walk up is not free).
            // A function passed by name to be kept (`Binding(get: load, set: save)`, `Button(action:
            // refresh)`) is not called by naming it.
            // `.named("grid")` (no base) is a static member of the type the context infers: kept as
            // `FileIndex.implicitMemberKey`, never the enclosing type's member or a free function.
            noteReach(of: isImplicitMember ? FileIndex.implicitMemberKey(name) : typedMember ?? member, from: owner,
                      at: node.positionAfterSkippingLeadingTrivia.utf8Offset,
                      recordingName: (typedMember != nil || member.hasPrefix(".") || !isParameterOfEnclosingFunction(name))
                        && !reference.isPassedToRunLater
                        && !(context.execution == .elsewhere && (node.standsInNilCoalescingFallback || (mentionsMainThreadCheck && node.standsOffMainThreadOnly))))
        }
    }

    /// `visible(from: items)` with `@FetchRequest var items` (or another data wrapper): the member's
    /// code calls a method of its own type passing the app's data at a position, recorded as
    /// `FileIndex.dataArgumentEdge` beside the method's name, so a reach question that follows the
    /// call counts the method's work over that parameter (which, without this edge, costs only
    /// what an unknown caller passes).
    private func noteDataArguments(_ call: FunctionCallExprSyntax, callee: String) {
        guard let first = callee.utf8.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z"),
              !call.arguments.isEmpty, context.execution != .deferred, let frame = reachFrame else { return }
        let called = call.calledExpression
        guard called.is(DeclReferenceExprSyntax.self) || called.selfMemberName != nil else { return }
        for (index, argument) in call.arguments.enumerated()
        where argument.expression.collectionRootNames.contains(where: { isData($0, at: call) }) {
            let key = FileIndex.memberReachKey(owner: context.typeStack.last?.qualifiedName ?? "", member: Self.reachMember(of: frame))
            entries.memberReach[key, default: []].insert(FileIndex.dataArgumentEdge(callee, argument: index))
        }
    }

    /// `name` is a parameter of the innermost function or initializer declaration around the walk.
    private func isParameterOfEnclosingFunction(_ name: String) -> Bool {
        guard reachFrame != nil, let function = context.functionStack.last?.node else { return false }
        return function.declaredParameters.contains { $0.localName == name }
    }

    /// The type of a value whose member the code reads, from this file alone: `thread` in
    /// `thread.sortedMessages` when the enclosing type's stored property or the enclosing
    /// function's parameter `thread` is declared `Thread` (or `Thread?`, or the property starts as
    /// `Thread(…)` or `Thread.shared`); `Store` in `Store.sources`, a static member of a type written
    /// by name. A reach question follows `Thread.sortedMessages` to that type's member. Nil for
    /// anything else (most reads), and outside the code reach is recorded for.
    private func heldTypeName(_ base: ExprSyntax) -> String? {
        guard let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text, let first = name.utf8.first,
              context.execution != .deferred, reachFrame != nil
        else { return nil }
        // `InputSource.sources`: a static member of a type written by name (not `Self`, which the
        // walk would have to resolve).
        if TypeNames.startsUppercase(name), name != "Self", base.parent?.as(MemberAccessExprSyntax.self)?.base?.id == base.id {
            return name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) ? name : nil
        }
        guard first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return nil }
        return declaredTypeName(ofValueNamed: name)
    }

    /// The type of the enclosing function's parameter or the enclosing type's stored property named
    /// `name`, when written as a plain type name.
    private func declaredTypeName(ofValueNamed name: String) -> String? {
        var written: String?
        if let function = context.functionStack.last?.node.as(FunctionDeclSyntax.self),
           let parameter = function.signature.parameterClause.parameters.first(where: { $0.localName == name }) {
            written = parameter.type.trimmedDescription
        } else if let property = context.typeStack.last?.property(named: name), property.isStoredInstance {
            // The written type, the type it is built as (`= Manager()`), or a shared instance's (`= Manager.shared`).
            written = property.reachTypeName
        }
        guard let written else { return nil }
        let type = TypeNames.strippingOptional(written)
        return TypeNames.startsUppercase(type) && type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) ? type : nil
    }

    /// The `elementEdits` key of a write of `member` (`FileIndex.writeKey`): with the receiver's type
    /// where the code shows it (`self.url = u` or a bare `url = u` in a type's code: that type's;
    /// `model.url = u` with `model` a property or parameter of a written type, or a local built as
    /// one: that type's), else the bare name.
    /// Nil for a write no question asks about: the code's own value-type state (`isOn = true` in a
    /// view) and locals; what is asked is whether a class's stored state changes.
    private func writeKey(of member: String, at reference: DeclReferenceExprSyntax) -> String? {
        var owner: String?
        if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id,
           let base = access.base.map({ $0.as(OptionalChainingExprSyntax.self)?.expression ?? $0 }) {
            if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                guard let type = context.typeStack.last, Self.mayBeObservedObject(type) else { return nil }
                owner = type.qualifiedName
            } else if let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text {
                let name = name.hasPrefix("$") ? String(name.dropFirst()) : name
                // A property or parameter of a written type, else a local built as one
                // (`let video = CDVideo(context: c)`; `video.url = u` is not another type's `url`).
                owner = declaredTypeName(ofValueNamed: name)
                    ?? reference.localInitializer(of: name).flatMap { localTypeName(of: $0) }
            } else if let chain = base.as(MemberAccessExprSyntax.self), chain.declName.baseName.text == "coordinator",
                      chain.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "context", let type = context.typeStack.last {
                // `context.coordinator.url = nil` in a representable's code: its own `Coordinator`.
                owner = type.qualifiedName + ".Coordinator"
            }
        } else if reference.parent?.as(MemberAccessExprSyntax.self)?.declName.id != reference.id {
            // A bare name: the type's own stored property (a local of that name is not), in a class's code.
            guard let type = context.typeStack.last, Self.mayBeObservedObject(type),
                  type.kind == .extension || type.property(named: member)?.isStoredInstance == true
            else { return nil }
            owner = type.qualifiedName
        }
        return FileIndex.writeKey(of: owner.map { $0 + "." + member } ?? member)
    }

    /// A class that may be an `ObservableObject` (what `@ObservedObject` holds): one that conforms to or
    /// inherits something (a superclass may be one); or an extension, whose type the walk does not see.
    /// A class declaring no supertype or protocol is taken as none (one that conforms only in an
    /// extension in another file is missed: its writes there are kept, its own bare writes are not).
    private static func mayBeObservedObject(_ type: TypeScope) -> Bool {
        type.kind == .extension || (type.kind == .class && !type.inheritedTypes.isEmpty)
    }

    /// A method of `extension View` that builds a view: recorded when it is a conditional transform
    /// (`.if(condition) { $0.padding() }`), which a call site asks about (`conditional-view-identity`).
    func noteViewExtensionMethod(_ function: FunctionDeclSyntax) {
        guard let index = function.conditionalTransformConditionIndex else { return }
        let name = String(function.name.text.filter { $0 != "`" })
        let start = function.positionAfterSkippingLeadingTrivia.utf8Offset
        // Its code renders, too: a reach question stops at it, as at any view helper.
        entries.reachHazards[FileIndex.memberReachKey(owner: "View", member: name), default: []] += [
            ReachHazard(kind: .conditionalTransform, detail: String(index), member: String(function.labeledName.filter { $0 != "`" }),
                        site: .code, range: function.name.byteRange),
            ReachHazard(kind: .renderedCode, detail: "", member: name, site: .code, range: start..<start),
        ]
    }

    /// `Store` in `let store: Store`.
    func noteTypeReference(_ node: Syntax) {
        guard mayStartUppercase(node) else { return }
        noteReference(node.cast(IdentifierTypeSyntax.self).name.text)
    }

    /// A `var`/`let`: a member property may read an environment object.
    func noteVariable(_ node: Syntax) {
        guard node.parent?.is(MemberBlockItemSyntax.self) == true else { return }
        for read in node.cast(VariableDeclSyntax.self).environmentObjectReads {
            entries.environmentUses.append(EnvironmentUse(kind: read.kind, typeName: read.typeName, path: context.document.path,
                                                          range: read.attribute.byteRange))
        }
    }

    /// A call: an environment injection, an intent control, or labels passed to an initializer.
    func noteCall(_ call: FunctionCallExprSyntax, callee: String?) {
        guard let callee else { return }
        switch callee {
        case "environmentObject", "environment":
            guard let injection = call.environmentInjection(callee: callee), let typeName = localTypeName(of: injection.value) else { return }
            entries.environmentUses.append(EnvironmentUse(kind: injection.kind, typeName: typeName, path: context.document.path,
                                                          range: call.rangeFromCalleeName))
        case "Button", "Toggle":
            // SwiftUI's own initializers: their labels say nothing about a workspace type. Still a
            // view the code builds (a control, `viewTreeBuildsControl`).
            if call.runsIntent(callee: callee) {
                entries.intentControls.append(IntentControlUse(typeName: context.typeStack.last?.name ?? "", path: context.document.path,
                                                               range: call.byteRange))
            }
        default:
            noteInitializerLabels(call, callee: callee)
        }
        noteDataArguments(call, callee: callee)
        // `.navigationDestination(for: Screen.self) { screen in screen.view }`: what is pushed is what a value
        // of `Screen` builds (a router enum's `view`), so the type is filed as a destination of this view,
        // and the view questions follow a type that is no view to the places it is built (`isBuiltSomewhere`).
        if callee == "navigationDestination", context.execution == .render, !context.isInPreviewCode,
           let type = call.argument(labeled: "for")?.expression.as(MemberAccessExprSyntax.self),
           type.declName.baseName.tokenKind == .keyword(.self), let written = type.base?.trimmedDescription,
           let simple = TypeNames.simple(written), TypeNames.startsUppercase(simple) {
            entries.builtViews[FileIndex.destinationKey(owner: context.typeStack.last?.qualifiedName ?? ""), default: []].insert(simple)
        }
        if ReachHazard.calleeNames.contains(callee) {
            // Over the member's own parameter (`memos.filter { … }` in `func visible(_ memos: [Memo])`):
            // work over whatever its callers pass, judged at each call.
            var argument: Int?
            let found = call.reachHazard(callee: callee, isData: { self.isData($0, at: call) || self.isSearchedInput($0, at: call, callee: callee) },
                                         isStored: isStoredModelCollection)
                ?? (ReachHazard.collectionWork.contains(callee) ? call.reachHazard(callee: callee, isData: { name in
                    argument = self.parameterPosition(of: name, at: call)
                    return argument != nil
                }) : nil)
            // Work in a `??` fallback runs only when the value before it is missing; work in a branch
            // only a background thread takes never runs for a view, which renders on the main thread.
            // Work in a closure that runs later (a `Binding`'s setter, an action) is not the member's when read.
            if let hazard = found, hazard.kind != .mainQueueHop || !call.standsInCallbackClosure, context.callbackDepth == 0, !isBehindFlagOffByDefault(call),
               !call.standsInNilCoalescingFallback, !call.standsOffMainThreadOnly {
                var detail = callee == "filter" && isSearchFilter(call) ? ReachHazard.filterByState : hazard.detail
                if hazard.kind == .decoding, detail == "JSONDecoder", decodesStoredValue(call) { detail = ReachHazard.storedValueDecoding }
                noteHazard(hazard.kind, detail: detail, range: hazard.kind == .collectionWork ? call.rangeFromCalleeName : call.byteRange,
                           argument: argument)
            }
        }
        // `UIHostingController(rootView: ShareView())`: the app builds `ShareView`, once per controller.
        // A project's own host (`HostingBottomSheetController(rootView:)`, a subclass) hosts the same way.
        if Self.hostingTypes.contains(callee) || TypeNames.startsUppercase(callee), let root = Self.hostedRoot(of: call),
           let name = root.calleeName, TypeNames.startsUppercase(name), name != "TabView",
           root.calledExpression.is(DeclReferenceExprSyntax.self) || root.calledExpression.is(GenericSpecializationExprSyntax.self) {
            entries.builtViews[FileIndex.hostingKey, default: []].insert(name)
        }
        // `Row(item: i)` in `body` or a view builder: the view tree of the enclosing type holds a `Row`.
        // Built in menu content, it goes under the owner's menu key (`WorkspaceIndex.isBuiltOnlyAsMenuContent`).
        if context.execution == .render || isAppSceneBody || isPreviewBody, TypeNames.startsUppercase(callee),
           call.calledExpression.is(DeclReferenceExprSyntax.self) || call.calledExpression.is(GenericSpecializationExprSyntax.self) {
            noteBuiltView(callee, call: call)
        }
    }

    /// The view a hosting type is given: `rootView: ShareView(…)`, or a local built just before
    /// (`let shareView = ShareView(…)` … `rootView: shareView`).
    static func hostedRoot(of call: FunctionCallExprSyntax) -> FunctionCallExprSyntax? {
        guard let argument = call.argument(labeled: "rootView")?.expression.unwrapped else { return nil }
        // `rootView: StatusView().environmentObject(store)`: the view under its modifiers; also through
        // a local (`let root = WorkspaceView().environmentObject(workspace)`).
        func unmodified(_ call: FunctionCallExprSyntax) -> FunctionCallExprSyntax {
            var built = call
            while let modified = built.calledExpression.as(MemberAccessExprSyntax.self)?.base?.unwrapped.as(FunctionCallExprSyntax.self) {
                built = modified
            }
            return built
        }
        if let built = argument.as(FunctionCallExprSyntax.self) { return unmodified(built) }
        guard let name = argument.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        return call.localInitializer(of: name)?.unwrapped.as(FunctionCallExprSyntax.self).map(unmodified)
    }

    /// UIKit's and AppKit's hosting types, whose `rootView:` is the SwiftUI view they show.
    static let hostingTypes: Set<String> = ["UIHostingController", "NSHostingController", "NSHostingView", "_UIHostingView"]

    /// In an `App`'s `body` (`WindowGroup { ContentView() }`): not a view's render path, but the
    /// views its scenes build are edges of the view-containment graph (`isBuiltByNoParentView`).
    private var isAppSceneBody: Bool {
        guard let type = context.typeStack.last, type.inherits("App"),
              context.functionStack.contains(where: { $0.kind == .property && $0.name == "body" })
        else { return false }
        return context.execution != .deferred
    }

    /// Preview code outside actions (`#Preview { Row() }`, a `PreviewProvider`'s `previews`): the
    /// views it builds are edges too, so a wrapper only previews build is known as preview code.
    private var isPreviewBody: Bool { context.isInPreviewCode && context.execution != .deferred }

    /// A use of `name` (bare or `self.name`): is it menu content, and in which member.
    private func noteMemberUse(_ name: String) {
        guard let item = itemKey else { return }
        memberUseSites[item, default: [:]][name, default: []].append(
            MemberMenuUses.Use(isMenuContent: MenuContent.contains(context.containers), member: context.enclosingMember?.name))
    }

    /// `Row()` built in rendered code: inside a menu's closure it is menu content now; in a member
    /// other than `body` it waits for the item's uses of that member.
    private func noteBuiltView(_ callee: String, call: FunctionCallExprSyntax) {
        // Preview code builds under one key, whatever holds it (a `PreviewProvider`, a top-level
        // `#Preview`, one nested in `#if DEBUG`): `isBuiltOnlyByPreviews` asks only that. A view
        // declared in preview code (a mock under `Preview Content/`) keeps its own edges: its tree
        // is a tree like any other.
        if context.isInPreviewCode, context.enclosingView == nil {
            entries.builtViews[FileIndex.previewKey, default: []].insert(callee)
            return
        }
        let owner = context.typeStack.last?.qualifiedName ?? ""
        // In a row of a list over data (`ForEach(items) { … }`, at any depth in it): rebuilt with every
        // update of the view that builds the list.
        if let row = context.containers.last(where: { $0.name == "ForEach" || $0.name == "List" }),
           let data = row.call?.arguments.first, data.label == nil, !data.expression.is(ClosureExprSyntax.self) {
            entries.builtViews[FileIndex.rowsKey, default: []].insert(callee)
        }
        if MenuContent.contains(context.containers) {
            entries.builtViews[FileIndex.menuContentKey(owner: owner), default: []].insert(callee)
        } else if NavigationDestinations.contains(context.containers) || NavigationDestinations.isDestinationArgument(call) {
            entries.builtViews[FileIndex.destinationKey(owner: owner), default: []].insert(callee)
        } else if PresentedContent.contains(context.containers) {
            entries.builtViews[FileIndex.presentationKey(owner: owner), default: []].insert(callee)
        } else if let member = context.enclosingMember, member.name != "body", let item = itemKey {
            memberBuilds.append((item, owner, member.name, callee))
        } else {
            entries.builtViews[owner, default: []].insert(callee)
        }
    }

    /// Files the views built in members under the owner's menu key when the item uses that member
    /// only in menu content (`var contextMenu: some View { RowMenu() }` used in `.contextMenu {
    /// contextMenu }`), else under the owner. Only the item's own uses count, so an item's entries
    /// depend on the item alone (the server reuses them while other items change).
    private func resolveMemberBuilds() {
        defer { memberUseSites = [:]; memberBuilds = [] }
        guard !memberBuilds.isEmpty else { return }
        var uses: [Int: MemberMenuUses] = [:]
        for build in memberBuilds {
            let isMenu = uses[build.item, default: MemberMenuUses(uses: memberUseSites[build.item] ?? [:])].isOnlyMenuContent(build.member)
            entries.builtViews[isMenu ? FileIndex.menuContentKey(owner: build.owner) : build.owner, default: []].insert(build.callee)
        }
    }

    /// `Row(item: i, count: 3)`: the labels passed to `Row`'s initializer (rules ask whether
    /// making a property private would leave a caller with an "extra argument").
    private func noteInitializerLabels(_ call: FunctionCallExprSyntax, callee: String) {
        guard call.arguments.contains(where: { $0.label != nil }), let initialized = call.initializedType(callee: callee) else { return }
        let key: String
        switch initialized {
        case .named(let name): key = name
        case .enclosingType:
            guard let name = context.typeStack.last?.name else { return }
            key = name
        case .inferred: key = FileIndex.initializerOfUnknownType
        }
        // A preview or a test builds a view once, to seed it: not a caller of the app.
        let appKey = context.isInPreviewCode || context.isTestFile ? nil : FileIndex.appCallersKey(of: key)
        let constantKey = FileIndex.constantCallersKey(of: key)
        for argument in call.arguments {
            guard let label = argument.label?.text else { continue }
            entries.initializerLabels[key, default: []].insert(label)
            guard let appKey else { continue }
            // Constant-only so far: a constant now, and the label was not passed before, or only as one.
            let seen = entries.initializerLabels[appKey]?.contains(label) == true
            if argument.expression.isLiteralConstant {
                if !seen || entries.initializerLabels[constantKey]?.contains(label) == true {
                    entries.initializerLabels[constantKey, default: []].insert(label)
                }
            } else if entries.initializerLabels[constantKey]?.remove(label) != nil, entries.initializerLabels[constantKey]?.isEmpty == true {
                entries.initializerLabels[constantKey] = nil
            }
            entries.initializerLabels[appKey, default: []].insert(label)
            // Only a view's code hands a view its own state or inputs (a model building a value does not):
            // the other calls' entries would be kept for no question.
            // (A view's code may stand in an extension of it; an `App`'s scenes hand their state too.)
            guard let caller = context.typeStack.last, caller.isView || caller.kind == .extension || caller.inherits("App") else { continue }
            let sources = callerSources(of: argument.expression)
            if sources.readsState {
                entries.initializerLabels[FileIndex.stateCallersKey(of: key), default: []].insert(label)
            } else {
                for input in sources.inputs {
                    entries.initializerLabels[FileIndex.stateCallersKey(of: key), default: []].insert(label + " " + caller.name + "." + input)
                }
            }
        }
    }

    /// What a caller hands a view's initializer, as the syntax shows it: whether the value reads the
    /// calling type's own changing state (a stored property with a changing wrapper: `@State`,
    /// `@Binding`, an observed model, the environment, a query; also as `$name`; or the element of a
    /// `ForEach`/`List`, the case of a `switch` or the `if let` over such state: rows keep their
    /// identity while the element's content changes), and else the caller's own inputs it reads
    /// (stored properties without a wrapper, which change when the caller's own caller passes new
    /// values). A sheet's item or a local is neither: it changes only when the caller is made anew.
    private func callerSources(of value: ExprSyntax) -> (readsState: Bool, inputs: [String]) {
        guard let caller = context.typeStack.last else { return (false, []) }
        var inputs: [String] = []
        // The names bound around the call (one walk up, only when a name is not a property).
        var bound: [String: ExprSyntax]?
        func judge(_ expression: ExprSyntax, depth: Int) -> Bool {
            for name in expression.referencedNames {
                if let property = caller.property(named: name), property.isStoredInstance {
                    if let wrapper = property.wrapper {
                        if ReachHazard.changingWrappers.contains(wrapper) { return true }
                    } else {
                        inputs.append(name)
                    }
                    continue
                }
                guard depth == 0 else { continue }
                if bound == nil { bound = Self.boundSources(around: Syntax(value)) }
                if let source = bound?[name], judge(source, depth: 1) { return true }
            }
            return false
        }
        return judge(value, depth: 0) ? (true, []) : (false, inputs)
    }

    /// The names bound around `node`, innermost first, with what each comes from: a `ForEach`/`List`
    /// row closure's parameter (its data; `$0` too), a name a `switch` case binds (the subject), an
    /// `if let`'s (its value). Another closure's parameter shadows the name (no source).
    private static func boundSources(around node: Syntax) -> [String: ExprSyntax] {
        var sources: [String: ExprSyntax] = [:]
        var shadowed: Set<String> = []
        func bind(_ name: String, _ source: ExprSyntax?) {
            guard sources[name] == nil, !shadowed.contains(name) else { return }
            if let source { sources[name] = source } else { shadowed.insert(name) }
        }
        var current = node.parent
        while let next = current, !next.is(MemberBlockItemSyntax.self) {
            if let closure = next.as(ClosureExprSyntax.self) {
                let data = closure.rowData
                for name in closure.signature == nil ? ["0"] : closure.parameterNames { bind(name, data) }
            } else if let switchCase = next.as(SwitchCaseSyntax.self), let label = switchCase.label.as(SwitchCaseLabelSyntax.self),
                      let subject = switchCase.parent?.parent?.as(SwitchExprSyntax.self)?.subject {
                for item in label.caseItems {
                    for token in item.pattern.tokens(viewMode: .sourceAccurate) where token.parent?.is(IdentifierPatternSyntax.self) == true {
                        bind(token.text, subject)
                    }
                }
            } else if let ifExpr = next.as(IfExprSyntax.self) {
                for condition in ifExpr.conditions {
                    guard let binding = condition.condition.as(OptionalBindingConditionSyntax.self),
                          let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    bind(name, binding.initializer?.value ?? ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(name))))
                }
            }
            current = next.parent
        }
        return sources
    }

    /// `formatter` read in `var body`: what the member (or free function) whose code this is
    /// reaches when it runs — not from an action closure (`Button { … }`, `.task { }`), which
    /// runs on an event.
    private func noteReach(of member: String, from owner: String, at position: Int, recordingName: @autoclosure () -> Bool = true) {
        guard context.execution != .deferred, context.callbackDepth == 0, let frame = reachFrame, !runsOnlyOnCacheMiss(position, in: frame)
        else { return }
        let name = member.hasPrefix(".") && !FileIndex.isImplicitMemberKey(member) ? String(member.dropFirst()) : member
        let key = FileIndex.memberReachKey(owner: owner, member: Self.reachMember(of: frame))
        // A name the member already reaches needs no question: recording it again changes nothing.
        if entries.memberReach[key]?.contains(name) == true {
        } else if recordingName() {
            entries.memberReach[key, default: []].insert(name)
        } else if entries.memberReach[key] == nil {
            entries.memberReach[key] = []  // the member is still recorded
        }
        // A view helper's rendered code is checked where it stands: reach questions stop at it.
        if context.execution == .render, frame.name != "body", entries.reachHazards[key] == nil {
            entries.reachHazards[key] = [ReachHazard(kind: .renderedCode, detail: "", member: frame.name, site: .code,
                                                     range: frame.node.positionAfterSkippingLeadingTrivia.utf8Offset..<frame.node.positionAfterSkippingLeadingTrivia.utf8Offset)]
        }
    }

    /// True when the code at `position` runs only when the member's cache misses
    /// (`Syntax.cacheMissCodeStart`): once per key, not on every call.
    private func runsOnlyOnCacheMiss(_ position: Int, in frame: FunctionFrame) -> Bool {
        let start: Int?
        if let known = cacheMissStarts[frame.node.id] {
            start = known
        } else {
            start = frame.node.cacheMissCodeStart
            cacheMissStarts[frame.node.id] = .some(start)
        }
        return start.map { position >= $0 } ?? false
    }

    /// The member, free function or global whose code this is (through closures and local
    /// functions inside it): what reach is recorded under.
    private var reachFrame: FunctionFrame? {
        if let member = context.enclosingMember { return member }
        // A type's `init` (`extension Text { init(markdown:) }`): what a call of it reaches.
        if let initializer = context.functionStack.last(where: { $0.node.parent?.is(MemberBlockItemSyntax.self) == true }),
           initializer.kind == .initializer, !context.typeStack.isEmpty {
            return initializer
        }
        guard context.typeStack.isEmpty, let first = context.functionStack.first, first.kind == .function || first.kind == .property,
              first.node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
        else { return nil }
        return first
    }

    /// The call stands in `if flag { … }` where `flag` is a parameter of the member or `init` whose
    /// code this is, `false` by default (`init(stringValue: String, parseMarkdown: Bool = false)`):
    /// work a caller opts into, which a call that does not pass the flag never runs.
    private func isBehindFlagOffByDefault(_ call: FunctionCallExprSyntax) -> Bool {
        guard let frame = reachFrame else { return false }
        let parameters = frame.node.declaredParameters
        guard parameters.contains(where: { $0.defaultValue?.value.trimmedDescription == "false" }) else { return false }
        var node = Syntax(call)
        while let parent = node.parent, parent.id != frame.node.id {
            if let branch = parent.as(CodeBlockSyntax.self), let ifExpr = branch.parent?.as(IfExprSyntax.self), ifExpr.body.id == branch.id,
               ifExpr.conditions.count == 1, case .expression(let condition) = ifExpr.conditions.first?.condition,
               let flag = condition.as(DeclReferenceExprSyntax.self)?.baseName.text,
               parameters.contains(where: { $0.localName == flag && $0.defaultValue?.value.trimmedDescription == "false" }) {
                return true
            }
            node = parent
        }
        return false
    }

    /// The member part of a frame's reach key: its name, or an `init`'s labels (`init(markdown:fallback=:)`).
    /// `(separator:)` when `access` is called with a labelled first argument (`_` for an unlabelled
    /// one after it), else "" (a read, or a call with no labels).
    static func callLabels(of access: MemberAccessExprSyntax) -> String {
        guard let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == access.id,
              call.arguments.contains(where: { $0.label != nil }) else { return "" }
        return "(" + call.arguments.map { ($0.label?.text ?? "_") + ":" }.joined() + ")"
    }

    private static func reachMember(of frame: FunctionFrame) -> String {
        frame.node.as(InitializerDeclSyntax.self)?.reachMember ?? frame.name
    }

    /// The position of `name` among the parameters of the method or function whose code this is
    /// (directly, or through a local that starts as it: `var list = memos`); nil for anything else.
    private func parameterPosition(of name: String, at call: FunctionCallExprSyntax) -> Int? {
        guard let function = reachFrame?.node.as(FunctionDeclSyntax.self) else { return nil }
        let parameters = Array(function.signature.parameterClause.parameters)
        if let value = call.localInitializer(of: name) {
            for root in value.collectionRootNames where root != name {
                if let index = parameters.firstIndex(where: { $0.localName == root }) { return index }
            }
            return nil
        }
        return parameters.firstIndex { $0.localName == name }
    }

    /// A hazard in the code of the member the walk is in (`ReachHazard`), outside rendered code
    /// and action closures.
    private func noteHazard(_ kind: ReachHazard.Kind, detail: String, range: Range<Int>, argument: Int? = nil) {
        // Rendered code is flagged where it stands, by the rules of its own file. Test code is built
        // into no app: its helpers (`extension Decimal { func formatted(to:) }` in `FiatTests.swift`)
        // are not what app code calls under the same name.
        guard context.execution == .elsewhere, !context.isTestFile, let frame = reachFrame,
              !runsOnlyOnCacheMiss(range.lowerBound, in: frame) else { return }
        let owner = context.typeStack.last?.qualifiedName ?? ""
        let site: ReachHazard.Site
        let member: String
        if let function = frame.node.as(FunctionDeclSyntax.self) {
            (site, member) = (.code, function.labeledName)
        } else if let variable = frame.node.as(VariableDeclSyntax.self) {
            let isComputed = variable.bindings.contains { $0.accessorBlock?.isComputed == true }
            let isStatic = context.typeStack.isEmpty || variable.modifiers.contains("static") || variable.modifiers.contains("class")
            site = isComputed ? .code : isStatic ? .storedStatic : .storedInstance
            member = frame.name
        } else if let initializer = frame.node.as(InitializerDeclSyntax.self) {
            (site, member) = (.code, initializer.labeledName(owner: context.typeStack.last?.name ?? owner))
        } else {
            return
        }
        entries.reachHazards[FileIndex.memberReachKey(owner: owner, member: Self.reachMember(of: frame)), default: []].append(
            ReachHazard(kind: kind, detail: detail, member: member, site: site, range: range, argument: argument))
    }

    /// A collection's root name is the app's data: a property of the enclosing type with a data
    /// wrapper (`@Query var trips`, `@StateObject var model` for `model.items`), a stored property
    /// of an `@Observable` model, or a local that starts as one of them (`var list = allPlugins`,
    /// `let all = model.formulae + model.casks`).
    private func isData(_ name: String, at call: FunctionCallExprSyntax) -> Bool {
        if let value = call.localInitializer(of: name) {
            return value.collectionRootNames.contains { $0 != name && isDataProperty($0) } || isModelStoreLookup(value)
        }
        return isDataProperty(name)
    }

    /// `documentStore.items(in: folder)` in a model (an `ObservableObject` or `@Observable` class):
    /// records the model asks its store for, by a method of a stored property it holds. What a
    /// model looks up to show is the app's data, whatever its size.
    private func isModelStoreLookup(_ value: ExprSyntax) -> Bool {
        guard let type = context.typeStack.last, type.isClass, type.inherits("ObservableObject") || type.hasAttribute("Observable"),
              let lookup = value.unwrapped.as(FunctionCallExprSyntax.self),
              let holder = lookup.calledExpression.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
              let property = type.property(named: holder)
        else { return false }
        return property.isStoredInstance
    }

    private func isDataProperty(_ name: String) -> Bool {
        guard let type = context.typeStack.last, let property = type.property(named: name) else { return false }
        guard let wrapper = property.wrapper else {
            // What an `@Observable` model stores is what its views show.
            return property.isStoredInstance && type.hasAttribute("Observable")
        }
        return ReachHazard.dataWrappers.contains(wrapper)
    }

    /// `JSONDecoder().decode(T.self, from: userInfo)` where `userInfo` is an `@AppStorage` (or
    /// `@SceneStorage`) property of the enclosing type, or `from: UserDefaults.standard.data(forKey:)`.
    private func decodesStoredValue(_ decoder: FunctionCallExprSyntax) -> Bool {
        guard let access = decoder.parent?.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "decode",
              let decode = access.parent?.as(FunctionCallExprSyntax.self), decode.calledExpression.id == access.id,
              let source = decode.argument(labeled: "from")?.expression
        else { return false }
        return isStoredValue(source, at: decode, throughLocal: true)
    }

    /// A value kept in `UserDefaults`: `UserDefaults.standard.data(forKey:)`, an `@AppStorage` or
    /// `@SceneStorage` property, the bytes of its text (`json.data(using: .utf8)`, `Data(json.utf8)`),
    /// also through a local that holds one (`if let data = json.data(using: .utf8), … from: data`).
    private func isStoredValue(_ expression: ExprSyntax, at place: some SyntaxProtocol, throughLocal: Bool) -> Bool {
        let source = expression.unwrapped
        if source.trimmedDescription.hasPrefix("UserDefaults") { return true }
        if let call = source.as(FunctionCallExprSyntax.self) {
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "data",
               call.arguments.first?.label?.text == "using", let base = member.base {
                return isStoredValue(base, at: place, throughLocal: throughLocal)
            }
            // `defaults.data(forKey: key)` with a property of the type declared a `UserDefaults`.
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), call.arguments.first?.label?.text == "forKey",
               let base = member.base, let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text ?? base.selfMemberName,
               let property = context.typeStack.last?.property(named: name),
               property.typeName.map(TypeNames.strippingOptional) == "UserDefaults" || property.initializerCallee == "UserDefaults" {
                return true
            }
            if call.calleeName == "Data", call.arguments.count == 1, let text = call.arguments.first?.expression.as(MemberAccessExprSyntax.self),
               text.declName.baseName.text == "utf8", let base = text.base {
                return isStoredValue(base, at: place, throughLocal: throughLocal)
            }
            return false
        }
        guard let name = source.as(DeclReferenceExprSyntax.self)?.baseName.text ?? source.selfMemberName else { return false }
        if let property = context.typeStack.last?.property(named: name),
           ["AppStorage", "SceneStorage", "SwiftUI.AppStorage", "SwiftUI.SceneStorage"].contains(property.wrapper ?? "") {
            return true
        }
        guard throughLocal, let value = Self.boundValue(of: name, before: place) ?? place.localInitializer(of: name) else { return false }
        return isStoredValue(value, at: place, throughLocal: false)
    }

    /// The value an earlier condition of the same `if`/`guard`/`while` binds to `name`
    /// (`if let data = json.data(using: .utf8), let x = try? … from: data`).
    private static func boundValue(of name: String, before place: some SyntaxProtocol) -> ExprSyntax? {
        var node = Syntax(place)
        while let parent = node.parent {
            if let condition = node.as(ConditionElementSyntax.self), let list = parent.as(ConditionElementListSyntax.self) {
                for element in list {
                    if element.id == condition.id { break }
                    if case .optionalBinding(let binding) = element.condition,
                       binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        return binding.initializer?.value
                    }
                }
            }
            if parent.is(CodeBlockSyntax.self) || parent.is(ClosureExprSyntax.self) || parent.is(MemberBlockSyntax.self) { return nil }
            node = parent
        }
        return nil
    }

    /// A collection's root name is a persistent model's stored property (`@Relationship var messages`
    /// of a `@Model`, an `@NSManaged` property of an `NSManagedObject`): sorting or filtering it loads
    /// every related object from the store.
    private func isStoredModelCollection(_ name: String) -> Bool {
        guard let type = context.typeStack.last, type.hasAttribute("Model") || type.inherits("NSManagedObject"),
              let property = type.property(named: name), property.isStoredInstance
        else { return false }
        return !property.attributes.contains("Transient")
    }

    /// `items.filter { $0.name.contains(query) }` with the type's own `@State var query`: a search
    /// filter, which runs again exactly when its input changes (`work-in-body` leaves it, as inline),
    /// and whose membership changes with that state (`foreach-index-identity` counts it).
    /// `allItems.filter { $0.contains(searchQuery) }` in a view whose `allItems` is a plain stored input:
    /// a list the view lets its user search is long enough to search, whatever its caller passes.
    private func isSearchedInput(_ name: String, at call: FunctionCallExprSyntax, callee: String) -> Bool {
        guard callee == "filter", let type = context.typeStack.last, type.isView,
              let property = type.property(named: name), property.isStoredInstance, property.wrapper == nil
        else { return false }
        return isSearchFilter(call)
    }

    private func isSearchFilter(_ call: FunctionCallExprSyntax) -> Bool {
        guard let type = context.typeStack.last else { return false }
        let state = Set(type.properties.filter { $0.wrapper == "State" && $0.isStoredInstance }.map(\.name))
        return !state.isEmpty && call.predicateReads(state)
    }

    private func noteReference(_ name: String) {
        guard TypeNames.startsUppercase(name) else { return }
        // Outside any type: `#Preview { }` code under its own owner, so "who names this type" can
        // tell a preview from the app's top-level code.
        let owner = context.typeStack.last?.name ?? (context.isInPreviewCode ? FileIndex.previewKey : "")
        entries.references[owner, default: []].insert(name)
    }

    /// False when the node's text starts with an ASCII byte that is not an uppercase
    /// letter (the node's first token is the name for both reference kinds).
    private func mayStartUppercase(_ node: Syntax) -> Bool {
        let bytes = context.document.bytes
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        guard start < bytes.count else { return true }
        let byte = bytes[start]
        return byte >= 0x80 || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    /// The type of an injected expression from this file alone (the index must not
    /// depend on other files): `Foo(…)`, `Foo.shared`, or a property of an enclosing type.
    private func localTypeName(of expression: ExprSyntax) -> String? {
        let expression = expression.unwrapped
        if let call = expression.as(FunctionCallExprSyntax.self) {
            guard let callee = call.calleeName, callee.first?.isUppercase == true,
                  call.calledExpression.is(DeclReferenceExprSyntax.self) || call.calledExpression.is(GenericSpecializationExprSyntax.self)
            else { return nil }
            return callee
        }
        guard let dotted = expression.dottedName else { return nil }
        var parts = dotted.split(separator: ".").map(String.init)
        if parts.first == "self" { parts.removeFirst() }
        guard let first = parts.first else { return nil }
        if first.first?.isUppercase == true { return parts.count == 2 ? first : nil }
        guard parts.count == 1 else { return nil }
        for scope in context.typeStack.reversed() {
            if let property = scope.property(named: first) { return property.inferredTypeName.flatMap(TypeNames.simple) }
        }
        return nil
    }
}
