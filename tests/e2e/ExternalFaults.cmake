# symseq run on tests/data/faulty-external.toml with F bound to a function of
# tests/data/externals/faulty.c that crashes, aborts, exits, loops or sleeps (FAULT): the run goes
# on and ends normally (exit 0) within its 2 s budget plus a second (its own total_time_s, and a
# generous wall-clock bound), writes result.json, and names the failure: the function, its input
# and what happened; the guarded target stays uncovered and its detail says why.
foreach(var SYMSEQ RUN_FILE LIBRARY FAULT EXPECT WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "${var} is not set")
  endif()
endforeach()
file(REMOVE_RECURSE ${WORK_DIR})
string(TIMESTAMP started "%s" UTC)
execute_process(COMMAND ${SYMSEQ} run ${RUN_FILE}
    --set "externals.library=\"${LIBRARY}\""
    --set "externals.symbols.F=\"symseq_test_${FAULT}\""
    --set "output.dir=\"${WORK_DIR}/out\""
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 40)
string(TIMESTAMP ended "%s" UTC)
math(EXPR wall "${ended} - ${started}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "symseq run with F = ${FAULT}: exit '${rc}', expected 0\n${out}\n${err}")
endif()
if(NOT EXISTS ${WORK_DIR}/out/result.json)
  message(FATAL_ERROR "symseq run with F = ${FAULT}: no result.json\n${out}\n${err}")
endif()
file(READ ${WORK_DIR}/out/result.json result)
string(JSON seconds GET "${result}" stats total_time_s)
if(seconds GREATER 3.0 OR wall GREATER 8)
  message(FATAL_ERROR "symseq run with F = ${FAULT}: ${seconds} s by its own count, ${wall} s by the clock; "
                      "the budget is 2 s")
endif()
string(JSON failures LENGTH "${result}" external_failures)
if(failures EQUAL 0)
  message(FATAL_ERROR "symseq run with F = ${FAULT}: no external failure reported\n${result}")
endif()
string(JSON function GET "${result}" external_failures 0 function)
string(JSON input GET "${result}" external_failures 0 args 0)
string(JSON message GET "${result}" external_failures 0 message)
string(FIND "${message}" "F(${input}) failed: ${EXPECT}" at)
if(NOT function STREQUAL "F" OR NOT input GREATER 5 OR at EQUAL -1)
  message(FATAL_ERROR "symseq run with F = ${FAULT}: the failure says ${function}(${input}): '${message}', "
                      "expected F(x > 5) failed: ${EXPECT}")
endif()
# The targets: read and small covered, big (behind F) not, and its detail names the failure.
string(JSON count LENGTH "${result}" targets)
math(EXPR last "${count} - 1")
foreach(i RANGE ${last})
  string(JSON name GET "${result}" targets ${i} name)
  string(JSON covered GET "${result}" targets ${i} covered)
  if(name STREQUAL "big")
    string(JSON detail ERROR_VARIABLE none GET "${result}" targets ${i} detail)
    string(FIND "${detail}" "${EXPECT}" at)
    if(covered OR at EQUAL -1)
      message(FATAL_ERROR "symseq run with F = ${FAULT}: target big covered=${covered}, detail '${detail}'")
    endif()
  elseif(NOT covered)
    message(FATAL_ERROR "symseq run with F = ${FAULT}: target ${name} not covered\n${result}")
  endif()
endforeach()
message(STATUS "F = ${FAULT}: exit 0 after ${seconds} s (${wall} s wall), '${message}'")
