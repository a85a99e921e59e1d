# The search heuristics' claim, reproduced (configs/bench/search-heuristics.toml): the matrix is
# run afresh and `symseq bench compare`d with the committed results, every non-timing column
# identical; and in the fresh results, best-first with md2u and with covnew covers every target in
# fewer states (`iterations`) than bfs, with each solver.
# The rerun and the comparison with the committed results, as for every committed matrix.
include(${CMAKE_CURRENT_LIST_DIR}/BenchReproduce.cmake)

# run:solver -> iterations, from the fresh cells.
file(STRINGS ${WORK_DIR}/rerun.jsonl lines)
foreach(line IN LISTS lines)
  string(JSON type GET "${line}" type)
  if(NOT type STREQUAL "cell")
    continue()
  endif()
  string(JSON status GET "${line}" status)
  string(JSON run GET "${line}" run)
  string(JSON solver GET "${line}" axes solver.name)
  string(JSON covered GET "${line}" targets_covered)
  string(JSON total GET "${line}" targets_total)
  string(JSON states GET "${line}" iterations)
  if(NOT status STREQUAL "ok" OR NOT covered EQUAL total)
    message(FATAL_ERROR "${run} with ${solver}: status ${status}, ${covered} of ${total} covered")
  endif()
  set(states_${run}_${solver} ${states})
endforeach()
foreach(solver z3 cvc5)
  foreach(run best-first+md2u best-first+covnew)
    if(NOT DEFINED states_${run}_${solver} OR NOT DEFINED states_bfs_${solver})
      message(FATAL_ERROR "no cell for ${run} or bfs with ${solver}")
    endif()
    if(NOT states_${run}_${solver} LESS states_bfs_${solver})
      message(FATAL_ERROR "${run} with ${solver}: ${states_${run}_${solver}} states, bfs ${states_bfs_${solver}}")
    endif()
    message(STATUS "${solver}: ${run} ${states_${run}_${solver}} states, bfs ${states_bfs_${solver}}")
  endforeach()
endforeach()
