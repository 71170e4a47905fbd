#pragma once
// Ctrl+V: a scene, a query line or a bare shape, pasted as text. A scene or a query line
// opens (the query in the sample that draws it); a shape replaces the current sample's
// first shape of its type, or opens the first sample that has one. Each is one undo step.
#include "app/host/sample_host.h"

#include <string>

// False with `error` saying why when the text cannot be used; nothing changes then.
// `replaced_scene` says whether a whole scene opened (rather than a shape replaced).
bool paste_text(const std::string& text, SampleHost& host, std::string& error, bool& replaced_scene);
