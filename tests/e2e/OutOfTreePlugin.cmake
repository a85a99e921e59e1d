# Installs this build into a scratch prefix, builds the documented example plugin against the
# installed CMake package, checks that the installed binary loads and lists it, and uses it in real
# runs: best-first on RUN_FILE (a shipped model) with `inv-depth` from the example's plugin folder
# must order the symbolic tree as the heuristic predicts.
foreach(var BUILD_DIR EXAMPLE_DIR WORK_DIR GENERATOR RUN_FILE)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "${var} is not set")
  endif()
endforeach()
include(${CMAKE_CURRENT_LIST_DIR}/ScriptHelpers.cmake)

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)

run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
run(${CMAKE_COMMAND} -S ${EXAMPLE_DIR} -B ${WORK_DIR}/build -G ${GENERATOR} -DCMAKE_PREFIX_PATH=${prefix})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
run(${prefix}/bin/symseq plugins --plugin-dir ${WORK_DIR}/build/plugins)

if(NOT last_output MATCHES "heuristic +inv-depth +1\\.0\\.0")
  message(FATAL_ERROR "the example plugin is not listed:\n${last_output}")
endif()
if(NOT last_output MATCHES "solver +z3 ")
  message(FATAL_ERROR "the installed binary does not find its installed solver plugins:\n${last_output}")
endif()
message(STATUS "out-of-tree plugin built and loaded:\n${last_output}")

# the tree strategy with the best-first searcher on RUN_FILE into WORK_DIR/<name>, with the example's plugin folder and `args`.
function(best_first name)
  run(${prefix}/bin/symseq run ${RUN_FILE} --plugin-dir ${WORK_DIR}/build/plugins
      --set "strategy={name=\"tree\"}" --set "searcher.name=\"best-first\"" --set "output.dir=\"${WORK_DIR}/${name}\""
      --set "output.formats=[\"json\", \"tree\"]" ${ARGN})
  file(READ ${WORK_DIR}/${name}/result.json result)
  string(JSON replayed GET "${result}" replayed)
  string(JSON covered GET "${result}" covered)
  string(JSON targets LENGTH "${result}" targets)
  if(NOT replayed OR NOT covered EQUAL targets)
    message(FATAL_ERROR "best-first ${ARGN}: replayed ${replayed}, ${covered} of ${targets} targets covered")
  endif()
endfunction()

# The deepest of the first `count` states the run created (tree.json lists them by id).
function(deepest_of_first name count out)
  file(READ ${WORK_DIR}/${name}/tree.json tree)
  set(deepest 0)
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    string(JSON depth GET "${tree}" nodes ${i} depth)
    if(depth GREATER deepest)
      set(deepest ${depth})
    endif()
  endforeach()
  set(${out} ${deepest} PARENT_SCOPE)
endfunction()

best_first(plain)
best_first(shallow --set "heuristics.0.name=\"inv-depth\"" --set heuristics.0.weight=1.0)
best_first(deep --set "heuristics.0.name=\"inv-depth\"" --set heuristics.0.weight=-1.0)

# weight > 0 prefers shallow states: best-first's own tie order, so the very same tree.
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${WORK_DIR}/plain/tree.json ${WORK_DIR}/shallow/tree.json
  RESULT_VARIABLE differ)
if(differ)
  message(FATAL_ERROR "inv-depth with weight 1.0 (shallow first) changed best-first's breadth-first tree")
endif()
# weight < 0 prefers deep states: the search dives, so its first states go far deeper than
# breadth first's. Were the heuristic ignored, the tree would be the plain one.
deepest_of_first(plain 40 plain_deepest)
deepest_of_first(deep 40 deep_deepest)
math(EXPR dive "${plain_deepest} * 2")
if(NOT deep_deepest GREATER dive)
  message(FATAL_ERROR "inv-depth with weight -1.0 (deep first) did not dive: the deepest of the first 40 "
    "states is at depth ${deep_deepest}, breadth first's at ${plain_deepest}")
endif()
message(STATUS "inv-depth in a run: weight 1.0 gives best-first's own tree; weight -1.0 dives to depth "
  "${deep_deepest} within 40 states (breadth first: ${plain_deepest})")
