# Interleaved components (configs/bench/designs.toml), reproduced: SMALL_MATRIX (N = 1..3, one
# repetition; its cells have the ids of the committed file's repetition-1 cells) is run afresh and
# `symseq bench compare`d with the committed cells, every non-timing column identical (tree states,
# queries, coverage). The states must grow with N: the interleavings a partial-order reduction
# would remove.
# After an intended change: scripts/regenerate-results designs (configs/bench/README.md).
cmake_policy(SET CMP0057 NEW)  # if(... IN_LIST ...)
include(${CMAKE_CURRENT_LIST_DIR}/ScriptHelpers.cmake)
require_defined(SYMSEQ SMALL_MATRIX COMMITTED WORK_DIR)
fresh_dir(${WORK_DIR})
run(${SYMSEQ} bench ${SMALL_MATRIX} --out ${WORK_DIR}/rerun.jsonl)
compare_with_committed(${SYMSEQ} ${WORK_DIR}/rerun.jsonl ${COMMITTED} ${WORK_DIR} designs)

cell_values(${WORK_DIR}/rerun.jsonl solver.name iterations states)
foreach(solver z3 cvc5)
  if(NOT states_designs-1_${solver} LESS states_designs-2_${solver} OR NOT states_designs-2_${solver} LESS states_designs-3_${solver})
    message(FATAL_ERROR "${solver}: the tree's states do not grow with the cells: ${states_designs-1_${solver}}, "
                        "${states_designs-2_${solver}}, ${states_designs-3_${solver}}")
  endif()
endforeach()
