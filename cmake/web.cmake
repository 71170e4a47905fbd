# The web build (emscripten, `make web`): the same app as the desktop, built to a static
# site. Debian's packages are not for wasm, so what the app links comes in as follows:
#   GLM, nlohmann-json, CLI11 and stb are header-only: an include folder of symlinks to
#     just those folders (never -I/usr/include, whose glibc headers would shadow emscripten's);
#   Dear ImGui is compiled here from the Debian source package (cmake/install-web-deps.sh);
#   GLFW and WebGL2 are emscripten's own (-sUSE_GLFW=3).
set(COLLISION_LAB_IMGUI_SOURCE_DIR "${PROJECT_SOURCE_DIR}/build-web/imgui-src" CACHE PATH
    "Dear ImGui's sources, from `apt-get source imgui`")
if(NOT EXISTS "${COLLISION_LAB_IMGUI_SOURCE_DIR}/imgui.cpp")
  message(FATAL_ERROR "collision-lab: web: no Dear ImGui sources in ${COLLISION_LAB_IMGUI_SOURCE_DIR}: run `make web`")
endif()

set(web_include "${CMAKE_BINARY_DIR}/web-include")
file(MAKE_DIRECTORY "${web_include}")
foreach(folder glm nlohmann CLI stb)
  if(NOT EXISTS "${web_include}/${folder}")
    file(CREATE_LINK "/usr/include/${folder}" "${web_include}/${folder}" SYMBOLIC)
  endif()
endforeach()

add_library(glm::glm INTERFACE IMPORTED)
target_include_directories(glm::glm SYSTEM INTERFACE "${web_include}")
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
target_include_directories(nlohmann_json::nlohmann_json SYSTEM INTERFACE "${web_include}")
add_library(CLI11::CLI11 INTERFACE IMPORTED)
target_include_directories(CLI11::CLI11 SYSTEM INTERFACE "${web_include}")
# stb's PNG writer, which the desktop links from Debian's libstb, compiled from its header.
file(WRITE "${CMAKE_BINARY_DIR}/stb_image_write.c" "#define STB_IMAGE_WRITE_IMPLEMENTATION\n#include <stb_image_write.h>\n")
add_library(stb_web STATIC "${CMAKE_BINARY_DIR}/stb_image_write.c")
target_include_directories(stb_web SYSTEM PUBLIC "${web_include}/stb")
add_library(PkgConfig::STB ALIAS stb_web)

# Exceptions are part of the app's error handling (a bad file throws and is reported):
# without -fexceptions a throw would stop the page.
add_compile_options(-fexceptions)
add_link_options(-fexceptions)

add_library(glfw INTERFACE IMPORTED)
target_link_options(glfw INTERFACE -sUSE_GLFW=3 -sUSE_WEBGL2=1 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2 -sFULL_ES3=1)

set(imgui_dir "${COLLISION_LAB_IMGUI_SOURCE_DIR}")
add_library(imgui_web STATIC
  ${imgui_dir}/imgui.cpp ${imgui_dir}/imgui_draw.cpp ${imgui_dir}/imgui_tables.cpp ${imgui_dir}/imgui_widgets.cpp
  ${imgui_dir}/imgui_demo.cpp ${imgui_dir}/misc/cpp/imgui_stdlib.cpp ${imgui_dir}/backends/imgui_impl_glfw.cpp
  ${imgui_dir}/backends/imgui_impl_opengl3.cpp)
target_include_directories(imgui_web SYSTEM PUBLIC ${imgui_dir} ${imgui_dir}/backends ${imgui_dir}/misc/cpp)
target_include_directories(imgui_web SYSTEM PRIVATE "${web_include}")  # nothing else of /usr/include
# GLSL ES 3.00 for WebGL2; ImGui's backend picks ES 2 on emscripten otherwise.
target_compile_definitions(imgui_web PUBLIC IMGUI_IMPL_OPENGL_ES3)
target_link_libraries(imgui_web PUBLIC glfw)
add_library(PkgConfig::IMGUI ALIAS imgui_web)
