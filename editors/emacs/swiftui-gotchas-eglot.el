;;; swiftui-gotchas-eglot.el --- swiftui-gotchas language server for Eglot  -*- lexical-binding: t; -*-

;; Usage (Emacs 28 + Eglot 1.9 or later, Emacs 29+ has Eglot built in):
;;
;;   (add-to-list 'load-path "/path/to/swiftui-gotchas/editors/emacs")
;;   (require 'swiftui-gotchas-eglot)
;;   (swiftui-gotchas-eglot-setup)                  ; register the server for Swift modes
;;   (swiftui-gotchas-add-hook #'swiftui-gotchas-eglot-ensure)   ; optional: start it automatically
;;
;; Without swift-mode (MELPA) or swift-ts-mode, .swift files open in the minimal
;; `swiftui-gotchas-swift-fallback-mode', so the server still starts.  Saved changes of
;; .swiftui-gotchas.json reach the server through Eglot's file watchers (the server registers
;; them) and, for saves in Emacs, from an `after-save-hook'.  M-x swiftui-gotchas-project-lint
;; lists the whole project's findings.
;;
;; Eglot runs ONE server per buffer: this replaces sourcekit-lsp in Swift buffers managed by
;; Eglot.  To run both, use lsp-mode (swiftui-gotchas-lsp-mode.el); see docs/editors.md.
;;
;; Remote files (TRAMP): Eglot starts the server on the remote host, in the remote project
;; directory.  The command is `swiftui-gotchas-remote-command' when set, else
;; `swiftui-gotchas-command', looked up on the remote PATH (see `tramp-remote-path').

;;; Code:

(require 'eglot)
(require 'cl-lib)
(require 'swiftui-gotchas)

(defclass swiftui-gotchas-eglot-server (eglot-lsp-server) ()
  :documentation "The swiftui-gotchas language server.")

(cl-defmethod eglot-initialization-options ((_server swiftui-gotchas-eglot-server))
  "Send `swiftui-gotchas-settings'."
  (or swiftui-gotchas-settings eglot--{}))

(defun swiftui-gotchas-eglot-contact (&optional _interactive)
  "The Eglot contact: the server class and the command (local or remote)."
  (cons 'swiftui-gotchas-eglot-server (swiftui-gotchas--command)))

;;;###autoload
(defun swiftui-gotchas-eglot-setup ()
  "Register swiftui-gotchas in `eglot-server-programs' for `swiftui-gotchas-modes'.
Opens .swift files in `swiftui-gotchas-swift-fallback-mode' when no Swift
mode is installed (see `swiftui-gotchas-install-fallback-mode').
Also adds `swiftui-gotchas-project-find' to `project-find-functions', so the workspace root
of a Swift buffer is the outermost .swiftui-gotchas.json, .git or *.xcodeproj/*.xcworkspace
before the nearest Package.swift, and forwards saves of .swiftui-gotchas.json to the
servers (see `swiftui-gotchas-eglot--forward-configuration-save')."
  (add-hook 'project-find-functions #'swiftui-gotchas-project-find -50)
  (add-hook 'after-save-hook #'swiftui-gotchas-eglot--forward-configuration-save)
  (swiftui-gotchas-install-fallback-mode)
  (setq eglot-server-programs
        (cons (cons swiftui-gotchas-modes #'swiftui-gotchas-eglot-contact)
              (cl-remove #'swiftui-gotchas-eglot-contact eglot-server-programs :key #'cdr))))

(defun swiftui-gotchas-eglot--forward-configuration-save ()
  "Tell the running swiftui-gotchas servers that .swiftui-gotchas.json was saved.
For `after-save-hook'.  Eglot 1.9 watches only the directories that
held a project file when the server registered its watchers: a first
.swiftui-gotchas.json in a root holding only folders (App/, Packages/,
App.xcodeproj/) was never seen.  The save itself is sent, as the Neovim
setup does; when a watcher saw it too, the server reads the file twice
and warns once."
  (when (and buffer-file-name
             (equal (file-name-nondirectory buffer-file-name) ".swiftui-gotchas.json"))
    (let ((file (expand-file-name buffer-file-name)))
      (maphash
       (lambda (_project servers)
         (dolist (server servers)
           (when (and (cl-typep server 'swiftui-gotchas-eglot-server)
                      (jsonrpc-running-p server)
                      ;; The server reads paths of its own host.
                      (equal (file-remote-p file)
                             (file-remote-p (project-root (eglot--project server)))))
             (jsonrpc-notify server :workspace/didChangeWatchedFiles
                             `(:changes [(:uri ,(eglot--path-to-uri file) :type 2)])))))
       eglot--servers-by-project))))

(defun swiftui-gotchas-eglot-ensure ()
  "`eglot-ensure' when the server command is found (for the Swift modes' hooks).
When it is not, warn once (the *Warnings* buffer) and start nothing:
`eglot-ensure' itself would fail in `post-command-hook' for every Swift
file opened, with an \"Error in post-command-hook\" full of byte code."
  (when (swiftui-gotchas--present-p (swiftui-gotchas--configured-command))
    (eglot-ensure)))

(defun swiftui-gotchas-eglot-fix-all ()
  "Apply every safe swiftui-gotchas fix in the buffer (no confirmation)."
  (interactive)
  (let ((server (eglot--current-server-or-lose)))
    (eglot--signal-textDocument/didChange)
    (let ((actions (jsonrpc-request
                    server :textDocument/codeAction
                    (list :textDocument (eglot--TextDocumentIdentifier)
                          :range (list :start (eglot--pos-to-lsp-position (point-min))
                                       :end (eglot--pos-to-lsp-position (point-min)))
                          :context (list :diagnostics []
                                         :only (vector swiftui-gotchas-fix-all-kind))))))
      (cl-loop for action across (or actions [])
               for edit = (plist-get action :edit)
               when edit do (eglot--apply-workspace-edit edit)))))

(defun swiftui-gotchas-eglot-fix-all-on-save ()
  "Apply every safe fix before saving (buffer-local `before-save-hook').
Use: (add-hook \\='swift-mode-hook #\\='swiftui-gotchas-eglot-fix-all-on-save)."
  (add-hook 'before-save-hook
            (lambda () (when (and (eglot-current-server)
                                  (cl-typep (eglot-current-server) 'swiftui-gotchas-eglot-server))
                         (swiftui-gotchas-eglot-fix-all)))
            nil t))

(provide 'swiftui-gotchas-eglot)
;;; swiftui-gotchas-eglot.el ends here
