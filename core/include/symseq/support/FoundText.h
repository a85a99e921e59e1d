#pragma once
// What a model reader found where it expected something else, for "expected X, found Y"
// messages (the cfg, iosts and sync readers share it).
#include <cstddef>
#include <string>
#include <string_view>

#pragma GCC visibility push(default)

namespace symseq {

// "the end of the file", "the end of the line", the word at `pos` in quotes (letters, digits and
// `_`, starting with a letter or `_`, or also a digit when `wordsMayStartWithDigit`), a non-
// printable byte as its code ("the byte 0x07"), else the character in quotes.
[[nodiscard]] std::string foundText(std::string_view text, std::size_t pos, bool wordsMayStartWithDigit = false);

}  // namespace symseq

#pragma GCC visibility pop
