# Installs this build into a scratch prefix, builds the documented example plugin against the
# installed CMake package, and checks that the installed binary loads and lists it.
foreach(var BUILD_DIR EXAMPLE_DIR WORK_DIR GENERATOR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "${var} is not set")
  endif()
endforeach()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "command failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

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
