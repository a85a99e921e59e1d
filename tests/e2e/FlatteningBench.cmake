# Quasi against full flattening (configs/bench/flattening.toml), reproduced: SMALL_MATRIX (the
# same runs and axes, one repetition; its cells have the ids of the committed file's repetition-1
# cells) is run afresh and `symseq bench compare`d with the committed cells, every non-timing
# column identical (IR size, flattening counts, coverage, queries). Quasi-flattening must stay
# smaller than the product on every N.
# After an intended change: scripts/regenerate-results flattening (configs/bench/README.md).
cmake_policy(SET CMP0057 NEW)  # if(... IN_LIST ...)
include(${CMAKE_CURRENT_LIST_DIR}/ScriptHelpers.cmake)
require_defined(SYMSEQ SMALL_MATRIX COMMITTED WORK_DIR)
fresh_dir(${WORK_DIR})
run(${SYMSEQ} bench ${SMALL_MATRIX} --out ${WORK_DIR}/rerun.jsonl)
compare_with_committed(${SYMSEQ} ${WORK_DIR}/rerun.jsonl ${COMMITTED} ${WORK_DIR} flattening)

cell_values(${WORK_DIR}/rerun.jsonl model.flatten locations locations)
foreach(run sync-1 sync-2 sync-3 sync-4)
  if(NOT locations_${run}_quasi LESS locations_${run}_full)
    message(FATAL_ERROR "${run}: quasi-flattening has ${locations_${run}_quasi} locations, the product ${locations_${run}_full}")
  endif()
endforeach()
