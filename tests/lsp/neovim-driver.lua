-- Driven by tests/lsp/neovim.test.ts: Neovim headless with the README's setup
-- (editors/neovim/lua/cr.lua), a rules tree in $CR_TREE, the server command
-- in $CR_CMD (JSON). Does what an editor does and writes what it saw to $CR_OUT.
local tree = os.getenv('CR_TREE')
local out = {}
local function finish()
  local f = io.open(os.getenv('CR_OUT'), 'w')
  f:write(vim.fn.json_encode(out))
  f:close()
  vim.cmd('qa!')
end
local ok, err = pcall(function()
  vim.cmd('filetype on')
  require('cr').setup({ cmd = vim.fn.json_decode(os.getenv('CR_CMD')) })

  -- A file that is not in a rules folder gets no client.
  vim.cmd('edit ' .. tree .. '/notes.yaml')
  out.notes_clients = #vim.lsp.buf_get_clients(0)

  vim.cmd('edit ' .. tree .. '/rules/06_runs.yaml')
  local buf = vim.api.nvim_get_current_buf()
  out.clients = #vim.lsp.buf_get_clients(buf)
  local attached = vim.wait(60000, function() return #vim.lsp.buf_get_clients(buf) > 0 and vim.lsp.buf_get_clients(buf)[1].initialized end, 100)
  out.attached = attached
  local client = vim.lsp.buf_get_clients(buf)[1]
  out.client_name = client and client.name

  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local function find(needle)
    for i, l in ipairs(lines) do
      local s = l:find(needle, 1, true)
      if s then return i - 1, s - 1 end
    end
  end

  -- Hover and go to definition on {ref:rule_end_the_run}.
  local line, col = find('{ref:rule_end_the_run}')
  local pos = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = line, character = col + 8 } }
  local hover = vim.lsp.buf_request_sync(buf, 'textDocument/hover', pos, 30000)
  for _, r in pairs(hover or {}) do if r.result then out.hover = r.result.contents.value end end
  local def = vim.lsp.buf_request_sync(buf, 'textDocument/definition', pos, 30000)
  for _, r in pairs(def or {}) do if r.result then out.definition = r.result end end

  -- A typo: one diagnostic, with cr check's code and message.
  local l2, c2 = find('{ref:rule_sec_run_run_ends_phase}')
  vim.api.nvim_buf_set_text(buf, l2, c2 + 5, l2, c2 + 5 + #'rule_sec_run_run_ends_phase', { 'rule_sec_run_run_ends_phse' })
  vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
  out.typo = vim.tbl_map(function(d) return { code = d.code, message = d.message, lnum = d.lnum, col = d.col } end, vim.diagnostic.get(buf))
  -- Its quick fix, applied.
  local d = vim.diagnostic.get(buf)[1]
  local actions = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = { line = d.lnum, character = d.col }, ['end'] = { line = d.end_lnum, character = d.end_col } },
    -- As the client sends them back: the LSP diagnostic Neovim keeps beside its own (`data` included).
    context = { diagnostics = { {
      range = { start = { line = d.lnum, character = d.col }, ['end'] = { line = d.end_lnum, character = d.end_col } },
      severity = 1, code = d.code, source = d.source, message = d.message,
      data = d.user_data and d.user_data.lsp and d.user_data.lsp.data,
    } } },
  }, 30000)
  for _, r in pairs(actions or {}) do
    if r.result and r.result[1] then
      out.fix_title = r.result[1].title
      vim.lsp.util.apply_workspace_edit(r.result[1].edit, 'utf-16')
    end
  end
  vim.wait(30000, function() return #vim.diagnostic.get(buf) == 0 end, 50)
  out.after_fix = #vim.diagnostic.get(buf)

  -- Typing `{ref:` at the end of a line (momentarily invalid YAML): one message, where it is.
  local l3 = find("text: To {term:end the run} is to halt")
  local text = vim.api.nvim_buf_get_lines(buf, l3, l3 + 1, false)[1]
  vim.api.nvim_buf_set_text(buf, l3, #text, l3, #text, { ' {ref:' })
  vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
  out.half_typed = vim.tbl_map(function(x) return { code = x.code, message = x.message, lnum = x.lnum, col = x.col } end, vim.diagnostic.get(buf))
  out.half_typed_elsewhere = #vim.diagnostic.get() - #vim.diagnostic.get(buf)
  local comp = vim.lsp.buf_request_sync(buf, 'textDocument/completion', { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = l3, character = #text + 6 } }, 30000)
  for _, r in pairs(comp or {}) do
    if r.result then
      for _, item in ipairs(r.result.items or r.result) do
        if item.label == 'rule_jacking_out' or item.label == 'chpt_access_breach' then out['completion_' .. item.label] = item.labelDetails.detail end
      end
    end
  end
  vim.api.nvim_buf_set_text(buf, l3, #text, l3, #text + 6, { '' })
  vim.wait(30000, function() return #vim.diagnostic.get() == 0 end, 50)
  out.after_half_typed = #vim.diagnostic.get()

  -- The outline, and rename with its retirement entry.
  local syms = vim.lsp.buf_request_sync(buf, 'textDocument/documentSymbol', { textDocument = { uri = vim.uri_from_bufnr(buf) } }, 30000)
  for _, r in pairs(syms or {}) do if r.result then out.outline = r.result[1].name; out.sections = #r.result[1].children end end
  local l4, c4 = find('- subsection: rule_end_the_run')
  local rename = vim.lsp.buf_request_sync(buf, 'textDocument/rename', { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = l4, character = c4 + 16 }, newName = 'rule_ending_the_run' }, 30000)
  for _, r in pairs(rename or {}) do
    if r.result then
      vim.lsp.util.apply_workspace_edit(r.result, 'utf-16')
      out.renamed_files = vim.tbl_count(r.result.changes or {})
    end
  end
  local retired = vim.fn.bufnr(tree .. '/rules/retired.yaml')
  out.retired_tail = table.concat(vim.api.nvim_buf_get_lines(retired, -4, -1, false), '\n')
  vim.cmd('wall')
end)
if not ok then out.error = tostring(err) end
finish()
