# A plugin built against changed public headers is refused, with a message naming both ABI ids.
# Installs this build into a scratch prefix, checks that the installed AbiId.h is the hash of the
# installed headers and the id `symseq version` prints, builds the documented example plugin
# against the prefix as installed (loaded: the control), then adds a member to a struct in one
# installed header, regenerates the prefix's AbiId.h with the build's own hashing
# (cmake/SymseqAbiId.cmake), builds the same plugin against the changed prefix, and expects the
# installed binary, whose kernel is unchanged, to refuse it.
#   cmake -DBUILD_DIR=<build> -DEXAMPLE_DIR=<docs/examples/inv-depth-heuristic> -DWORK_DIR=<scratch>
#         -DGENERATOR=<generator> -P AbiRefusal.cmake
cmake_minimum_required(VERSION 3.25)
foreach(var BUILD_DIR EXAMPLE_DIR WORK_DIR GENERATOR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "AbiRefusal.cmake needs -D${var}=...")
  endif()
endforeach()
include(${CMAKE_CURRENT_LIST_DIR}/ScriptHelpers.cmake)
set(abi_script ${CMAKE_CURRENT_LIST_DIR}/../../cmake/SymseqAbiId.cmake)
include(${abi_script})

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
set(symseq ${prefix}/bin/symseq)
set(generated symseq/AbiId.h symseq/BuildInfo.h)

function(build_plugin dir)
  run(${CMAKE_COMMAND} -S ${EXAMPLE_DIR} -B ${dir} -G ${GENERATOR} -DCMAKE_PREFIX_PATH=${prefix})
  run(${CMAKE_COMMAND} --build ${dir})
endfunction()

run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})

# The installed package carries the kernel's id, and it is the hash of the installed headers.
id_in_header(${prefix}/include/symseq/AbiId.h installed_id)
symseq_abi_id(hashed_id ROOTS ${prefix}/include EXCLUDE ${generated})
run(${symseq} version)
if(NOT last_output MATCHES "plugin ABI id ([0-9a-f]+)")
  message(FATAL_ERROR "`symseq version` prints no ABI id:\n${last_output}")
endif()
set(kernel_id ${CMAKE_MATCH_1})
if(NOT installed_id STREQUAL kernel_id OR NOT hashed_id STREQUAL kernel_id)
  message(FATAL_ERROR "the kernel has ABI id ${kernel_id}, the installed AbiId.h ${installed_id}, "
                      "the hash of the installed headers ${hashed_id}; all three must agree")
endif()

# Control: built against the headers as installed, the plugin loads.
build_plugin(${WORK_DIR}/same)
run(${symseq} plugins --plugin-dir ${WORK_DIR}/same/plugins)
if(NOT last_output MATCHES "heuristic +inv-depth " OR NOT last_output MATCHES "kernel ABI id ${kernel_id}")
  message(FATAL_ERROR "the plugin built against the installed headers is not listed:\n${last_output}")
endif()

# A member added to a struct that crosses the boundary (SourceLocation, in every Error).
set(header ${prefix}/include/symseq/support/Error.h)
file(READ ${header} text)
string(REPLACE "struct SourceLocation {" "struct SourceLocation {\n  std::uint32_t offset = 0;" changed "${text}")
if(changed STREQUAL text)
  message(FATAL_ERROR "found no `struct SourceLocation {` in ${header} to change")
endif()
file(WRITE ${header} "${changed}")
run(${CMAKE_COMMAND} -DROOTS=${prefix}/include "-DEXCLUDE=symseq/AbiId.h\;symseq/BuildInfo.h"
    -DOUTPUT=${prefix}/include/symseq/AbiId.h -P ${abi_script})
id_in_header(${prefix}/include/symseq/AbiId.h changed_id)
if(changed_id STREQUAL kernel_id)
  message(FATAL_ERROR "a member added to SourceLocation left the ABI id at ${kernel_id}")
endif()

build_plugin(${WORK_DIR}/changed)
execute_process(COMMAND ${symseq} plugins --plugin-dir ${WORK_DIR}/changed/plugins
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(want "plugin built against ABI id ${changed_id}, but this kernel has ABI id ${kernel_id}")
if(rc EQUAL 0 OR NOT err MATCHES "inv-depth\\.so: error: ${want}\n  hint: [^\n]*rebuild the plugin")
  message(FATAL_ERROR "the plugin built against changed headers was not refused as expected "
                      "(exit ${rc}; expected '${want}' and a hint):\n${out}\n${err}")
endif()
message(STATUS "refused: ${err}")
