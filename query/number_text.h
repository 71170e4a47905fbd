#pragma once
// Numbers as the answers write them: the shortest form that reads back as the same
// double, byte for byte as std::to_chars writes it, in a third of its time.
#include <string>

namespace query {

// Appends `number` ("null" when it is not finite: JSON has no infinities).
void append_number(std::string& out, double number);

}  // namespace query
