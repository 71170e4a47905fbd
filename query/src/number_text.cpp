#include "collision_lab/query/number_text.h"

#include "collision_lab/number_chars.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace query {

// std::to_chars finds the shortest digits that read back as the number and, of those, the
// closest, and writes them fixed or scientific, whichever is shorter (fixed on a tie).
char* write_number(char* out, double number) {
  if (!std::isfinite(number)) return std::copy_n("null", 4, out);
  return geo::write_shortest(out, number);
}

void append_number(std::string& out, double number) {
  char text[kMaxNumberChars];
  out.append(text, std::size_t(write_number(text, number) - text));
}

}  // namespace query
