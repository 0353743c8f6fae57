;;; swiftui-gotchas.el --- Settings shared by the Eglot and lsp-mode setups  -*- lexical-binding: t; -*-

;; Loaded by swiftui-gotchas-eglot.el and swiftui-gotchas-lsp-mode.el; not used on its own.

;;; Code:

(require 'cl-lib)
(require 'compile)
(require 'project)

(defgroup swiftui-gotchas nil
  "SwiftUI gotchas linter and language server."
  :group 'tools
  :prefix "swiftui-gotchas-")

(defcustom swiftui-gotchas-command '("swiftui-gotchas" "lsp")
  "Command line that starts the language server (program and arguments).
An absolute path works too: (\"/opt/swiftui-gotchas/bin/swiftui-gotchas\" \"lsp\")."
  :type '(repeat string))

(defcustom swiftui-gotchas-remote-command nil
  "Command line for remote (TRAMP) buffers, run on the remote host.
Nil means `swiftui-gotchas-command', found on the remote PATH
\(see `tramp-remote-path')."
  :type '(choice (const :tag "Same as local" nil) (repeat string)))

(defcustom swiftui-gotchas-modes '(swift-mode swift-ts-mode swiftui-gotchas-swift-fallback-mode)
  "Major modes whose buffers the server manages."
  :type '(repeat symbol))

(defun swiftui-gotchas-add-hook (function)
  "Add FUNCTION to the hook of every mode in `swiftui-gotchas-modes'.
For example (swiftui-gotchas-add-hook #\='swiftui-gotchas-eglot-ensure): the
server starts in `swift-mode', `swift-ts-mode' and the fallback mode alike."
  (dolist (mode swiftui-gotchas-modes)
    (add-hook (intern (format "%s-hook" mode)) function)))

;;; A fallback major mode for .swift files.
;;
;; No Emacs ships a Swift mode (swift-mode is on MELPA; swift-ts-mode too, and needs the
;; tree-sitter grammar): without one a .swift file opens in `fundamental-mode' and no server
;; starts.  The fallback is put at the END of `auto-mode-alist', so any Swift mode that is
;; installed (its autoloads add their entry in front) wins over it.

(defcustom swiftui-gotchas-fallback-mode t
  "Whether .swift files open in `swiftui-gotchas-swift-fallback-mode' when no other
mode claims them (no `swift-mode' or `swift-ts-mode' installed).
Set it before this file is loaded."
  :type 'boolean)

(defvar swiftui-gotchas-swift-fallback-mode-syntax-table
  (let ((table (make-syntax-table prog-mode-syntax-table)))
    (modify-syntax-entry ?/ ". 124b" table)   ; // line comments and /* */ block comments
    (modify-syntax-entry ?* ". 23n" table)    ; Swift's block comments nest
    (modify-syntax-entry ?\n "> b" table)
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?\\ "\\" table)
    (modify-syntax-entry ?_ "_" table)
    table)
  "Syntax table of `swiftui-gotchas-swift-fallback-mode'.
Comments and strings only.")

(define-derived-mode swiftui-gotchas-swift-fallback-mode prog-mode "Swift(min)"
  "A minimal major mode for Swift: comment and string syntax, nothing else.
Used for .swift files when neither `swift-mode' (MELPA) nor `swift-ts-mode' is
installed, so that the language server still starts; install one of those for
highlighting and indentation."
  :syntax-table swiftui-gotchas-swift-fallback-mode-syntax-table
  (setq-local comment-start "// ")
  (setq-local comment-end "")
  (setq-local comment-start-skip "\\(?://+\\|/\\*+\\)\\s *")
  (setq-local indent-line-function #'indent-relative))

;; Eglot's languageId (it would be "swiftui-gotchas-swift-fallback" from the mode's name).
(put 'swiftui-gotchas-swift-fallback-mode 'eglot-language-id "swift")

(defun swiftui-gotchas-install-fallback-mode ()
  "Open .swift files in `swiftui-gotchas-swift-fallback-mode'.
Only when no other mode claims them: the entry goes at the end of
`auto-mode-alist'.  Does nothing when `swiftui-gotchas-fallback-mode' is nil."
  (when swiftui-gotchas-fallback-mode
    (add-to-list 'auto-mode-alist '("\\.swift\\'" . swiftui-gotchas-swift-fallback-mode) t)))

(defcustom swiftui-gotchas-settings nil
  "Settings sent as initializationOptions, as a plist.
The keys of .swiftui-gotchas.json, for example
  (:rules (:any-view \"off\") :docs-base-url \"https://example.com/rules\")."
  :type 'plist)

(defconst swiftui-gotchas-fix-all-kind "source.fixAll.swiftui-gotchas"
  "The code action kind of \"Fix all swiftui-gotchas problems in this file\".")

(defcustom swiftui-gotchas-root-markers
  '((".swiftui-gotchas.json") (".git") ("*.xcodeproj" "*.xcworkspace"))
  "Workspace root markers, best first; each a list of names or globs of equal rank.
The root is the OUTERMOST directory holding a marker of the first entry found,
so an app and its local packages (Packages/Timeline/Package.swift) share one
server and one index; else the nearest directory holding one of
`swiftui-gotchas-package-markers'; else the file's own directory.
/ and the home directory are never the root."
  :type '(repeat (repeat string)))

(defcustom swiftui-gotchas-package-markers '("Package.swift")
  "Markers of a Swift package.
The NEAREST directory holding one is the root when no root marker is found."
  :type '(repeat string))

(defun swiftui-gotchas--has-marker-p (dir markers)
  "Whether DIR holds one of MARKERS (names or globs)."
  (cl-some (lambda (marker)
             (if (string-match-p "[*?[]" marker)
                 (file-expand-wildcards (expand-file-name marker dir))
               (file-exists-p (expand-file-name marker dir))))
           markers))

(defun swiftui-gotchas-root (dir)
  "The workspace root for a file in DIR (see `swiftui-gotchas-root-markers')."
  (let* ((dir (file-name-as-directory (expand-file-name dir)))
         (home (file-name-as-directory (expand-file-name "~")))
         (outermost (make-vector (length swiftui-gotchas-root-markers) nil))
         (nearest-package nil)
         (current dir))
    (while current
      (unless (or (equal current home) (equal current "/"))
        (cl-loop for markers in swiftui-gotchas-root-markers
                 for rank from 0
                 when (swiftui-gotchas--has-marker-p current markers)
                 do (aset outermost rank current))
        (when (and (not nearest-package)
                   (swiftui-gotchas--has-marker-p current swiftui-gotchas-package-markers))
          (setq nearest-package current)))
      (let ((parent (file-name-directory (directory-file-name current))))
        (setq current (and parent (not (equal parent current)) parent))))
    (or (cl-find-if #'identity outermost) nearest-package dir)))

(defun swiftui-gotchas-project-find (dir)
  "For `project-find-functions': `swiftui-gotchas-root' of DIR in Swift buffers.
Eglot takes the workspace folder from project.el, whose VC backend stops at the
nearest repository and knows nothing of *.xcodeproj or Package.swift.
Remote directories are left to project.el."
  (when (and (apply #'derived-mode-p swiftui-gotchas-modes) (not (file-remote-p dir)))
    (let* ((root (swiftui-gotchas-root dir))
           (vc (ignore-errors (project-try-vc dir))))
      (if (and vc (equal (file-name-as-directory (expand-file-name (project-root vc))) root))
          vc
        (cons 'transient root)))))

(defvar swiftui-gotchas--warned nil
  "Programs already reported missing (the warning is shown once per program).")

(defun swiftui-gotchas--present-p (command)
  "Whether the program of COMMAND is found.
When not, warn once, saying what to install or set: without this check a
missing program is a raw Lisp error from `make-process' (Eglot) or silence
\(lsp-mode)."
  (let ((program (car command))
        (remote (file-remote-p default-directory)))
    (or (and program (executable-find program remote) t)
        (progn
          (unless (member program swiftui-gotchas--warned)
            (push program swiftui-gotchas--warned)
            (let ((setting (if remote "swiftui-gotchas-remote-command" "swiftui-gotchas-command")))
              (display-warning
               'swiftui-gotchas
               (format (concat "The server command `%s' was not found%s, so swiftui-gotchas is not started.  "
                               "Install the executable on PATH (in a clone, `swift package experimental-install "
                               "--product swiftui-gotchas' puts it in ~/.swiftpm/bin; see docs/editors.md), or set "
                               "`%s' to its absolute path: (setq %s '(\"/path/to/swiftui-gotchas\" \"lsp\"))")
                       program (if remote (format " on %s" remote) " (see `exec-path')") setting setting)
               :warning)))
          nil))))

(defun swiftui-gotchas--check-command (command)
  "Return COMMAND when its program is found.
Else warn once and signal a `user-error'."
  (if (swiftui-gotchas--present-p command)
      command
    (user-error "swiftui-gotchas: `%s' not found (see the *Warnings* buffer)" (car command))))

(defun swiftui-gotchas--configured-command ()
  "The command for the current buffer, remote or local (not checked)."
  (copy-sequence (if (and (file-remote-p default-directory) swiftui-gotchas-remote-command)
                     swiftui-gotchas-remote-command
                   swiftui-gotchas-command)))

(defun swiftui-gotchas--command ()
  "The command for the current buffer: remote or local, checked to exist."
  (swiftui-gotchas--check-command (swiftui-gotchas--configured-command)))

;; The lsp-mode setup's commands, for init files that put them on the mode hooks before
;; lsp-mode is loaded (the docs' `(with-eval-after-load 'lsp-mode ...)'): the first Swift
;; buffer would otherwise fail with void-function before `lsp-deferred' ran.  Loading them
;; loads lsp-mode.
(autoload 'swiftui-gotchas-lsp-fix-all-on-save "swiftui-gotchas-lsp-mode")
(autoload 'swiftui-gotchas-lsp-fix-all "swiftui-gotchas-lsp-mode" nil t)

;; At load time, so the fallback is in place before the first .swift file opens, whichever
;; setup (Eglot, lsp-mode) loads later.
(swiftui-gotchas-install-fallback-mode)

;;; The whole project's findings.

(defcustom swiftui-gotchas-lint-arguments '("lint")
  "Arguments of `swiftui-gotchas-project-lint', after the server's program.
The project root is linted (\".\" in it), so the paths printed are relative to it."
  :type '(repeat string))

(defconst swiftui-gotchas-lint-buffer "*swiftui-gotchas lint*"
  "The compilation buffer of `swiftui-gotchas-project-lint'.
Not \"*swiftui-gotchas*\": that is the buffer of lsp-mode's server process, which
`compilation-start' would kill to reuse the buffer.")

;;;###autoload
(defun swiftui-gotchas-project-lint ()
  "Run `swiftui-gotchas lint' over the project in a compilation buffer.
The server reports only on the buffers Emacs has open (Eglot and lsp-mode do not
ask for workspace diagnostics), so this is how to see the findings of files that
are not open: `next-error' (\\[next-error]) visits each one.  The program is the
one of `swiftui-gotchas-command' (`swiftui-gotchas-remote-command' in a remote
buffer, where it runs on the remote host); the root is `swiftui-gotchas-root'."
  (interactive)
  (let* ((default-directory (swiftui-gotchas-root default-directory))
         (program (car (swiftui-gotchas--command)))
         (command (mapconcat #'shell-quote-argument
                             (append (list program) swiftui-gotchas-lint-arguments '(".")) " "))
         ;; A pipe, not compile's default pty: a lint that ends quickly could leave its whole
         ;; output unread on a pty (seen in e2e-emacs: an empty buffer, status 1), and on a pty
         ;; `lint' would colour its output and draw its progress line.
         (process-connection-type nil)
         (compilation-environment (cons "NO_COLOR=1" compilation-environment)))
    (with-current-buffer (compilation-start command nil (lambda (_mode) swiftui-gotchas-lint-buffer))
      ;; Every finding is worth visiting: many are `info:' lines, which `next-error' would
      ;; skip at the default threshold (1: warnings and errors only).
      (setq-local compilation-skip-threshold 0))))

(provide 'swiftui-gotchas)
;;; swiftui-gotchas.el ends here
