# The encodings of the programs' determinism (configs/bench/determinism.toml), reproduced on the
# matrix's smallest settings: SMALL_MATRIX (its first runs, calls-2 and calls-4, one repetition;
# their cells have the ids and indices of the committed file's first cells) is run afresh and
# `symseq bench compare`d with the committed cells of the same ids, every non-timing column
# identical. In the fresh cells, uf and pairwise build the same tree with each solver (coverage,
# states, queries and answers), and a direct run of calls-4 in each encoding prunes the same
# children, 2 (N - 1) = 6 of them only by determinism (`lie`, never covered).
# After an intended change: scripts/regenerate-results determinism (configs/bench/README.md).
cmake_policy(SET CMP0057 NEW)  # if(... IN_LIST ...)
include(${CMAKE_CURRENT_LIST_DIR}/ScriptHelpers.cmake)
require_defined(SYMSEQ SMALL_MATRIX COMMITTED RUN_FILE WORK_DIR)
fresh_dir(${WORK_DIR})
run(${SYMSEQ} bench ${SMALL_MATRIX} --out ${WORK_DIR}/rerun.jsonl)

# The fresh cells: their ids, and per run and solver what each encoding found.
file(STRINGS ${WORK_DIR}/rerun.jsonl lines)
set(ids "")
foreach(line IN LISTS lines)
  string(JSON type GET "${line}" type)
  if(NOT type STREQUAL "cell")
    continue()
  endif()
  string(JSON id GET "${line}" id)
  string(JSON status GET "${line}" status)
  string(JSON run GET "${line}" run)
  string(JSON solver GET "${line}" axes solver.name)
  string(JSON encoding GET "${line}" axes strategy.determinism)
  if(NOT status STREQUAL "ok")
    message(FATAL_ERROR "${id}: status ${status}")
  endif()
  list(APPEND ids "${id}")
  set(found "")
  foreach(key targets_covered targets_total iterations solver_queries solver_sat solver_unsat)
    string(JSON value GET "${line}" ${key})
    string(APPEND found "${key}=${value} ")
  endforeach()
  string(JSON uncovered GET "${line}" uncovered)
  string(REGEX REPLACE "[ \n]" "" uncovered "${uncovered}")
  set(found_${run}_${solver}_${encoding} "${found}uncovered=${uncovered}")
endforeach()
list(LENGTH ids cells)
if(NOT cells EQUAL 8)
  message(FATAL_ERROR "expected the 8 cells of ${SMALL_MATRIX}, got ${cells}")
endif()
foreach(run calls-2 calls-4)
  foreach(solver z3 cvc5)
    set(uf "${found_${run}_${solver}_uf}")
    set(pairwise "${found_${run}_${solver}_pairwise}")
    if(uf STREQUAL "" OR NOT uf STREQUAL pairwise)
      message(FATAL_ERROR "${run} with ${solver}: uf and pairwise differ:\n  uf:       ${uf}\n  pairwise: ${pairwise}")
    endif()
    if(NOT uf MATCHES "uncovered=\\[{\"name\":\"lie\",\"reason\":\"infeasible-within-bound\"}\\]")
      message(FATAL_ERROR "${run} with ${solver}: expected lie alone uncovered, infeasible: ${uf}")
    endif()
  endforeach()
endforeach()

compare_with_committed(${SYMSEQ} ${WORK_DIR}/rerun.jsonl ${COMMITTED} ${WORK_DIR} determinism)

# What the cells do not record: the pruned children, and those only determinism prunes.
foreach(encoding uf pairwise)
  execute_process(COMMAND ${SYMSEQ} run ${RUN_FILE} --set "model.file=\"models/calls-4.iosts\""
      --set "strategy.determinism=\"${encoding}\"" --set "output.dir=\"${WORK_DIR}/calls-4-${encoding}\""
      --set "output.formats=[\"json\"]"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "symseq run ${RUN_FILE} (calls-4, ${encoding}): exit ${rc}\n${out}\n${err}")
  endif()
  file(READ ${WORK_DIR}/calls-4-${encoding}/result.json result)
  set(pruned_${encoding} "")
  foreach(key states pruned_states pruned_by_determinism)
    string(JSON value GET "${result}" stats ${key})
    string(APPEND pruned_${encoding} "${key}=${value} ")
  endforeach()
endforeach()
if(NOT pruned_uf STREQUAL pruned_pairwise OR NOT pruned_uf MATCHES "pruned_by_determinism=6 $")
  message(FATAL_ERROR "calls-4: expected the same pruning in both encodings, 6 by determinism:\n"
                      "  uf:       ${pruned_uf}\n  pairwise: ${pruned_pairwise}")
endif()
message(STATUS "calls-4, uf and pairwise: ${pruned_uf}")
