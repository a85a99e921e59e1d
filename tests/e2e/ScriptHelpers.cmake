# Helpers the end-to-end CMake scripts share (include() it).

# Runs a command; fails the test with its output unless it exits 0. Its standard output is left
# in `last_output`.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "command failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

# The ABI id a generated AbiId.h holds.
function(id_in_header header out_var)
  file(READ ${header} text)
  if(NOT text MATCHES "kAbiIdText = \"([0-9a-f]+)\"")
    message(FATAL_ERROR "${header} holds no kAbiIdText")
  endif()
  set(${out_var} ${CMAKE_MATCH_1} PARENT_SCOPE)
endfunction()

# Fails the test unless every named variable was given (-DNAME=...).
function(require_defined)
  foreach(var ${ARGN})
    if(NOT DEFINED ${var})
      message(FATAL_ERROR "${var} is not set")
    endif()
  endforeach()
endfunction()

# An empty folder at `dir`, whatever was there.
function(fresh_dir dir)
  file(REMOVE_RECURSE ${dir})
  file(MAKE_DIRECTORY ${dir})
endfunction()
