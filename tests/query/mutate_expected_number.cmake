# Copies a test file written by `--emit-gtest` with one expected number changed, for a test
# to check that the emitted tests fail when an answer changes. Run as
#   cmake -DINPUT=emitted.cpp -DOUTPUT=mutated.cpp -DREPORT=mutation.txt -P mutate_expected_number.cmake
# REPORT names the test, the line and the assertion as changed, one `key=value` a line.
foreach(variable INPUT OUTPUT REPORT)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "mutate_expected_number.cmake: -D${variable}=... is required")
  endif()
endforeach()
file(READ "${INPUT}" text)

# The first EXPECT_NEAR(expression, value, bound) whose value is a floating literal with a
# nonzero digit ("2.0", "0.25f").
set(number "-?([0-9]*[1-9][0-9]*\\.[0-9]+|[0-9]+\\.[0-9]*[1-9][0-9]*)(e[-+][0-9]+)?f?")
string(REGEX MATCH "EXPECT_NEAR\\([^,\n]*, ${number}, [^\n]*\\);" assertion "${text}")
if(NOT assertion)
  message(FATAL_ERROR "mutate_expected_number.cmake: ${INPUT} expects no nonzero floating number")
endif()
string(FIND "${text}" "${assertion}" offset)
string(FIND "${assertion}" ", " value_at)
math(EXPR value_at "${value_at} + 2")
string(SUBSTRING "${assertion}" ${value_at} -1 rest)
string(FIND "${rest}" ", " value_length)
string(SUBSTRING "${rest}" 0 ${value_length} literal)

# Its leading nonzero digit goes up by one (9 becomes 1): a change far above any tolerance.
string(REGEX MATCH "[1-9]" digit "${literal}")
string(FIND "${literal}" "${digit}" digit_at)
math(EXPR changed_digit "${digit} % 9 + 1")
math(EXPR after_digit "${digit_at} + 1")
string(SUBSTRING "${literal}" 0 ${digit_at} before)
string(SUBSTRING "${literal}" ${after_digit} -1 after)
set(changed_literal "${before}${changed_digit}${after}")
string(LENGTH "${assertion}" assertion_length)
string(SUBSTRING "${assertion}" 0 ${value_at} assertion_start)
string(SUBSTRING "${rest}" ${value_length} -1 assertion_end)
set(changed "${assertion_start}${changed_literal}${assertion_end}")

string(SUBSTRING "${text}" 0 ${offset} head)
math(EXPR tail_at "${offset} + ${assertion_length}")
string(SUBSTRING "${text}" ${tail_at} -1 tail)
file(WRITE "${OUTPUT}" "${head}${changed}${tail}")

# Where it is: the line number and the test around it.
string(REGEX MATCHALL "\n" newlines "${head}")
list(LENGTH newlines line)
math(EXPR line "${line} + 1")
string(REGEX MATCHALL "TEST\\(CollisionLabCase, [A-Za-z0-9]+\\)" tests "${head}")
list(GET tests -1 test)
string(REGEX REPLACE "TEST\\(CollisionLabCase, ([A-Za-z0-9]+)\\)" "CollisionLabCase.\\1" test "${test}")
get_filename_component(file_name "${OUTPUT}" NAME)
file(WRITE "${REPORT}" "test=${test}\nlocation=${file_name}:${line}\nassertion=${changed}\n")
