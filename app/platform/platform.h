#pragma once
// What differs between the desktop app and the web page, in one place: the window and its
// main loop, the GL (with render/gl_api.h), the files the user opens and saves, where
// settings live, the clipboard, the cursor, HiDPI and threads. desktop.cpp and web.cpp
// implement it, one per build; the rest of app/ is the same code in both.
// run_app.h is its entry point.
#include <string>

namespace platform {
// The GLSL version line of ImGui's shaders: GL 3.3 core, or WebGL2's GLSL ES 3.00.
const char* glsl_version();

// The GL renderer's name, for choosing multisampling: GL_RENDERER, or in the web page the
// browser's unmasked name behind WebGL's generic one (SwiftShader, when there is no GPU).
std::string renderer_name();

// True in the web page: files come in by upload or drop and leave as downloads, and no
// other program writes them, so there is no file browser, no watch and no Quit.
bool files_are_downloads();
// File > Open in the web page: the browser's file chooser. The chosen file arrives as a
// dropped file does. Nothing on the desktop, which has its own file browser.
void choose_file_to_open();
// Where the web page keeps the files it saves and receives, across reloads.
std::string files_folder();
// A file just written, handed to the user: in the web page, a download of it.
void hand_over_file(const std::string& path);
// After the settings or a file are written: the web page keeps them (in IndexedDB).
void persist_files();

// The web page's clipboard is the browser's, read only when it says so: Ctrl+V's text
// arrives after the key, as a paste event, and the app pastes it then (AppFrame::paste).
// The desktop reads the clipboard at once.
bool clipboard_arrives_later();
// Edit > Paste where the clipboard arrives later: asks the browser for its text.
void ask_for_clipboard();

// Whether worker threads can start: not in the web build, which has no pthreads.
bool threads_available();

// Whether the app has an address to share (the web page), and the address with `fragment`
// ("scene=..."): a link that opens it.
bool has_page_links();
std::string page_link(const std::string& fragment);
}  // namespace platform
