#pragma once
// The plugin pre-check's ELF reader: the names of the symbols an ELF shared object defines in one
// section (for a plugin, the aliases BOOST_DLL_ALIAS puts in section "boostdll"), read without
// loading or running the file. Plugin files are untrusted input: every offset, size and count is
// checked against the file before it is used, and a corrupt file is refused naming the field
// (ElfError), never read out of bounds. Only ELF64 little-endian objects of this machine are
// read; anything else is refused as such.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace symseq::elf {

// What is wrong with the file, naming the field, e.g. "e_shstrndx 0 is not a section index".
// `notElf` is set when the file does not even start with the ELF magic number.
class ElfError : public std::runtime_error {
 public:
  ElfError(const std::string& what, bool notElf) : std::runtime_error(what), notElf_(notElf) {}
  [[nodiscard]] bool notElf() const noexcept { return notElf_; }

 private:
  bool notElf_ = false;
};

// Visible (default visibility, not local, non-zero size) symbols defined in the section named
// `section`, in symbol-table order; empty if there is no such section. Throws ElfError.
[[nodiscard]] std::vector<std::string> sectionSymbols(std::span<const std::byte> file, std::string_view section);

// The same on a file, reading only its headers and tables (not the code), each bounded by
// kMaxTableBytes. Throws ElfError for a corrupt file, std::system_error when it cannot be read.
[[nodiscard]] std::vector<std::string> sectionSymbols(const std::filesystem::path& file, std::string_view section);

// The largest table (section headers, section names, symbols, symbol names) read: larger means
// a corrupt size field, not a plugin (ours have tables of a few hundred kilobytes).
inline constexpr std::uint64_t kMaxTableBytes = std::uint64_t{64} << 20;

}  // namespace symseq::elf
