# The Debian package (`make package`): the app and collision-lab-query with their desktop
# files and man pages (component "Runtime"), and the libraries of cmake/install.cmake
# (component "Development"), all in one collision-lab .deb built by CPack.
set(COLLISION_LAB_APP_ID io.github.collision_lab.CollisionLab)
set(linux_assets ${PROJECT_SOURCE_DIR}/assets/linux)
set(package_files ${PROJECT_BINARY_DIR}/package)
set(doc_dir ${CMAKE_INSTALL_DATAROOTDIR}/doc/collision-lab)

install(TARGETS collision-lab collision-lab-query RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT Runtime)
install(FILES ${linux_assets}/${COLLISION_LAB_APP_ID}.desktop
        DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/applications COMPONENT Runtime)
install(FILES ${linux_assets}/${COLLISION_LAB_APP_ID}.metainfo.xml
        DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/metainfo COMPONENT Runtime)
install(FILES ${linux_assets}/${COLLISION_LAB_APP_ID}.svg
        DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/icons/hicolor/scalable/apps COMPONENT Runtime)
# A stripped install (CPack's) strips the executables only; the static libraries lose
# their debug sections and compiler notes too, as dh_strip does: ten times smaller.
install(CODE "
  if(CMAKE_INSTALL_DO_STRIP)
    foreach(library $<TARGET_FILE_NAME:collision_lab_geometry> $<TARGET_FILE_NAME:collision_lab_query>)
      execute_process(COMMAND \"${CMAKE_STRIP}\" --strip-debug --remove-section=.comment --enable-deterministic-archives
                              \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/\${library}\"
                      COMMAND_ERROR_IS_FATAL ANY)
    endforeach()
  endif()" COMPONENT Development)
install(FILES ${linux_assets}/copyright DESTINATION ${doc_dir} COMPONENT Runtime)
# The sample lecture, to open as a file (its scenes name the presets built into the app).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/assets/lectures/ DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/collision-lab/lectures
        COMPONENT Runtime FILES_MATCHING PATTERN "*.json")

# A native package's changelog.gz, whose first entry must be this version: a version bump
# without an entry would otherwise ship a changelog that contradicts the package.
add_custom_command(
  OUTPUT ${package_files}/changelog.gz
  COMMAND sh -c "head -n 1 \"$1\" | grep -qF \"($2)\" || { echo \"collision-lab: $1: its first entry is not version $2: add one\" >&2; exit 1; }"
          check-changelog ${linux_assets}/changelog ${PROJECT_VERSION}
  COMMAND sh -c "gzip -9nc \"$1\" > \"$2\"" gzip-changelog ${linux_assets}/changelog ${package_files}/changelog.gz
  DEPENDS ${linux_assets}/changelog
  COMMENT "Compressing the Debian changelog" VERBATIM)
set(package_outputs ${package_files}/changelog.gz)
install(FILES ${package_files}/changelog.gz DESTINATION ${doc_dir} COMPONENT Runtime)

# Man pages from --help and --version. help2man runs the programs through PATH, so that
# their usage line names the command and not the build folder. Without help2man (it is
# installed by `cmake/install-deps.sh package`) the app still builds, without man pages.
find_program(HELP2MAN_EXECUTABLE help2man)
if(HELP2MAN_EXECUTABLE)
  set(collision-lab_man_name "interactive collision-detection geometry")
  set(collision-lab-query_man_name "answer Collision Lab geometry queries given as JSON Lines")
  foreach(program collision-lab collision-lab-query)
    set(page ${package_files}/${program}.1)
    add_custom_command(
      OUTPUT ${page}.gz
      COMMAND sh -c "PATH=\"$1:$PATH\" exec \"$2\" --no-info --no-discard-stderr --name=\"$3\" --output=\"$4\" \"$5\""
              help2man $<TARGET_FILE_DIR:${program}> ${HELP2MAN_EXECUTABLE} ${${program}_man_name} ${page} ${program}
      COMMAND gzip -9nf ${page}
      DEPENDS ${program}
      COMMENT "Writing the man page of ${program}" VERBATIM)
    list(APPEND package_outputs ${page}.gz)
    install(FILES ${page}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT Runtime)
  endforeach()
else()
  message(STATUS "collision-lab: help2man not found: the man pages are left out of the install")
endif()
add_custom_target(collision-lab-package-files ALL DEPENDS ${package_outputs})

# CPack: one .deb of every component, installed to /usr.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME collision-lab)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "The Collision Lab developers")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_DIRECTORY ${PROJECT_BINARY_DIR}/packages)
set(CPACK_DEB_COMPONENT_INSTALL OFF)
set(COLLISION_LAB_PACKAGE_MAINTAINER "The Collision Lab developers <maintainers@users.noreply.a-seed-dd3c35a1.example>"
    CACHE STRING "Maintainer field of the Debian package")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER ${COLLISION_LAB_PACKAGE_MAINTAINER})
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE ${PROJECT_HOMEPAGE_URL})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "collision-detection geometry explained, drawn live")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "Collision Lab is a desktop app that teaches and debugs collision-detection
geometry: closest points, plane distances, containment and overlap tests, SAT,
GJK and EPA, drawn live with the numbers that decided each answer.
collision-lab-query answers the same queries from scripts, one JSON line each.
The package also holds the static libraries CollisionLab::geometry and
CollisionLab::query, their headers, and CMake and pkg-config files for engines.")
# dpkg-shlibdeps finds what the executables link; the installed CMake config needs GLM
# and nlohmann-json to be usable (find_dependency), so they are depended on as well.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libglm-dev, nlohmann-json3-dev")
include(CPack)
