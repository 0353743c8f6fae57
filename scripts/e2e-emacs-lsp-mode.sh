#!/usr/bin/env bash
# End-to-end check of the SHIPPED lsp-mode setup (editors/emacs/swiftui-gotchas-lsp-mode.el)
# with Emacs 28 + lsp-mode 8.0.0 (Debian 12 `elpa-lsp-mode`) in batch mode, NEXT TO
# sourcekit-lsp: a plain lsp-mode client for sourcekit-lsp (what the lsp-sourcekit package
# registers) is the main server and swiftui-gotchas the add-on. Opens a file copied from
# Examples/, checks that both servers attach to the buffer, that swiftui-gotchas diagnostics
# arrive with the settings applied, and runs the shipped fix-all command. Then, on a stock Emacs
# set up as docs/editors.md says, the fallback mode starts the server and a cross-file finding
# caused by an edit in another buffer appears.
# sourcekit-lsp comes with the Swift toolchain; without it the check runs swiftui-gotchas alone.
# Exit status: 0 when every check passed, non-zero otherwise.
set -euo pipefail

NAME=e2e-emacs-lsp-mode
source "$(dirname "${BASH_SOURCE[0]}")/lib/e2e-common.sh"

if ! command -v emacs >/dev/null 2>&1 || ! ls -d /usr/share/emacs/site-lisp/elpa/lsp-mode-* >/dev/null 2>&1; then
    e2e_install emacs-nox elpa-lsp-mode
fi
e2e_build
e2e_workdir
e2e_project

cat > "$WORK/server.sh" <<SH
#!/bin/sh
echo \$\$ > "$WORK/server.pid"
exec "$BIN" lsp --log-file "$WORK/server.log"
SH
SOURCEKIT="$(command -v sourcekit-lsp || true)"
cat > "$WORK/sourcekit.sh" <<SH
#!/bin/sh
echo \$\$ > "$WORK/sourcekit.pid"
exec "$SOURCEKIT"
SH
chmod +x "$WORK/server.sh" "$WORK/sourcekit.sh"

cat > "$WORK/test.el" <<'ELISP'
(require 'package)
(package-initialize)
(load (getenv "E2E_CHECKS_EL") nil t)
(require 'lsp-mode)
(setq lsp-auto-guess-root t
      lsp-session-file (concat (getenv "E2E_WORK") "/lsp-session")
      lsp-enable-file-watchers t            ; the default: how saved configuration changes arrive
      lsp-keep-workspace-alive nil
      lsp-restart 'ignore
      lsp-enable-snippet nil
      lsp-headerline-breadcrumb-enable nil
      lsp-modeline-code-actions-enable nil
      lsp-modeline-diagnostics-enable nil
      lsp-diagnostics-provider :none
      lsp-completion-enable nil
      lsp-enable-on-type-formatting nil
      lsp-before-save-edits nil
      lsp-log-io nil)
(define-derived-mode swift-mode prog-mode "Swift")   ; swift-mode itself comes from MELPA
(add-to-list 'auto-mode-alist '("\\.swift\\'" . swift-mode))
(add-to-list 'lsp-language-id-configuration '(swift-mode . "swift"))
(defvar e2e-sourcekit (getenv "E2E_SOURCEKIT"))
(when e2e-sourcekit
  ;; The main Swift server, registered as the lsp-sourcekit package does.
  (lsp-register-client
   (make-lsp-client :new-connection (lsp-stdio-connection (list e2e-sourcekit))
                    :activation-fn (lsp-activate-on "swift")
                    :server-id 'sourcekit-ls)))

;; The shipped configuration, as a user's init.el would use it.
(add-to-list 'load-path (getenv "E2E_EDITORS_EMACS"))
(e2e-check (require 'swiftui-gotchas-lsp-mode nil t) "(require 'swiftui-gotchas-lsp-mode) from editors/emacs")
(setq swiftui-gotchas-command (list (concat (getenv "E2E_WORK") "/server.sh"))
      swiftui-gotchas-settings '(:docs-base-url "https://docs.example.test/rules"
                                 :rules (:foreground-color "error")))

(defun e2e-get (object &rest keys)
  "KEYS of a JSON OBJECT as lsp-mode parsed it (hash tables, or plists with lsp-use-plists)."
  (dolist (key keys object)
    (setq object (if (hash-table-p object) (gethash key object) (plist-get object (intern (concat ":" key)))))))
(defun e2e-server-ids () (mapcar #'lsp--workspace-server-id (lsp-workspaces)))
(defun e2e-diagnostics ()
  (cl-remove-if-not (lambda (d) (equal (e2e-get d "source") "swiftui-gotchas"))
                    (gethash (lsp--fix-path-casing buffer-file-name) (lsp-diagnostics) nil)))

(let ((file (concat (getenv "E2E_PROJECT") "/Views/PlantDetailView.swift")))
  (find-file file)
  (lsp)
  (e2e-check (e2e-wait (lambda () (memq 'swiftui-gotchas (e2e-server-ids))) 30)
             (format "swiftui-gotchas attached (servers: %s)" (e2e-server-ids)))
  (when e2e-sourcekit
    (e2e-check (e2e-wait (lambda () (memq 'sourcekit-ls (e2e-server-ids))) 30)
               (format "sourcekit-lsp attached too (servers: %s)" (e2e-server-ids))))
  (when (e2e-check (e2e-wait (lambda () (= (length (e2e-diagnostics)) 4)) 20)
                   (format "4 swiftui-gotchas diagnostics (got %d)" (length (e2e-diagnostics))))
    (let ((diagnostic (cl-find-if (lambda (d) (equal (e2e-get d "code") "foreground-color")) (e2e-diagnostics))))
      (when (e2e-check diagnostic "foreground-color diagnostic")
        (e2e-check (equal (e2e-get diagnostic "severity") 1) "severity from swiftui-gotchas-settings (error)")
        (e2e-check (equal (e2e-get diagnostic "codeDescription" "href")
                          "https://docs.example.test/rules/foreground-color.md")
                   "codeDescription.href from docs-base-url"))))
  (swiftui-gotchas-lsp-fix-all)
  (e2e-check (e2e-wait (lambda () (save-excursion (goto-char (point-min)) (search-forward "@StateObject" nil t))) 10)
             "fix-all applied (@StateObject)")
  (e2e-check (save-excursion (goto-char (point-min)) (search-forward ".foregroundStyle(.green)" nil t)) "fix-all applied (foregroundStyle)")
  (e2e-check (e2e-wait (lambda () (= (length (e2e-diagnostics)) 1)) 20) "one diagnostic left after fix-all")
  ;; A configuration change saved in Emacs applies without editing the Swift buffer: lsp-mode
  ;; watches what the server registers (file-notify events are input events: read them as
  ;; the command loop would).
  (let ((swift-buffer (current-buffer))
        (tick (buffer-modified-tick))
        (deadline (+ (float-time) 10)))
    (with-current-buffer (find-file-noselect (concat (getenv "E2E_PROJECT") "/.swiftui-gotchas.json"))
      (erase-buffer)
      (insert "{ \"rules\": { \"work-in-body\": \"off\", \"symbol-variant-by-name\": \"warning\", \"animation-without-value\": \"off\" } }\n")
      (save-buffer))
    (while (and (/= (length (e2e-diagnostics)) 0) (< (float-time) deadline))
      (accept-process-output nil 0.02)
      (read-event nil nil 0.02))
    (e2e-check (= (length (e2e-diagnostics)) 0)
               (format "config saved in Emacs turns animation-without-value off (%d left)" (length (e2e-diagnostics))))
    (e2e-check (= tick (with-current-buffer swift-buffer (buffer-modified-tick))) "... without editing the Swift buffer"))
  (ignore-errors (lsp-workspace-shutdown (car (lsp-workspaces))))
  (kill-emacs (if (> e2e-failures 0) 1 0)))
ELISP

# A stock Emacs (no swift-mode, no stand-in) set up as docs/editors.md says: .swift files open
# in the shipped fallback mode, lsp-deferred starts the add-on client there, and a cross-file
# finding caused by an edit in ANOTHER buffer (App.swift injecting with .environmentObject what
# Root.swift reads with @Environment) appears in Root.swift without editing it, and
# M-x swiftui-gotchas-project-lint runs while the server keeps running.
cat > "$WORK/stock.el" <<'ELISP'
(require 'package)
(package-initialize)
(load (getenv "E2E_CHECKS_EL") nil t)
(defun e2e-run-idle-timers ()
  "Run what is waiting for Emacs to be idle (lsp-deferred starts from an idle timer; batch Emacs is never idle)."
  (dolist (timer (copy-sequence timer-idle-list)) (timer-event-handler timer)))
(e2e-check (not (or (fboundp 'swift-mode) (fboundp 'swift-ts-mode))) "stock Emacs: no swift-mode, no swift-ts-mode")
(setq lsp-auto-guess-root t
      lsp-session-file (concat (getenv "E2E_WORK") "/lsp-session-stock")
      lsp-keep-workspace-alive nil
      lsp-restart 'ignore
      lsp-diagnostics-provider :auto      ; the default: Flymake, no Flycheck installed
      lsp-headerline-breadcrumb-enable nil
      lsp-modeline-code-actions-enable nil
      lsp-modeline-diagnostics-enable nil
      lsp-completion-enable nil)
;; docs/editors.md's lsp-mode setup, verbatim but for the path (lsp-mode is not loaded yet).
(add-to-list 'load-path (getenv "E2E_EDITORS_EMACS"))
(require 'swiftui-gotchas)
(with-eval-after-load 'lsp-mode (require 'swiftui-gotchas-lsp-mode))
(swiftui-gotchas-add-hook #'lsp-deferred)
(swiftui-gotchas-add-hook #'swiftui-gotchas-lsp-fix-all-on-save)   ; named before lsp-mode is loaded
(setq swiftui-gotchas-command (list (concat (getenv "E2E_WORK") "/server-stock.sh")))
(defun e2e-codes (buffer)
  (with-current-buffer buffer
    (mapcar (lambda (d) (e2e-get d "code"))
            (gethash (lsp--fix-path-casing buffer-file-name) (lsp-diagnostics) nil))))
(defun e2e-get (object &rest keys)
  (dolist (key keys object)
    (setq object (if (hash-table-p object) (gethash key object) (plist-get object (intern (concat ":" key)))))))
(defun e2e-shown (buffer rule)
  "Whether Flymake shows a RULE finding in BUFFER (what the user sees)."
  (with-current-buffer buffer
    (cl-some (lambda (d) (string-match-p (regexp-quote rule) (flymake-diagnostic-text d))) (flymake-diagnostics))))
(let* ((project (getenv "E2E_STOCK"))
       (root-buffer (find-file (concat project "/Views/Root.swift"))))
  (e2e-check (eq major-mode 'swiftui-gotchas-swift-fallback-mode) (format "fallback mode for .swift: %s" major-mode))
  (e2e-run-idle-timers)
  (e2e-check (e2e-wait (lambda () (and (bound-and-true-p lsp-mode)
                                       (memq 'swiftui-gotchas (mapcar #'lsp--workspace-server-id (lsp-workspaces)))))
                       20)
             "lsp-deferred started swiftui-gotchas in the fallback mode")
  (e2e-check (e2e-wait (lambda () (bound-and-true-p flymake-mode)) 5)
             "Flymake shows the diagnostics (lsp-diagnostics-provider :auto)")
  (let ((root-tick (buffer-modified-tick))
        (app-buffer (find-file (concat project "/App.swift"))))
    (e2e-run-idle-timers)
    (e2e-check (e2e-wait (lambda () (with-current-buffer app-buffer (bound-and-true-p lsp-mode))) 10)
               "App.swift managed too")
    (e2e-check (not (e2e-wait (lambda () (member "environment-object-mismatch" (e2e-codes root-buffer))) 1))
               "Root.swift: no mismatch while App.swift injects with .environment(store)")
    ;; Flymake's first check of Root.swift (Emacs runs it once idle; batch Emacs never is),
    ;; after which only lsp-mode's diagnostics hook updates the display.
    (e2e-check (e2e-wait (lambda () (with-current-buffer root-buffer
                                      (or lsp-diagnostics--flymake-report-fn (progn (flymake-start) nil))))
                         10)
               "Flymake checked Root.swift")
    (with-current-buffer app-buffer
      (goto-char (point-min))
      (search-forward "Root().environment(store)")
      (replace-match "Root().environmentObject(store)" t t))
    (e2e-check (e2e-wait (lambda () (member "environment-object-mismatch" (e2e-codes root-buffer))) 10)
               (format "editing App.swift shows environment-object-mismatch in Root.swift: %S" (e2e-codes root-buffer)))
    (e2e-check (e2e-wait (lambda () (e2e-shown root-buffer "environmentObject")) 5)
               (format "... in Root.swift's Flymake display too: %S"
                       (with-current-buffer root-buffer (mapcar #'flymake-diagnostic-text (flymake-diagnostics)))))
    (e2e-check (= root-tick (with-current-buffer root-buffer (buffer-modified-tick))) "... without editing Root.swift")
    (with-current-buffer app-buffer (set-buffer-modified-p nil))
    ;; The whole project's findings, in a compilation buffer, while the server keeps running
    ;; (lsp-mode's server process has a buffer of its own that must not be reused).
    (let ((server (with-current-buffer root-buffer (car (lsp-workspaces)))))
      (with-current-buffer root-buffer (swiftui-gotchas-project-lint))
      ;; (What it lists is checked under Eglot by e2e-emacs.sh: the same command.)
      (let ((process (get-buffer-process swiftui-gotchas-lint-buffer)))
        (e2e-check process "project lint: the lint runs in its compilation buffer")
        (e2e-wait (lambda () (not (process-live-p process))) 180))
      (e2e-check (and server (not (e2e-wait (lambda () (not (process-live-p (lsp--workspace-proc server)))) 1)))
                 "project lint leaves the server running")))
  (ignore-errors (lsp-workspace-shutdown (car (lsp-workspaces))))
  (kill-emacs (if (> e2e-failures 0) 1 0)))
ELISP
STOCK="$WORK/stock"
mkdir -p "$STOCK/Views"
printf 'import SwiftUI\nfinal class Store: ObservableObject { @Published var count = 0 }\n' > "$STOCK/Views/Store.swift"
printf 'import SwiftUI\nstruct Root: View {\n    @Environment(Store.self) private var store\n    var body: some View { Text("plants") }\n}\n' > "$STOCK/Views/Root.swift"
printf 'import SwiftUI\n@main\nstruct GardenApp: App {\n    @State private var store = Store()\n    var body: some Scene {\n        WindowGroup { Root().environment(store) }\n    }\n}\n' > "$STOCK/App.swift"
printf 'import SwiftUI\nstruct Unopened: View {\n    var body: some View { Text("a").foregroundColor(.red) }\n}\n' > "$STOCK/Views/Unopened.swift"
git init -q "$STOCK"
cat > "$WORK/server-stock.sh" <<SH
#!/bin/sh
if [ "\$1" = lint ]; then exec "$BIN" "\$@"; fi
echo \$\$ > "$WORK/server-stock.pid"
exec "$BIN" lsp --log-file "$WORK/server-stock.log"
SH
chmod +x "$WORK/server-stock.sh"

echo "e2e-emacs-lsp-mode: $(emacs --version | head -1), lsp-mode $(basename /usr/share/emacs/site-lisp/elpa/lsp-mode-*), sourcekit-lsp: ${SOURCEKIT:-none}"
SK=""; [ -n "$SOURCEKIT" ] && SK="$WORK/sourcekit.sh"
E2E_SOURCEKIT="$SK" E2E_EDITORS_EMACS="$ROOT/editors/emacs" E2E_WORK="$WORK" E2E_PROJECT="$PROJECT" \
    e2e_emacs_session "e2e-emacs-lsp-mode:" 150 "$WORK/test.el" "$WORK/emacs.out" "$WORK/server.log"
E2E_EDITORS_EMACS="$ROOT/editors/emacs" E2E_WORK="$WORK" E2E_STOCK="$STOCK" \
    e2e_emacs_session "e2e-emacs-lsp-mode: stock Emacs check" 240 "$WORK/stock.el" "$WORK/stock.out" "$WORK/server-stock.log"
echo "e2e-emacs-lsp-mode: all checks passed"
