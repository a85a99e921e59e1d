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
