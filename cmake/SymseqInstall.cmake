# `cmake --install` installs the kernel, its headers, the binary, the plugins and a CMake
# package, so a plugin can be built out of tree with find_package(symseq).
include(CMakePackageConfigHelpers)
install(TARGETS symseq_core EXPORT symseqTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS symseq RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/core/include/symseq DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${CMAKE_BINARY_DIR}/generated/symseq/BuildInfo.h ${CMAKE_BINARY_DIR}/generated/symseq/AbiId.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/symseq)
install(EXPORT symseqTargets NAMESPACE symseq:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/symseq)
set(SYMSEQ_INSTALL_SANITIZE ${SYMSEQ_SANITIZE})
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/symseqConfig.cmake.in
  ${CMAKE_BINARY_DIR}/symseqConfig.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/symseq)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/symseqConfigVersion.cmake COMPATIBILITY ExactVersion)
install(FILES ${CMAKE_BINARY_DIR}/symseqConfig.cmake ${CMAKE_BINARY_DIR}/symseqConfigVersion.cmake
  ${CMAKE_SOURCE_DIR}/cmake/SymseqPlugin.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/symseq)
# The installed plugin directory's index, written by the installed binary once every plugin is
# in place (install rules run in the order they are declared, and this file is included last).
# Written, not copied: the index records each file's modification time, which a copy changes.
set(_symseq_index_code [[
  set(_symseq_plugins "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/@SYMSEQ_PLUGIN_SUBDIR@")
  message(STATUS "Indexing: ${_symseq_plugins}")
  execute_process(COMMAND ${CMAKE_COMMAND} -E env ASAN_OPTIONS=detect_leaks=0
                          "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/@CMAKE_INSTALL_BINDIR@/symseq" plugins
                          --write-index "${_symseq_plugins}"
                  OUTPUT_QUIET COMMAND_ERROR_IS_FATAL ANY)
]])
string(CONFIGURE "${_symseq_index_code}" _symseq_index_code @ONLY)
install(CODE "${_symseq_index_code}")
