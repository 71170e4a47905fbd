// The query library in-process: one JSON query line in, its JSON answer out.
#include <collision_lab/query/runner.h>

#include <iostream>

int main() {
  bool failed = false;
  const auto answer = query::answer_query_line(
      R"({"id":"p","op":"closest_point","shape":{"type":"sphere","center":[0,0,0],"radius":1},"point":[3,0,0]})", 1,
      failed);
  std::cout << answer.dump() << "\n";
  return !failed && answer.at("distance") == 2 ? 0 : 1;
}
