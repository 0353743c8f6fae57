#!/usr/bin/env bash
# End-to-end check of the SHIPPED Emacs configuration (editors/emacs/swiftui-gotchas-eglot.el)
# with Emacs 28 + Eglot 1.9 (Debian 12) in batch mode: load it from editors/emacs, override
# `swiftui-gotchas-command` and `swiftui-gotchas-settings`, open a file copied from Examples/,
# start Eglot the way M-x eglot does (contact guessed from eglot-server-programs), receive the
# diagnostics through Flymake with the settings applied, apply the preferred quick fix
# (Eglot 1.9 has no codeAction/resolve: the action must carry its edit), and save to run the
# shipped fix-all-on-save hook. Then, as root, open the file again through TRAMP (/su::) and check
# that Eglot runs `swiftui-gotchas-remote-command` on the "remote" side. Also: a missing
# executable gives one display-warning and a user-error, and a file in Packages/Foo/Sources/ of
# an app repository (.git, App.xcodeproj) gets the repository as Eglot's workspace root, with one
# server for the app's and the package's files and one index (a cross-file finding between them).
# Exit status: 0 when every check passed, non-zero otherwise.
set -euo pipefail

NAME=e2e-emacs
source "$(dirname "${BASH_SOURCE[0]}")/lib/e2e-common.sh"

if ! command -v emacs >/dev/null 2>&1 || [ ! -d /usr/share/emacs/site-lisp/elpa/eglot-1.9 ] && ! ls -d /usr/share/emacs/site-lisp/elpa/eglot-* >/dev/null 2>&1; then
    e2e_install emacs-nox elpa-eglot
fi
e2e_build
e2e_workdir
# One pid file per server (the script starts several, one after another).
e2e_project

# The server runs through a wrapper (the shipped `swiftui-gotchas-command` is overridable)
# that records its pid so it can be killed after Emacs exits.
cat > "$WORK/server.sh" <<SH
#!/bin/sh
echo \$\$ > "$WORK/server-\$\$.pid"
exec "$BIN" lsp --log-file "$WORK/server.log"
SH
chmod +x "$WORK/server.sh"

cat > "$WORK/test.el" <<'ELISP'
(require 'package)
(package-initialize)
(require 'flymake)
(load (getenv "E2E_CHECKS_EL") nil t)
(defun e2e-wait (predicate seconds)
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      ;; Eglot sends didChange from an idle timer, and batch Emacs is never idle: send it now.
      (when (eglot-current-server) (eglot--signal-textDocument/didChange))
      (accept-process-output nil 0.05)
      (when flymake-mode (flymake-start)))
    (funcall predicate)))
(defun e2e-line (n) (save-excursion (goto-char (point-min)) (forward-line (1- n))
                                    (buffer-substring-no-properties (line-beginning-position) (line-end-position))))
(defun e2e-diagnostics (&optional rule)
  (cl-remove-if-not (lambda (d) (or (null rule) (string-match-p (regexp-quote (format "[%s]" rule)) (flymake-diagnostic-text d))
                                    (string-match-p (regexp-quote rule) (format "%s" (flymake-diagnostic-text d)))))
                    (flymake-diagnostics)))

;; The shipped configuration, as a user's init.el would use it.
(add-to-list 'load-path (getenv "E2E_EDITORS_EMACS"))
(e2e-check (require 'swiftui-gotchas-eglot nil t) "(require 'swiftui-gotchas-eglot) from editors/emacs")
(setq swiftui-gotchas-command (list (concat (getenv "E2E_WORK") "/server.sh"))
      swiftui-gotchas-settings '(:docs-base-url "https://docs.example.test/rules"
                                 :rules (:foreground-color "error")))
(swiftui-gotchas-eglot-setup)
(add-hook 'swift-mode-hook #'swiftui-gotchas-eglot-fix-all-on-save)
(setq eglot-sync-connect t eglot-connect-timeout 30 eglot-autoshutdown nil)
(define-derived-mode swift-mode prog-mode "Swift")   ; swift-mode itself comes from MELPA
(add-to-list 'auto-mode-alist '("\\.swift\\'" . swift-mode))

(defun e2e-eglot-root ()
  (file-name-as-directory (expand-file-name (project-root (eglot--project (eglot-current-server))))))

;; A missing executable: one `display-warning' saying what to install or set, and a
;; `user-error' instead of a raw Lisp error from make-process.
(let ((warnings nil)
      (swiftui-gotchas-command (list (concat (getenv "E2E_WORK") "/missing/swiftui-gotchas") "lsp"))
      (error-message nil))
  (advice-add 'display-warning :before (lambda (&rest args) (push args warnings)) '((name . e2e-capture)))
  (find-file (concat (getenv "E2E_MISSING") "/Missing.swift"))
  (dotimes (_ 2)
    (condition-case err (apply #'eglot (eglot--guess-contact))
      (user-error (setq error-message (error-message-string err)))
      (error (setq error-message (format "raw error: %S" err)))))
  (advice-remove 'display-warning 'e2e-capture)
  (e2e-check (and error-message (string-match-p "^swiftui-gotchas: .*not found" error-message))
             (format "missing binary: a user-error (%s)" error-message))
  (e2e-check (and (= (length warnings) 1)
                  (eq (car (car warnings)) 'swiftui-gotchas)
                  (string-match-p "missing/swiftui-gotchas' was not found" (cadr (car warnings)))
                  (string-match-p "swiftui-gotchas-command" (cadr (car warnings))))
             (format "missing binary: one display-warning naming the command and the setting: %S" warnings))
  (e2e-check (not (eglot-current-server)) "missing binary: no server")
  ;; From the mode hook (swiftui-gotchas-eglot-ensure, as the docs set it up): no error in
  ;; post-command-hook, no second warning.
  (let ((hook-error nil))
    (advice-add 'display-warning :before (lambda (&rest args) (push args warnings)) '((name . e2e-capture)))
    (condition-case err
        (progn (swiftui-gotchas-eglot-ensure) (run-hooks 'post-command-hook))
      (error (setq hook-error err)))
    (advice-remove 'display-warning 'e2e-capture)
    (e2e-check (and (null hook-error) (= (length warnings) 1) (not (eglot-current-server)))
               (format "missing binary from the mode hook: no error (%S), still one warning (%d), no server"
                       hook-error (length warnings))))
  (kill-buffer))

;; The workspace root: the outermost .swiftui-gotchas.json/.git/*.xcodeproj before the nearest
;; Package.swift, else the file's own folder.
(let ((loose (file-name-as-directory (getenv "E2E_LOOSE"))))
  (e2e-check (equal (swiftui-gotchas-root (concat loose "Plain/")) (concat loose "Plain/"))
             "no markers: root is the file's own folder")
  (e2e-check (equal (swiftui-gotchas-root (concat loose "Package/Sources/Sub/")) (concat loose "Package/"))
             "only a Package.swift: the nearest one"))

(let ((file (concat (getenv "E2E_PROJECT") "/Views/PlantDetailView.swift")))
  (find-file file)
  (e2e-check (eq major-mode 'swift-mode) "swift-mode")
  ;; What M-x eglot does: guess the contact from eglot-server-programs, then connect.
  (apply #'eglot (eglot--guess-contact))
  (when (e2e-check (eglot-current-server) "eglot attached")
    (e2e-check (cl-typep (eglot-current-server) 'swiftui-gotchas-eglot-server) "through the shipped server class"))
  (flymake-mode 1)
  (flymake-start)
  (when (e2e-check (e2e-wait (lambda () (>= (length (flymake-diagnostics)) 4)) 20) "diagnostics received")
    (e2e-check (= (length (flymake-diagnostics)) 4)
               (format "4 diagnostics (work-in-body off in .swiftui-gotchas.json): %d" (length (flymake-diagnostics))))
    (let ((diagnostic (cl-find-if (lambda (d) (string-match-p "foregroundColor" (flymake-diagnostic-text d)))
                                  (flymake-diagnostics))))
      (when (e2e-check diagnostic "foreground-color diagnostic")
        (e2e-check (= (line-number-at-pos (flymake-diagnostic-beg diagnostic)) 17) "on line 17")
        (e2e-check (eq (flymake-diagnostic-type diagnostic) 'eglot-error)
                   (format "severity from swiftui-gotchas-settings (error): %s" (flymake-diagnostic-type diagnostic))))))
  ;; The preferred quick fix at the word at point.
  (goto-char (point-min))
  (search-forward "foregroundColor")
  (let* ((actions (eglot-code-actions (match-beginning 0) (match-end 0) "quickfix" nil))
         (preferred (cl-find-if (lambda (a) (plist-get a :isPreferred)) actions)))
    (e2e-check (>= (length actions) 3) (format "%d quick fixes offered" (length actions)))
    (when (e2e-check (and preferred (plist-get preferred :edit)) "preferred action carries its edit")
      (eglot--apply-workspace-edit (plist-get preferred :edit))
      (e2e-check (equal (e2e-line 17) "                .foregroundStyle(.green)") (format "fix applied: %s" (e2e-line 17)))))
  (e2e-check (e2e-wait (lambda () (= (length (flymake-diagnostics)) 3)) 20) "diagnostic cleared after the fix")
  ;; Fix all on save (the shipped before-save-hook).
  (save-buffer)
  (let ((saved (with-temp-buffer (insert-file-contents file) (buffer-string))))
    (e2e-check (string-match-p (regexp-quote "@StateObject private var schedule") saved) "fix-on-save: @StateObject")
    (e2e-check (string-match-p (regexp-quote ".symbolVariant(showsHistory ? .fill : .none)") saved) "fix-on-save: symbolVariant")
    (e2e-check (string-match-p (regexp-quote ".animation(.easeInOut)") saved) "fix-on-save leaves unsafe fixes alone"))
  (e2e-check (e2e-wait (lambda () (= (length (flymake-diagnostics)) 1)) 20) "one diagnostic left after save")
  (e2e-check (equal (e2e-eglot-root) (file-name-as-directory (getenv "E2E_PROJECT")))
             (format "workspace root is the project: %s" (e2e-eglot-root)))
  (ignore-errors (eglot-shutdown (eglot-current-server)))
  ;; An app with a local package: the package's file gets the repository root.
  (find-file (concat (getenv "E2E_APP") "/Packages/Foo/Sources/Foo/FooView.swift"))
  (apply #'eglot (eglot--guess-contact))
  (when (e2e-check (eglot-current-server) "eglot attached to the package's file")
    (e2e-check (equal (e2e-eglot-root) (file-name-as-directory (getenv "E2E_APP")))
               (format "local package file: workspace root is the repository: %s" (e2e-eglot-root)))
    (flymake-mode 1)
    ;; The index spans both: the package's view reads @Environment(Store.self) while the app
    ;; (outside the package) injects it with .environmentObject.
    (e2e-check (e2e-wait (lambda () (e2e-diagnostics "environment-object-mismatch")) 20)
               (format "one index spans the app and its package: the app's injection flags the package's read (%d diagnostics)"
                       (length (flymake-diagnostics))))
    (let ((package-server (eglot-current-server)))
      ;; Eglot manages a newly visited file of the same project with the running server.
      (find-file (concat (getenv "E2E_APP") "/App/GardenApp.swift"))
      (e2e-check (eq (eglot-current-server) package-server) "the app's file and the package's file share one server")
      (find-file (concat (getenv "E2E_APP") "/Packages/Foo/Sources/Foo/FooView.swift"))
      ;; A first .swiftui-gotchas.json, saved in Emacs in a root that holds only folders (Eglot
      ;; 1.9 watches no directory there; file-notify events are not read here at all): the
      ;; shipped after-save-hook tells the server.
      (let ((package-buffer (current-buffer)))
        (with-current-buffer (find-file-noselect (concat (getenv "E2E_APP") "/.swiftui-gotchas.json"))
          (insert "{ \"rules\": { \"environment-object-mismatch\": \"off\" } }\n")
          (save-buffer)
          (kill-buffer))
        (e2e-check (e2e-wait (lambda () (with-current-buffer package-buffer
                                          (not (e2e-diagnostics "environment-object-mismatch"))))
                             10)
                   "a new .swiftui-gotchas.json saved in Emacs applies at once (forwarded by the setup)"))))
  (ignore-errors (eglot-shutdown (eglot-current-server)))
  ;; The same app without a repository: the App.xcodeproj next to Packages/ is the root
  ;; (project.el alone would give the file's own folder).
  (find-file (concat (getenv "E2E_APP_NO_GIT") "/Packages/Foo/Sources/Foo/FooView.swift"))
  (apply #'eglot (eglot--guess-contact))
  (when (e2e-check (eglot-current-server) "eglot attached to the package's file (no .git)")
    (e2e-check (equal (e2e-eglot-root) (file-name-as-directory (getenv "E2E_APP_NO_GIT")))
               (format "no .git: workspace root is the folder holding App.xcodeproj: %s" (e2e-eglot-root))))
  (ignore-errors (eglot-shutdown (eglot-current-server)))
  (kill-emacs (if (> e2e-failures 0) 1 0)))
ELISP

# Remote files: the same setup through TRAMP. The `su` method to the same machine (no password
# as root) stands in for `ssh`: Eglot must start `swiftui-gotchas-remote-command` through TRAMP
# (the local command is made unusable) and get diagnostics for the remote file.
cat > "$WORK/tramp.el" <<'ELISP'
(require 'package)
(package-initialize)
(require 'tramp)
(setq tramp-verbose 1)
(load (getenv "E2E_CHECKS_EL") nil t)
(add-to-list 'load-path (getenv "E2E_EDITORS_EMACS"))
(require 'swiftui-gotchas-eglot)
(setq swiftui-gotchas-command '("/nonexistent/swiftui-gotchas" "lsp")
      swiftui-gotchas-remote-command (list (concat (getenv "E2E_WORK") "/server.sh")))
(swiftui-gotchas-eglot-setup)
(setq eglot-sync-connect t eglot-connect-timeout 30 eglot-autoshutdown nil)
(define-derived-mode swift-mode prog-mode "Swift")
(add-to-list 'auto-mode-alist '("\\.swift\\'" . swift-mode))
(find-file (concat "/su::" (getenv "E2E_PROJECT") "/Views/PlantDetailView.swift"))
(e2e-check (file-remote-p default-directory) (format "tramp: remote buffer %s" (file-remote-p default-directory)))
(apply #'eglot (eglot--guess-contact))
(e2e-check (eglot-current-server) "tramp: eglot attached with swiftui-gotchas-remote-command")
(flymake-mode 1)
(let ((deadline (+ (float-time) 20)))
  (while (and (< (length (flymake-diagnostics)) 1) (< (float-time) deadline))
    (accept-process-output nil 0.05)
    (flymake-start)))
(e2e-check (= (length (flymake-diagnostics)) 1)
           (format "tramp: diagnostics for the remote file (%d)" (length (flymake-diagnostics))))
(ignore-errors (eglot-shutdown (eglot-current-server)))
(kill-emacs (if (> e2e-failures 0) 1 0))
ELISP

# A stock Emacs: no swift-mode (MELPA) and no stand-in for it. The shipped setup opens .swift
# files in its fallback mode and the server starts there (swiftui-gotchas-eglot-ensure from
# swiftui-gotchas-add-hook). Saving .swiftui-gotchas.json in Emacs applies at once (Eglot 1.9
# watches the files the server registers), an unknown rule ID and "Show documentation" are
# visible messages, a cross-file finding caused by an edit in another buffer appears, and
# M-x swiftui-gotchas-project-lint lists a file that was never opened in a compilation buffer.
cat > "$WORK/stock.el" <<'ELISP'
(require 'package)
(package-initialize)
(load (getenv "E2E_CHECKS_EL") nil t)
(defun e2e-wait (predicate seconds)
  "Wait for PREDICATE as the command loop would: file-notify events are input events."
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.02)
      (let ((event (read-event nil nil 0.02)))   ; dispatches file-notify events (special-event-map)
        (when event (setq unread-command-events nil)))
      (when (bound-and-true-p flymake-mode) (flymake-start)))
    (funcall predicate)))
(defun e2e-codes ()
  (mapcar (lambda (d) (let ((text (flymake-diagnostic-text d)))
                        (and (string-match "\\[\\([a-z-]+\\)\\]" text) (match-string 1 text))))
          (flymake-diagnostics)))
(e2e-check (not (or (fboundp 'swift-mode) (fboundp 'swift-ts-mode))) "stock Emacs: no swift-mode, no swift-ts-mode")
(add-to-list 'load-path (getenv "E2E_EDITORS_EMACS"))
(require 'swiftui-gotchas-eglot)
(setq swiftui-gotchas-command (list (concat (getenv "E2E_WORK") "/server-or-lint.sh") "lsp"))
(swiftui-gotchas-eglot-setup)
(swiftui-gotchas-add-hook #'swiftui-gotchas-eglot-ensure)   ; as docs/editors.md says
(setq eglot-sync-connect t eglot-connect-timeout 30 eglot-autoshutdown nil)
(let* ((project (getenv "E2E_STOCK"))
       (config (concat project "/.swiftui-gotchas.json"))
       (file (concat project "/Views/PlantDetailView.swift")))
  (find-file file)
  (e2e-check (eq major-mode 'swiftui-gotchas-swift-fallback-mode) (format "fallback mode for .swift: %s" major-mode))
  (e2e-check (equal comment-start "// ") "fallback mode: // comments")
  (run-hooks 'post-command-hook)   ; eglot-ensure connects after the command that opened the file
  (when (e2e-check (eglot-current-server) "swiftui-gotchas-eglot-ensure started the server in the fallback mode")
    (e2e-check (equal (eglot--language-id (eglot-current-server)) "swift") "languageId is swift"))
  (let ((swift-buffer (current-buffer)))
    (e2e-check (e2e-wait (lambda () (member "animation-without-value" (e2e-codes))) 20)
               (format "diagnostics in the fallback mode: %S" (e2e-codes)))
    (let ((count (length (flymake-diagnostics)))
          (tick (buffer-modified-tick)))
      ;; A saved configuration change applies without touching the Swift buffer.
      (find-file config)
      (erase-buffer)
      (insert "{ \"rules\": { \"work-in-body\": \"off\", \"animation-without-value\": \"off\" } }\n")
      (save-buffer)
      (switch-to-buffer swift-buffer)
      (e2e-check (e2e-wait (lambda () (not (member "animation-without-value" (e2e-codes)))) 10)
                 (format "config saved in Emacs turns animation-without-value off (%d -> %d)" count (length (flymake-diagnostics))))
      (with-current-buffer (find-file-noselect config)
        (erase-buffer)
        (insert "{ \"rules\": { \"work-in-body\": \"off\", \"no-such-rule\": \"off\" } }\n")
        (save-buffer))
      (e2e-check (e2e-wait (lambda () (member "animation-without-value" (e2e-codes))) 10)
                 "config saved again: animation-without-value is back")
      (e2e-check (e2e-wait (lambda () (with-current-buffer "*Messages*"
                                        (save-excursion (goto-char (point-min))
                                                        (search-forward "unknown rule ID \"no-such-rule\"" nil t))))
                           10)
                 "unknown rule ID: a visible message (*Messages*, the echo area)")
      (e2e-check (= tick (buffer-modified-tick)) "... without editing the Swift buffer")
      ;; "Show documentation" from the code actions: Eglot 1.9 cannot open documents, so the
      ;; server shows the rule's link as a message.
      (goto-char (point-min))
      (search-forward ".animation(")
      (let* ((actions (eglot-code-actions (match-beginning 0) (match-end 0) nil nil))
             (show (cl-find-if (lambda (a) (string-prefix-p "Show documentation" (plist-get a :title))) actions))
             (command (and show (plist-get show :command))))
        (when (e2e-check command (format "a \"Show documentation\" action among %d" (length actions)))
          (eglot-execute-command (eglot-current-server) (plist-get command :command) (plist-get command :arguments))
          (e2e-check (e2e-wait (lambda () (with-current-buffer "*Messages*"
                                            (save-excursion (goto-char (point-min))
                                                            (search-forward "rules/animation-without-value.md" nil t))))
                               10)
                     "show documentation: the rule's link is a visible message")))))
  ;; A cross-file finding caused by an edit in ANOTHER buffer appears in the first one.
  (find-file (concat project "/Views/Root.swift"))
  (let ((root-buffer (current-buffer))
        (root-tick (buffer-modified-tick))
        (app-buffer (find-file-noselect (concat project "/App.swift"))))
    (with-current-buffer app-buffer (run-hooks 'post-command-hook))   ; eglot-ensure: managed too
    (flymake-mode 1)
    (e2e-check (e2e-wait (lambda () (with-current-buffer app-buffer (eglot-managed-p))) 10) "App.swift managed by the same server")
    (e2e-check (not (e2e-wait (lambda () (member "environment-object-mismatch" (e2e-codes))) 1))
               "Root.swift: no mismatch while App.swift injects with .environment(store)")
    (with-current-buffer app-buffer
      (goto-char (point-min))
      (search-forward "Root().environment(store)")
      (replace-match "Root().environmentObject(store)" t t)
      (eglot--signal-textDocument/didChange))   ; Eglot sends it from an idle timer: batch is never idle
    (e2e-check (e2e-wait (lambda () (member "environment-object-mismatch" (e2e-codes))) 10)
               (format "editing App.swift shows environment-object-mismatch in Root.swift: %S" (e2e-codes)))
    (e2e-check (= root-tick (buffer-modified-tick)) "... without editing Root.swift")
    (with-current-buffer app-buffer (set-buffer-modified-p nil)))
  ;; The whole project, files never opened included.
  (swiftui-gotchas-project-lint)
  (let ((process (get-buffer-process swiftui-gotchas-lint-buffer)))
    (e2e-wait (lambda () (not (process-live-p process))) 180))
  (with-current-buffer swiftui-gotchas-lint-buffer
    (goto-char (point-min))
    (let ((listed (search-forward "Unopened.swift:3:" nil t)))
      (e2e-check listed (format "project lint: the unopened file's finding is listed%s"
                                (if listed "" (concat ":\n" (buffer-string)))))))
  (let ((unopened (concat project "/Views/Unopened.swift"))
        (visited nil))
    (with-current-buffer swiftui-gotchas-lint-buffer (goto-char (point-min)))
    (condition-case err
        (while (not visited)
          (next-error)
          ;; The window shows the location (the current buffer is set again only by the command loop).
          (with-current-buffer (window-buffer (selected-window))
            (when (equal buffer-file-name unopened) (setq visited (line-number-at-pos (window-point))))))
      (error (princ (format "next-error: %S\n" err))))
    (e2e-check (equal visited 3) (format "next-error visits Unopened.swift at line 3 (%S)" visited)))
  (ignore-errors (eglot-shutdown (eglot-current-server)))
  (kill-emacs (if (> e2e-failures 0) 1 0)))
ELISP

# An app repository with a local package, a folder without markers, a package without a repository.
APP="$WORK/app"
mkdir -p "$APP/App.xcodeproj" "$APP/Packages/Foo/Sources/Foo" "$WORK/loose/Plain" "$WORK/loose/Package/Sources/Sub" "$WORK/missing-project"
git init -q "$APP"
printf '// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: "Foo")\n' > "$APP/Packages/Foo/Package.swift"
printf 'import SwiftUI\n\nstruct FooView: View {\n    @Environment(Store.self) private var store\n    var body: some View { Text("Foo") }\n}\n' > "$APP/Packages/Foo/Sources/Foo/FooView.swift"
mkdir -p "$APP/App"
printf 'import SwiftUI\nfinal class Store: ObservableObject { @Published var count = 0 }\n@main\nstruct GardenApp: App {\n    @StateObject private var store = Store()\n    var body: some Scene { WindowGroup { FooView().environmentObject(store) } }\n}\n' > "$APP/App/GardenApp.swift"
touch "$WORK/loose/Package/Package.swift"
APP_NO_GIT="$WORK/app-no-git"
mkdir -p "$APP_NO_GIT"
cp -R "$APP/App.xcodeproj" "$APP/Packages" "$APP_NO_GIT/"
printf 'import SwiftUI\n' > "$WORK/missing-project/Missing.swift"
STOCK="$WORK/stock"
mkdir -p "$STOCK/Views"
cp Examples/GotchaGarden/Views/PlantDetailView.swift "$STOCK/Views/"
# A warning on line 3: compilation-mode's next-error skips info lines (foreground-color is info).
printf 'import SwiftUI\nstruct Unopened: View {\n    @State var count = 0\n    var body: some View { Text("\\(count)") }\n}\n' > "$STOCK/Views/Unopened.swift"
echo '{ "rules": { "work-in-body": "off" } }' > "$STOCK/.swiftui-gotchas.json"
printf 'import SwiftUI\nfinal class Store: ObservableObject { @Published var count = 0 }\n' > "$STOCK/Views/Store.swift"
printf 'import SwiftUI\nstruct Root: View {\n    @Environment(Store.self) private var store\n    var body: some View { Text("plants") }\n}\n' > "$STOCK/Views/Root.swift"
printf 'import SwiftUI\n@main\nstruct GardenApp: App {\n    @State private var store = Store()\n    var body: some Scene {\n        WindowGroup { Root().environment(store) }\n    }\n}\n' > "$STOCK/App.swift"
git init -q "$STOCK"
# The server command of the stock session: `lint` (the project command) goes to the binary.
cat > "$WORK/server-or-lint.sh" <<SH
#!/bin/sh
if [ "\$1" = lint ]; then exec "$BIN" "\$@"; fi
echo \$\$ > "$WORK/server-stock-\$\$.pid"
exec "$BIN" lsp --log-file "$WORK/server-stock.log"
SH
chmod +x "$WORK/server-or-lint.sh"

echo "e2e-emacs: $(emacs --version | head -1), server $BIN"
E2E_EDITORS_EMACS="$ROOT/editors/emacs" E2E_WORK="$WORK" E2E_PROJECT="$PROJECT" E2E_APP="$APP" E2E_APP_NO_GIT="$APP_NO_GIT" E2E_LOOSE="$WORK/loose" E2E_MISSING="$WORK/missing-project" \
    e2e_emacs_session "e2e-emacs:" 150 "$WORK/test.el" "$WORK/emacs.out" "$WORK/server.log"
E2E_EDITORS_EMACS="$ROOT/editors/emacs" E2E_WORK="$WORK" E2E_STOCK="$STOCK" \
    e2e_emacs_session "e2e-emacs: stock Emacs check" 300 "$WORK/stock.el" "$WORK/stock.out" "$WORK/server-stock.log"
if [ "$(id -u)" = 0 ]; then
    E2E_EDITORS_EMACS="$ROOT/editors/emacs" E2E_WORK="$WORK" E2E_PROJECT="$PROJECT" \
        e2e_emacs_session "e2e-emacs: TRAMP check" 120 "$WORK/tramp.el" "$WORK/tramp.out"
else
    echo "e2e-emacs: TRAMP check skipped (needs root for a password-less /su:: connection)"
fi
echo "e2e-emacs: all checks passed"
