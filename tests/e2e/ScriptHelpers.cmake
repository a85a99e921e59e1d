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

# `symseq bench compare`s the cells of RERUN (a fresh run of a small matrix whose cells have ids of
# the committed file's cells) with the cells of COMMITTED that have the same ids; fails naming
# NAME's regeneration command when they differ or a cell is missing. A committed cell takes its
# rerun's index (its position in the small matrix), so a small matrix may keep any subset of the
# committed cells, e.g. one solver of two.
function(compare_with_committed symseq rerun committed work_dir name)
  file(STRINGS ${rerun} rerun_lines)
  set(ids "")
  foreach(line IN LISTS rerun_lines)
    string(JSON type GET "${line}" type)
    if(type STREQUAL "cell")
      string(JSON id GET "${line}" id)
      string(JSON index GET "${line}" index)
      list(APPEND ids "${id}")
      set("rerun_index_${id}" ${index})
    endif()
  endforeach()
  list(LENGTH ids cells)
  file(STRINGS ${committed} committed_lines)
  set(kept_lines "")
  set(kept 0)
  foreach(line IN LISTS committed_lines)
    string(JSON type GET "${line}" type)
    if(type STREQUAL "cell")
      string(JSON id GET "${line}" id)
      if(NOT id IN_LIST ids)
        continue()
      endif()
      # As text, not string(JSON SET), which would write the line over several lines.
      string(REGEX REPLACE "^\\{\"type\":\"cell\",\"index\":[0-9]+," "{\"type\":\"cell\",\"index\":${rerun_index_${id}},"
             line "${line}")
      math(EXPR kept "${kept} + 1")
    endif()
    string(APPEND kept_lines "${line}\n")
  endforeach()
  if(NOT kept EQUAL cells)
    message(FATAL_ERROR "${committed} holds ${kept} of the ${cells} cells of the rerun: name the small matrix's runs "
                        "as in the committed matrix, with axis values it has")
  endif()
  file(WRITE ${work_dir}/committed-small.jsonl "${kept_lines}")
  execute_process(COMMAND ${symseq} bench compare ${work_dir}/committed-small.jsonl ${rerun}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the rerun does not reproduce its cells of ${committed} (compare exit ${rc}):\n${err}\n${out}\n"
                        "If the change is intended, regenerate the committed results with scripts/regenerate-results ${name}.")
  endif()
  message(STATUS "${cells} cells of ${committed} reproduced:\n${out}")
endfunction()

# For every cell of the results file `jsonl`, sets <prefix>_<run>_<label> in the caller's scope to
# the cell's `field`, <label> being the cell's value on the matrix axis `axis`.
function(cell_values jsonl axis field prefix)
  file(STRINGS ${jsonl} lines)
  foreach(line IN LISTS lines)
    string(JSON type GET "${line}" type)
    if(type STREQUAL "cell")
      string(JSON run GET "${line}" run)
      string(JSON label GET "${line}" axes ${axis})
      string(JSON value GET "${line}" ${field})
      set(${prefix}_${run}_${label} ${value} PARENT_SCOPE)
    endif()
  endforeach()
endfunction()
