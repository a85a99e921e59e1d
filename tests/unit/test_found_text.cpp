// What a reader says it found where it expected something else (support/FoundText.h).
#include <doctest/doctest.h>

#include "symseq/support/FoundText.h"

using symseq::foundText;

TEST_CASE("found text: the end of the file or line, a word, a character, a byte as its code") {
  CHECK(foundText("ab", 2) == "the end of the file");
  CHECK(foundText("a\nb", 1) == "the end of the line");
  CHECK(foundText("x = next_1 + 2", 4) == "'next_1'");
  CHECK(foundText("x = 12h", 4) == "'1'");
  CHECK(foundText("x = 12h", 4, true) == "'12h'");
  CHECK(foundText("x = {", 4) == "'{'");
  CHECK(foundText(std::string_view("x\x07", 2), 1) == "the byte 0x07");
}
