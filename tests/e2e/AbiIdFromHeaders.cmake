# The plugin ABI id is a function of the public headers, and of nothing else: the build's id is
# the hash of the headers as they are; the same headers elsewhere give the same id; a changed
# content, a renamed header or an added header each give another id.
#   cmake -DROOTS=<include dir;...> -DABI_HEADER=<build>/generated/symseq/AbiId.h
#         -DWORK_DIR=<scratch> -P AbiIdFromHeaders.cmake
cmake_minimum_required(VERSION 3.25)
foreach(var ROOTS ABI_HEADER WORK_DIR GENERATOR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "AbiIdFromHeaders.cmake needs -D${var}=...")
  endif()
endforeach()
include(${CMAKE_CURRENT_LIST_DIR}/ScriptHelpers.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/SymseqAbiId.cmake)

# A copy of the header trees under <dir>/root0, <dir>/root1, ...; its roots in <out_var>.
function(copy_trees dir out_var)
  file(REMOVE_RECURSE ${dir})
  set(roots)
  set(i 0)
  foreach(root IN LISTS ROOTS)
    file(COPY ${root}/symseq DESTINATION ${dir}/root${i})
    list(APPEND roots ${dir}/root${i})
    math(EXPR i "${i} + 1")
  endforeach()
  set(${out_var} ${roots} PARENT_SCOPE)
endfunction()

set(failures "")
macro(expect_same what a b)
  if(NOT "${a}" STREQUAL "${b}")
    string(APPEND failures "${what}: ${a} and ${b} differ, expected the same id\n")
  endif()
endmacro()
macro(expect_differ what a b)
  if("${a}" STREQUAL "${b}")
    string(APPEND failures "${what}: still ${a}, expected another id\n")
  endif()
endmacro()

file(REMOVE_RECURSE ${WORK_DIR})
symseq_abi_id(source_id ROOTS ${ROOTS})
string(LENGTH "${source_id}" length)
if(NOT source_id MATCHES "^[0-9a-f]+$" OR NOT length EQUAL 16)
  message(FATAL_ERROR "the id is not 16 hex digits: '${source_id}'")
endif()
id_in_header(${ABI_HEADER} build_id)
expect_same("the build's generated id and the hash of the source headers (rebuild if you edited a header)"
  ${build_id} ${source_id})

# The same headers in another place.
copy_trees(${WORK_DIR}/copy copy_roots)
symseq_abi_id(copy_id ROOTS ${copy_roots})
expect_same("a copy of the headers" ${source_id} ${copy_id})

# A header whose content changes, path kept: one member added to a struct.
copy_trees(${WORK_DIR}/edited edited_roots)
list(GET edited_roots 0 kernel_root)
set(edited ${kernel_root}/symseq/support/Error.h)
file(READ ${edited} text)
string(REPLACE "struct SourceLocation {" "struct SourceLocation {\n  std::uint32_t offset = 0;" changed "${text}")
if(changed STREQUAL text)
  message(FATAL_ERROR "found no `struct SourceLocation {` in ${edited} to change")
endif()
file(WRITE ${edited} "${changed}")
symseq_abi_id(edited_id ROOTS ${edited_roots})
expect_differ("a member added to SourceLocation in support/Error.h" ${source_id} ${edited_id})

# The script mode the build runs writes the same id as the function computes.
execute_process(COMMAND ${CMAKE_COMMAND} "-DROOTS=${edited_roots}" -DOUTPUT=${WORK_DIR}/out/symseq/AbiId.h
                        -P ${CMAKE_CURRENT_LIST_DIR}/../../cmake/SymseqAbiId.cmake
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "SymseqAbiId.cmake in script mode failed:\n${err}")
endif()
id_in_header(${WORK_DIR}/out/symseq/AbiId.h script_id)
expect_same("script mode on the edited headers" ${edited_id} ${script_id})

# A header renamed, content kept.
copy_trees(${WORK_DIR}/renamed renamed_roots)
list(GET renamed_roots 0 kernel_root)
file(RENAME ${kernel_root}/symseq/support/Error.h ${kernel_root}/symseq/support/Errors.h)
symseq_abi_id(renamed_id ROOTS ${renamed_roots})
expect_differ("support/Error.h renamed to support/Errors.h" ${source_id} ${renamed_id})

# A header added (new headers are covered without touching the build).
copy_trees(${WORK_DIR}/added added_roots)
list(GET added_roots 0 kernel_root)
file(WRITE ${kernel_root}/symseq/plugin/NewKind.h "#pragma once\nstruct NewKind {};\n")
symseq_abi_id(added_id ROOTS ${added_roots})
expect_differ("a header added (plugin/NewKind.h)" ${source_id} ${added_id})

# The build rule (symseq_add_abi_id_header, as the top-level CMakeLists.txt uses it) on a copy:
# build, edit a header, build: the id follows; add a header, build; remove it, build.
copy_trees(${WORK_DIR}/project-headers project_roots)
list(GET project_roots 0 kernel_root)
set(project ${WORK_DIR}/project)
file(WRITE ${project}/CMakeLists.txt "cmake_minimum_required(VERSION 3.25)
project(abi_id_regeneration NONE)
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/SymseqAbiId.cmake)
symseq_add_abi_id_header(abi_id \${CMAKE_BINARY_DIR}/AbiId.h ROOTS ${project_roots})
")
function(build_id out_var)
  execute_process(COMMAND ${CMAKE_COMMAND} --build ${project}/build --target abi_id
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "building the id failed:\n${out}\n${err}")
  endif()
  id_in_header(${project}/build/AbiId.h id)
  set(${out_var} ${id} PARENT_SCOPE)
endfunction()
execute_process(COMMAND ${CMAKE_COMMAND} -S ${project} -B ${project}/build -G ${GENERATOR}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring the id project failed:\n${out}\n${err}")
endif()
build_id(built_id)
expect_same("the build rule on a copy of the headers" ${source_id} ${built_id})
# Each change must be visibly newer than the last build's output, whatever the file system's
# timestamp resolution, as a person's edit would be.
macro(tick)
  execute_process(COMMAND ${CMAKE_COMMAND} -E sleep 1.1)
endmacro()
tick()
file(APPEND ${kernel_root}/symseq/support/Error.h "// edited\n")
symseq_abi_id(want_id ROOTS ${project_roots})
build_id(built_edited_id)
expect_differ("the build after an edit of support/Error.h" ${built_id} ${built_edited_id})
expect_same("the build after an edit of support/Error.h" ${want_id} ${built_edited_id})
tick()
file(WRITE ${kernel_root}/symseq/plugin/NewKind.h "#pragma once\n")
build_id(built_added_id)
expect_differ("the build after adding plugin/NewKind.h" ${built_edited_id} ${built_added_id})
tick()
file(REMOVE ${kernel_root}/symseq/plugin/NewKind.h)
build_id(built_removed_id)
expect_same("the build after removing plugin/NewKind.h again" ${built_edited_id} ${built_removed_id})

if(failures)
  message(FATAL_ERROR "the ABI id does not follow the public headers:\n${failures}")
endif()
file(REMOVE_RECURSE ${WORK_DIR})
message(STATUS "ABI id ${source_id}: the build's, a copy's; edited ${edited_id}, renamed ${renamed_id}, added ${added_id}")
