# symseq_add_plugin_library(<target> <alias> [LIBRARIES <libs...>])
# A shared library that several plugins link (plugins/acyclic, plugins/tree, plugins/writing): sources in src/,
# public headers in include/symseq/<name>/, installed beside the kernel and exported with it.
# As the kernel, it exports only what its public headers declare (they wrap their declarations in
# `#pragma GCC visibility push(default)` / `pop`), and those headers are inputs of the plugin ABI
# identifier (cmake/SymseqAbiId.cmake), since plugins compile against them too.
function(symseq_add_plugin_library target alias)
  cmake_parse_arguments(ARG "" "" "LIBRARIES" ${ARGN})
  file(GLOB _sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/src/*.cpp)
  add_library(${target} SHARED ${_sources})
  add_library(symseq::${alias} ALIAS ${target})
  string(REPLACE "_" "-" _output ${target})
  set_target_properties(${target} PROPERTIES OUTPUT_NAME ${_output} EXPORT_NAME ${alias}
    VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR}
    INSTALL_RPATH "$ORIGIN" CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
  set_property(GLOBAL APPEND PROPERTY SYMSEQ_PUBLIC_HEADER_ROOTS ${CMAKE_CURRENT_SOURCE_DIR}/include)
  target_include_directories(${target} PUBLIC
    $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_link_libraries(${target} PUBLIC symseq::core ${ARG_LIBRARIES} PRIVATE $<BUILD_INTERFACE:symseq_warnings>)
  target_link_options(${target} PRIVATE -Wl,--no-undefined)
  install(TARGETS ${target} EXPORT symseqTargets LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/include/symseq DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endfunction()
