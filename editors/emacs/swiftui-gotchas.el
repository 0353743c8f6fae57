;;; swiftui-gotchas.el --- Settings shared by the Eglot and lsp-mode setups  -*- lexical-binding: t; -*-

;; Loaded by swiftui-gotchas-eglot.el and swiftui-gotchas-lsp-mode.el; not used on its own.

;;; Code:

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

(defcustom swiftui-gotchas-modes '(swift-mode swift-ts-mode)
  "Major modes whose buffers the server manages."
  :type '(repeat symbol))

(defcustom swiftui-gotchas-settings nil
  "Settings sent as initializationOptions, as a plist.
The keys of .swiftui-gotchas.json, for example
  (:rules (:any-view \"off\") :docs-base-url \"https://example.com/rules\")."
  :type 'plist)

(defconst swiftui-gotchas-fix-all-kind "source.fixAll.swiftui-gotchas"
  "The code action kind of \"Fix all swiftui-gotchas problems in this file\".")

(defun swiftui-gotchas--command ()
  "The command for the current buffer: remote or local."
  (copy-sequence (if (and (file-remote-p default-directory) swiftui-gotchas-remote-command)
                     swiftui-gotchas-remote-command
                   swiftui-gotchas-command)))

(provide 'swiftui-gotchas)
;;; swiftui-gotchas.el ends here
