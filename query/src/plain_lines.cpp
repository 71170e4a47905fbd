#include "collision_lab/query/plain_lines.h"

#include "collision_lab/query/operations.h"

#include <exception>

namespace query {

namespace {
// The id as the nlohmann path echoes it; false for an id written otherwise there.
bool append_id(const FlatValue* id, std::string& out) {
  if (!id || id->is_null()) {
    out += "null";
  } else if (id->is_boolean()) {
    out += id->boolean() ? "true" : "false";
  } else if (id->is_number_integer()) {
    out += id->text() == "-0" ? "0" : id->text();  // an integer's own text, but for the sign of zero
  } else if (id->is_string()) {
    ((out += '"') += id->string()) += '"';  // plain: nothing to escape
  } else {
    return false;
  }
  return true;
}
}  // namespace

bool answer_plain_line(std::string_view line, FlatJson& reader, std::string& out) {
  FlatValue* request = reader.parse(line);
  if (!request || !request->is_object()) return false;
  const FlatValue* op = request->find("op");
  const FlatValue* precision = request->find("precision");
  if (!op || !op->is_string() || (precision && !precision->is_string())) return false;
  if (request->find("meta")) return false;  // echoed as nlohmann reads it
  const std::size_t start = out.size();
  out += "{\"id\":";
  if (!append_id(request->find("id"), out)) {
    out.resize(start);
    return false;
  }
  try {
    const std::string op_name(op->string());
    if (!precision || precision->string() == "double") {
      answer_into_line<double>(op_name, *request, out);
    } else if (precision->string() == "float") {
      answer_into_line<float>(op_name, *request, out);
    } else {
      out.resize(start);
      return false;
    }
  } catch (const std::exception&) {  // the nlohmann path gives the error its words
    out.resize(start);
    return false;
  }
  out += '}';
  return true;
}

}  // namespace query
