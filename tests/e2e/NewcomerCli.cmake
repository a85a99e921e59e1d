# The CLI a newcomer starts with (README "Commands"): `symseq run MODEL` without a run file (the
# frontend from the extension, the defaults, --set on top, effective-run.toml written), `symseq
# init` (a run file `symseq run` accepts as written; no overwrite without --force), `--version`,
# a did-you-mean for a misspelt command, `symseq plugins NAME`, and `--fail-on uncovered`'s exit 4.
# Runs in WORK_DIR, so out/<model name> lands there.
include(${CMAKE_CURRENT_LIST_DIR}/ScriptHelpers.cmake)
require_defined(SYMSEQ SOURCE_DIR WORK_DIR)
fresh_dir(${WORK_DIR})
set(models ${SOURCE_DIR}/configs/models)

# Runs symseq in WORK_DIR; fails unless it exits `exit`. Leaves stdout in `out`, stderr in `err`.
function(expect exit)
  execute_process(COMMAND ${SYMSEQ} ${ARGN} WORKING_DIRECTORY ${WORK_DIR}
    RESULT_VARIABLE rc OUTPUT_VARIABLE o ERROR_VARIABLE e)
  if(NOT rc EQUAL exit)
    message(FATAL_ERROR "symseq ${ARGN}: exit ${rc}, expected ${exit}\n${o}\n${e}")
  endif()
  set(out "${o}" PARENT_SCOPE)
  set(err "${e}" PARENT_SCOPE)
endfunction()

function(require_match text regex what)
  if(NOT text MATCHES "${regex}")
    message(FATAL_ERROR "${what}: does not match '${regex}':\n${text}")
  endif()
endfunction()

# symseq run MODEL: the cfg frontend and its default strategy, into out/gm.
expect(0 run ${models}/gm.cfg --set budgets.depth=8)
require_match("${out}" "targets: 11 of 11 covered, confirmed by replay" "run gm.cfg summary")
foreach(f result.json effective-run.toml)
  if(NOT EXISTS ${WORK_DIR}/out/gm/${f})
    message(FATAL_ERROR "symseq run gm.cfg wrote no out/gm/${f}")
  endif()
endforeach()
file(READ ${WORK_DIR}/out/gm/effective-run.toml effective)
require_match("${effective}" "frontend = \"cfg\"" "effective-run.toml")
require_match("${effective}" "\\[strategy\\]\n[^\n]*\nname = \"symtest\"" "effective-run.toml")
require_match("${effective}" "depth = 8" "effective-run.toml (--set on top of the defaults)")

# --fail-on uncovered: exit 4 when a target stays uncovered, 0 when every one is covered.
expect(0 run ${models}/gm.cfg --set budgets.depth=1 --set "output.dir=\"d1\"")
expect(4 run ${models}/gm.cfg --set budgets.depth=1 --set "output.dir=\"d1\"" --fail-on uncovered)
expect(0 run ${models}/gm.cfg --set budgets.depth=8 --set "output.dir=\"d8\"" --fail-on uncovered)

# symseq init: a commented run file symseq run accepts as written; no overwrite without --force.
expect(0 init ${models}/gm.cfg -o gm-run.toml)
file(READ ${WORK_DIR}/gm-run.toml init_text)
require_match("${init_text}" "\n# [^\n]+\nfindpath = \"greedy\"  # string\n" "gm-run.toml (an option, its help, its default)")
expect(2 init ${models}/gm.cfg -o gm-run.toml)
require_match("${err}" "'gm-run.toml' exists already\n  hint: give another file with -o, or --force to replace it" "init again")
expect(0 init ${models}/gm.cfg -o gm-run.toml --force)
expect(0 run gm-run.toml --set budgets.depth=8 --fail-on uncovered)
if(NOT EXISTS ${WORK_DIR}/out/gm/result.json)
  message(FATAL_ERROR "the init file's run wrote no out/gm/result.json")
endif()

# --version is `symseq version`.
expect(0 version)
set(version_out "${out}")
expect(0 --version)
if(NOT out STREQUAL version_out OR NOT out MATCHES "^symseq ")
  message(FATAL_ERROR "symseq --version printed\n${out}\nand symseq version\n${version_out}")
endif()

# A misspelt command: did-you-mean, exit 2; none at all: the list, exit 2.
expect(2 runn configs/gm.toml)
require_match("${err}" "^symseq: unknown command 'runn'; did you mean 'run'\\?\n  hint: symseq --help lists the commands" "runn")
expect(2)
require_match("${err}" "^symseq: no command given" "no command")

# symseq plugins NAME: one plugin readably; a misspelt name: did-you-mean.
expect(0 plugins symtest)
require_match("${out}" "^strategy plugin 'symtest' [^\n]+\n  [^\n]+\n  file: [^\n]+\n" "plugins symtest (head)")
require_match("${out}" "\n    findpath \\(string, default \"greedy\"\\)\n        [^\n]+" "plugins symtest (an option)")
expect(0 plugins cfg)
require_match("${out}" "reads: \\.cfg\n  default strategy for its models: symtest\n" "plugins cfg")
expect(2 plugins symtets)
require_match("${err}" "no plugin named 'symtets'; did you mean 'symtest'\\?" "plugins symtets")
message(STATUS "run MODEL, init, --version, did-you-mean, plugins NAME and --fail-on: as documented")
