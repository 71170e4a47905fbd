# Installs the libraries for engines: `find_package(CollisionLab CONFIG REQUIRED)` gives
# CollisionLab::geometry (GLM only) and, when nlohmann-json is found, CollisionLab::query;
# pkg-config gives collision-lab-geometry. Component "Development"; the executables and
# their desktop files are component "Runtime" (cmake/package.cmake).
include(CMakePackageConfigHelpers)
set(COLLISION_LAB_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/CollisionLab)

install(TARGETS collision_lab_geometry EXPORT CollisionLabGeometryTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT Development)
install(TARGETS collision_lab_query EXPORT CollisionLabQueryTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT Development)
# Only the public headers: geometry/src/ (kernels, *_detail.h) stays behind.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/geometry/include/ ${PROJECT_SOURCE_DIR}/query/include/
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT Development)
foreach(part Geometry Query)
  install(EXPORT CollisionLab${part}Targets NAMESPACE CollisionLab:: DESTINATION ${COLLISION_LAB_CMAKE_DIR}
          COMPONENT Development)
endforeach()

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/CollisionLabConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/CollisionLabConfig.cmake INSTALL_DESTINATION ${COLLISION_LAB_CMAKE_DIR})
# 0.x: a new minor version may change the API.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/CollisionLabConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/CollisionLabConfig.cmake ${PROJECT_BINARY_DIR}/CollisionLabConfigVersion.cmake
        DESTINATION ${COLLISION_LAB_CMAKE_DIR} COMPONENT Development)

# The compile flags of CollisionLab::geometry, for a build without CMake; the prefix is
# found from the file's own place, so the package works wherever it is installed.
file(RELATIVE_PATH COLLISION_LAB_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
configure_file(${CMAKE_CURRENT_LIST_DIR}/collision-lab-geometry.pc.in
               ${PROJECT_BINARY_DIR}/collision-lab-geometry.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/collision-lab-geometry.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT Development)
