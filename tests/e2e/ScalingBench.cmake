# A scaling matrix (configs/bench/scaling-NAME.toml), reproduced: SMALL_MATRIX (its two smallest
# sizes, one repetition; its cells have the ids of the committed file's repetition-1 cells) is run
# afresh and `symseq bench compare`d with the committed cells, every non-timing column identical.
# Then what the matrix is for: with FULL_COVERAGE, every cell covers all its targets; FIELD (a cell column) grows from
# the smaller size SMALL to the larger LARGE in every series (run name without its size, each of
# SOLVERS),
# and `bench report --growth run` plots a line per series from the rerun.
# After an intended change: scripts/regenerate-results scaling-NAME (configs/bench/README.md).
cmake_policy(SET CMP0057 NEW)  # if(... IN_LIST ...)
include(${CMAKE_CURRENT_LIST_DIR}/ScriptHelpers.cmake)
require_defined(SYMSEQ SMALL_MATRIX COMMITTED WORK_DIR NAME FIELD SERIES SOLVERS SMALL LARGE)
fresh_dir(${WORK_DIR})
run(${SYMSEQ} bench ${SMALL_MATRIX} --out ${WORK_DIR}/rerun.jsonl)
compare_with_committed(${SYMSEQ} ${WORK_DIR}/rerun.jsonl ${COMMITTED} ${WORK_DIR} ${NAME})

file(STRINGS ${WORK_DIR}/rerun.jsonl lines)
if(FULL_COVERAGE)
  foreach(line IN LISTS lines)
    string(JSON type GET "${line}" type)
    if(type STREQUAL "cell")
      string(JSON id GET "${line}" id)
      string(JSON covered GET "${line}" targets_covered)
      string(JSON total GET "${line}" targets_total)
      if(NOT covered EQUAL total)
        message(FATAL_ERROR "${id}: ${covered} of ${total} targets covered; the family is meant to be coverable")
      endif()
    endif()
  endforeach()
endif()

cell_values(${WORK_DIR}/rerun.jsonl solver.name ${FIELD} grow)
foreach(series ${SERIES})
  foreach(solver ${SOLVERS})
    set(small ${grow_${series}${SMALL}_${solver}})
    set(large ${grow_${series}${LARGE}_${solver}})
    if("${small}" STREQUAL "" OR "${large}" STREQUAL "")
      message(FATAL_ERROR "${series}${SMALL} or ${series}${LARGE} with ${solver}: no cell in ${SMALL_MATRIX}")
    endif()
    if(NOT small LESS large)
      message(FATAL_ERROR "${series} with ${solver}: ${FIELD} does not grow from N = ${SMALL} (${small}) to N = ${LARGE} (${large})")
    endif()
  endforeach()
endforeach()

run(${SYMSEQ} bench report ${WORK_DIR}/rerun.jsonl --out-dir ${WORK_DIR}/report --by run --by solver.name --growth run)
file(READ ${WORK_DIR}/report/growth-queries.svg svg)
string(REGEX MATCHALL "<polyline" lines_drawn "${svg}")
list(LENGTH lines_drawn drawn)
list(LENGTH SERIES series_count)
list(LENGTH SOLVERS solver_count)
math(EXPR expected "${series_count} * ${solver_count}")
if(NOT drawn EQUAL expected)
  message(FATAL_ERROR "growth-queries.svg draws ${drawn} lines, not one per series and solver (${expected})")
endif()
