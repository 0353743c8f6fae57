-- A server definition for nvim-lspconfig (for setups that manage every server through it):
--
--   require("swiftui_gotchas.lspconfig").register()
--   require("lspconfig").swiftui_gotchas.setup({
--     cmd = { "swiftui-gotchas", "lsp" },                 -- optional
--     init_options = { rules = { ["any-view"] = "off" } },  -- optional: .swiftui-gotchas.json keys
--   })
--
-- Neovim 0.11+ with nvim-lspconfig 2.x does not need this: editors/neovim/lsp/swiftui_gotchas.lua
-- is found on 'runtimepath' by vim.lsp.enable("swiftui_gotchas").
local M = {}

function M.register()
  local configs = require("lspconfig.configs")
  if configs.swiftui_gotchas then return end
  configs.swiftui_gotchas = {
    default_config = {
      cmd = { "swiftui-gotchas", "lsp" },
      filetypes = { "swift" },
      -- The outermost .swiftui-gotchas.json, .git or *.xcodeproj/*.xcworkspace before the nearest
      -- Package.swift (util.root_pattern would stop at a local package's Package.swift).
      root_dir = function(fname) return require("swiftui_gotchas").root_for_path(fname) end,
      single_file_support = true,
    },
    docs = {
      description = "swiftui-gotchas: SwiftUI, Swift concurrency, SwiftData and WidgetKit gotchas, with fixes.",
    },
  }
end

return M
