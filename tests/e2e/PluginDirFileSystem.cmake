# File-system situations in a plugin directory give a located error and exit 2, never exit 3
# (internal error): a `.so` that is a symbolic link to itself, a plugin directory that is one, a
# directory name too long for the system; a loop under a name that is not `.so` is not a plugin
# and is ignored.
#   cmake -DSYMSEQ=<symseq> -DWORK_DIR=<scratch> -P PluginDirFileSystem.cmake
cmake_minimum_required(VERSION 3.25)
include(${CMAKE_CURRENT_LIST_DIR}/ScriptHelpers.cmake)
require_defined(SYMSEQ WORK_DIR)
fresh_dir(${WORK_DIR})

# Runs `symseq plugins` on DIR alone; expects exit EXIT and standard error matching PATTERN.
function(expect_plugins dir exit pattern)
  execute_process(COMMAND ${SYMSEQ} plugins --no-default-plugin-dir --plugin-dir ${dir}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc STREQUAL exit OR NOT err MATCHES "${pattern}")
    message(FATAL_ERROR "symseq plugins --plugin-dir ${dir}: expected exit ${exit} and standard error matching\n"
                        "  ${pattern}\ngot exit ${rc}, standard error:\n${err}")
  endif()
endfunction()

# A `.so` entry that loops: refused naming it, since it was meant to be a plugin.
file(MAKE_DIRECTORY ${WORK_DIR}/so-loop)
file(CREATE_LINK loop.so ${WORK_DIR}/so-loop/loop.so SYMBOLIC)
expect_plugins(${WORK_DIR}/so-loop 2
  "^symseq: ${WORK_DIR}/so-loop/loop.so: error: cannot use this plugin file: Too many levels of symbolic links\n  hint: ")

# The plugin directory itself loops (`ln -s loop loop`).
file(CREATE_LINK loop ${WORK_DIR}/loop SYMBOLIC)
expect_plugins(${WORK_DIR}/loop 2
  "^symseq: error: cannot read plugin directory '${WORK_DIR}/loop': Too many levels of symbolic links\n  hint: ")

# A loop that is not named like a plugin is not one: ignored.
file(MAKE_DIRECTORY ${WORK_DIR}/other-loop)
file(CREATE_LINK loop ${WORK_DIR}/other-loop/loop SYMBOLIC)
expect_plugins(${WORK_DIR}/other-loop 0 "^$")

# A directory name longer than the system allows (NAME_MAX is 255 on Linux file systems).
string(REPEAT "d" 300 long)
expect_plugins(${WORK_DIR}/${long} 2
  "^symseq: error: cannot read plugin directory '${WORK_DIR}/${long}': File name too long\n  hint: ")
