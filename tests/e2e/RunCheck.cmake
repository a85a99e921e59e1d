# `symseq run RUN.toml --check` reads and checks the run as a run would, and on success prints
# nothing and writes nothing (symseq-bench checks its axis values this way).
foreach(var SYMSEQ RUN_FILE WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "${var} is not set")
  endif()
endforeach()
file(REMOVE_RECURSE ${WORK_DIR})
execute_process(COMMAND ${SYMSEQ} run ${RUN_FILE} --check --set "output.dir=\"${WORK_DIR}/out\""
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out STREQUAL "" OR NOT err STREQUAL "")
  message(FATAL_ERROR "symseq run --check: exit ${rc}, expected 0 and no output\n${out}\n${err}")
endif()
if(EXISTS ${WORK_DIR})
  message(FATAL_ERROR "symseq run --check wrote ${WORK_DIR}")
endif()
message(STATUS "symseq run --check: silent, nothing written")
