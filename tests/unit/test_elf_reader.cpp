// The plugin pre-check's ELF reader (core/src/plugin/ElfReader.h) on a real plugin built in
// tests/plugins, intact and with one field corrupted at a time: each corruption is refused
// naming the field, never read out of bounds (the sanitizer build runs these).
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

#include "ElfReader.h"
#include "ScratchDir.h"
#include "symseq/plugin/Registry.h"

using namespace symseq;
namespace fs = std::filesystem;

namespace {

const fs::path kPlugin = fs::path(SYMSEQ_TEST_PLUGIN_DIR) / "test-stub-solver.so";

std::vector<std::byte> fileBytes(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  const std::vector<char> chars{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::vector<std::byte> out(chars.size());
  std::memcpy(out.data(), chars.data(), chars.size());
  return out;
}

template <class T>
T get(const std::vector<std::byte>& b, std::size_t at) {
  T v{};
  std::memcpy(&v, b.data() + at, sizeof(T));  // the test runs on little-endian x86-64 / AArch64
  return v;
}

template <class T>
void put(std::vector<std::byte>& b, std::size_t at, T v) {
  std::memcpy(b.data() + at, &v, sizeof(T));
}

// Where the fields the corruptions aim at are, found with a trusting reader of the intact file.
struct Layout {
  std::size_t shoff = 0;
  std::uint16_t shnum = 0;
  std::uint16_t shstrndx = 0;
  std::size_t dynsym = 0;    // offset of the dynamic symbol table's section header
  std::size_t names = 0;     // offset of the section-name table's section header
  std::size_t boostdll = 0;  // offset of section boostdll's header
  std::size_t alias = 0;     // offset of the symseq_plugin symbol in the file
};

Layout layoutOf(const std::vector<std::byte>& b) {
  Layout l;
  l.shoff = get<std::uint64_t>(b, 40);
  l.shnum = get<std::uint16_t>(b, 60);
  l.shstrndx = get<std::uint16_t>(b, 62);
  const auto header = [&](std::size_t i) { return l.shoff + 64 * i; };
  l.names = header(l.shstrndx);
  const auto namesAt = get<std::uint64_t>(b, l.names + 24);
  std::size_t boostdllIndex = 0;
  for (std::size_t i = 1; i < l.shnum; ++i) {
    if (get<std::uint32_t>(b, header(i) + 4) == 11) l.dynsym = header(i);
    const char* name = reinterpret_cast<const char*>(b.data() + namesAt + get<std::uint32_t>(b, header(i)));
    if (std::string_view(name) == "boostdll") {
      l.boostdll = header(i);
      boostdllIndex = i;
    }
  }
  const auto dynstrAt = get<std::uint64_t>(b, header(get<std::uint32_t>(b, l.dynsym + 40)) + 24);
  const auto symsAt = get<std::uint64_t>(b, l.dynsym + 24);
  const auto symsSize = get<std::uint64_t>(b, l.dynsym + 32);
  for (std::size_t at = symsAt; at < symsAt + symsSize; at += 24) {
    const char* name = reinterpret_cast<const char*>(b.data() + dynstrAt + get<std::uint32_t>(b, at));
    if (get<std::uint16_t>(b, at + 6) == boostdllIndex && std::string_view(name) == kPluginSymbol) l.alias = at;
  }
  return l;
}

// The reader's message for the bytes, or "<accepted>".
std::string refusal(const std::vector<std::byte>& bytes) {
  try {
    (void)elf::sectionSymbols(std::span<const std::byte>(bytes), "boostdll");
  } catch (const elf::ElfError& e) {
    return e.what();
  }
  return "<accepted>";
}

// What every refusal names: a header or section field, or the file's shape.
constexpr std::array<std::string_view, 6> kFieldWords{"e_", "EI_", "sh_", "st_", "truncated", "ELF magic"};

}  // namespace

TEST_CASE("the ELF reader finds the plugin alias in section boostdll of a real plugin") {
  const std::vector<std::byte> bytes = fileBytes(kPlugin);
  const auto fromBuffer = elf::sectionSymbols(std::span<const std::byte>(bytes), "boostdll");
  CHECK(std::count(fromBuffer.begin(), fromBuffer.end(), std::string(kPluginSymbol)) == 1);
  CHECK(elf::sectionSymbols(kPlugin, "boostdll") == fromBuffer);
  CHECK(elf::sectionSymbols(std::span<const std::byte>(bytes), "no-such-section").empty());
  const Layout l = layoutOf(bytes);
  REQUIRE(l.dynsym != 0);
  REQUIRE(l.boostdll != 0);
  REQUIRE(l.alias != 0);
}

TEST_CASE("the ELF reader refuses each corrupt header field, naming it") {
  const std::vector<std::byte> intact = fileBytes(kPlugin);
  const Layout l = layoutOf(intact);
  const std::string shnum = std::to_string(l.shnum);
  const auto corrupt = [&](auto edit) {
    std::vector<std::byte> b = intact;
    edit(b);
    return refusal(b);
  };
  const auto size = intact.size();
  CHECK(corrupt([&](auto& b) { put<std::uint16_t>(b, 62, 0); }) ==
        "e_shstrndx 0 is not a section index (the file has " + shnum + " sections, numbered from 1)");
  CHECK(corrupt([&](auto& b) { put<std::uint16_t>(b, 62, l.shnum); }) ==
        "e_shstrndx " + shnum + " is not a section index (the file has " + shnum + " sections, numbered from 1)");
  // e_shstrndx naming a section that is not a string table (the dynamic symbols).
  CHECK(corrupt([&](auto& b) { put<std::uint16_t>(b, 62, static_cast<std::uint16_t>((l.dynsym - l.shoff) / 64)); })
            .starts_with("e_shstrndx " + std::to_string((l.dynsym - l.shoff) / 64) + " names a section of sh_type 11"));
  CHECK(corrupt([&](auto& b) { put<std::uint64_t>(b, 40, size + 100); }) ==
        "e_shoff " + std::to_string(size + 100) + " is not an offset in the file past the ELF header (the file has " +
            std::to_string(size) + " bytes)");
  CHECK(corrupt([&](auto& b) { put<std::uint64_t>(b, 40, 0); }).starts_with("e_shoff 0 is not an offset"));
  CHECK(corrupt([&](auto& b) { put<std::uint64_t>(b, 40, ~std::uint64_t{0}); }).starts_with("e_shoff 18446744073709551615"));
  CHECK(corrupt([&](auto& b) { put<std::uint64_t>(b, 40, size - 10); }) ==
        "e_shnum " + shnum + ": " + std::to_string(64 * l.shnum) + " bytes of section headers at e_shoff " +
            std::to_string(size - 10) + " run past the end of the file (" + std::to_string(size) + " bytes)");
  CHECK(corrupt([&](auto& b) { put<std::uint16_t>(b, 60, 0xffff); }).starts_with("e_shnum 65535: "));
  CHECK(corrupt([&](auto& b) { put<std::uint16_t>(b, 60, 0); }) == "e_shnum 0: the file has no section headers");
  CHECK(corrupt([&](auto& b) { put<std::uint16_t>(b, 58, 40); }) ==
        "e_shentsize 40 is not the size of an ELF64 section header (64)");
  CHECK(corrupt([&](auto& b) { put<std::uint16_t>(b, 58, 0); }).starts_with("e_shentsize 0 "));
  CHECK(corrupt([&](auto& b) { b[4] = std::byte{1}; }) == "EI_CLASS 1 is not ELFCLASS64 (2): only 64-bit objects are read");
  CHECK(corrupt([&](auto& b) { b[5] = std::byte{2}; }) ==
        "EI_DATA 2 is not ELFDATA2LSB (1): only little-endian objects are read");
  CHECK(corrupt([&](auto& b) { put<std::uint16_t>(b, 18, 40); }).starts_with("e_machine 40 is not this machine's"));
  CHECK(corrupt([&](auto& b) { put<std::uint16_t>(b, 16, 2); }) == "e_type 2 is not ET_DYN (3, a shared object)");
}

TEST_CASE("the ELF reader refuses corrupt section and symbol fields, naming them") {
  const std::vector<std::byte> intact = fileBytes(kPlugin);
  const Layout l = layoutOf(intact);
  const std::string size = std::to_string(intact.size());
  const std::string names = "section " + std::to_string(l.shstrndx) + " (section names): ";
  const std::string dynsym = "section " + std::to_string((l.dynsym - l.shoff) / 64) + " (symbol table): ";
  const auto corrupt = [&](auto edit) {
    std::vector<std::byte> b = intact;
    edit(b);
    return refusal(b);
  };
  CHECK(corrupt([&](auto& b) { put<std::uint64_t>(b, l.names + 24, intact.size() + 1); }) ==
        names + "sh_offset " + std::to_string(intact.size() + 1) + " is past the end of the file (" + size + " bytes)");
  CHECK(corrupt([&](auto& b) { put<std::uint64_t>(b, l.names + 32, ~std::uint64_t{0} - 7); })
            .starts_with(names + "sh_size 18446744073709551608 at sh_offset "));
  const std::uint64_t tooLong = (intact.size() / 24 + 1) * 24;  // a whole number of symbols, past the end
  CHECK(corrupt([&](auto& b) { put<std::uint64_t>(b, l.dynsym + 32, tooLong); })
            .starts_with(dynsym + "sh_size " + std::to_string(tooLong) + " at sh_offset "));
  CHECK(corrupt([&](auto& b) { put<std::uint32_t>(b, l.boostdll, 0xffffffffu); })
            .starts_with("section " + std::to_string((l.boostdll - l.shoff) / 64) +
                         ": sh_name 4294967295 is outside the section-name table ("));
  CHECK(corrupt([&](auto& b) { put<std::uint32_t>(b, l.dynsym + 40, 0); }) ==
        dynsym + "sh_link 0 is not a section index (the file has " + std::to_string(l.shnum) +
            " sections, numbered from 1)");
  CHECK(corrupt([&](auto& b) { put<std::uint32_t>(b, l.dynsym + 40, 70000); }).starts_with(dynsym + "sh_link 70000 is not a section index"));
  CHECK(corrupt([&](auto& b) { put<std::uint32_t>(b, l.dynsym + 40, static_cast<std::uint32_t>((l.dynsym - l.shoff) / 64)); })
            .starts_with(dynsym + "sh_link " + std::to_string((l.dynsym - l.shoff) / 64) + " names a section of sh_type 11"));
  CHECK(corrupt([&](auto& b) { put<std::uint64_t>(b, l.dynsym + 56, 0); }) ==
        dynsym + "sh_entsize 0 is not the size of an ELF64 symbol (24)");
  CHECK(corrupt([&](auto& b) { put<std::uint64_t>(b, l.dynsym + 56, 16); }) ==
        dynsym + "sh_entsize 16 is not the size of an ELF64 symbol (24)");
  CHECK(corrupt([&](auto& b) { put<std::uint64_t>(b, l.dynsym + 32, get<std::uint64_t>(b, l.dynsym + 32) - 1); })
            .ends_with("is not a multiple of sh_entsize 24"));
  CHECK(corrupt([&](auto& b) { put<std::uint32_t>(b, l.alias, 0x7fffffffu); }).starts_with("symbol "));
  CHECK(corrupt([&](auto& b) { put<std::uint32_t>(b, l.alias, 0x7fffffffu); })
            .find("st_name 2147483647 is outside the symbol-name table") != std::string::npos);
}

TEST_CASE("the ELF reader refuses every truncation of a real plugin without reading past the end") {
  const std::vector<std::byte> intact = fileBytes(kPlugin);
  CHECK(refusal({}) == "no ELF magic number (\\x7fELF) at its start");
  CHECK(refusal(std::vector<std::byte>(intact.begin(), intact.begin() + 3)) ==
        "no ELF magic number (\\x7fELF) at its start");
  CHECK(refusal(std::vector<std::byte>(intact.begin(), intact.begin() + 40)) ==
        "truncated: the file has 40 bytes, fewer than an ELF64 header (64)");
  // Every length up to the header and a spread of lengths beyond: refused, never out of bounds.
  std::vector<std::size_t> lengths;
  for (std::size_t n = 4; n <= 80; ++n) lengths.push_back(n);
  for (std::size_t n = 80; n < intact.size(); n += intact.size() / 97) lengths.push_back(n);
  lengths.push_back(intact.size() - 1);
  for (const std::size_t n : lengths) {
    CAPTURE(n);
    const std::string message = refusal(std::vector<std::byte>(intact.begin(), intact.begin() + static_cast<std::ptrdiff_t>(n)));
    CHECK(message != "<accepted>");
  }
}

TEST_CASE("the ELF reader survives every byte of the headers it reads set to 0x00 0x7f or 0xff") {
  std::vector<std::byte> bytes = fileBytes(kPlugin);
  const Layout l = layoutOf(bytes);
  std::vector<std::size_t> positions;
  for (std::size_t i = 0; i < 64; ++i) positions.push_back(i);
  for (const std::size_t header : {l.names, l.dynsym, l.boostdll, l.shoff + 64 * get<std::uint32_t>(bytes, l.dynsym + 40)})
    for (std::size_t i = 0; i < 64; ++i) positions.push_back(header + i);
  for (std::size_t i = 0; i < 24; ++i) positions.push_back(l.alias + i);
  std::size_t refused = 0;
  for (const std::size_t at : positions) {
    const std::byte original = bytes[at];
    for (const std::byte value : {std::byte{0x00}, std::byte{0x7f}, std::byte{0xff}}) {
      bytes[at] = value;
      // Accepted (a field the reader does not check, or the same value) or refused naming the
      // field (or the truncation) that is wrong.
      const std::string message = refusal(bytes);
      CAPTURE(at);
      CAPTURE(message);
      const bool named = std::any_of(kFieldWords.begin(), kFieldWords.end(),
                                     [&](std::string_view w) { return message.find(w) != std::string::npos; });
      CHECK((message == "<accepted>" || named));
      refused += message != "<accepted>";
    }
    bytes[at] = original;
  }
  CHECK(refused > 0);  // the checks fire here too (the cases above name each field)
}

TEST_CASE("a corrupt plugin file is refused naming the file and the field") {
  std::vector<std::byte> bytes = fileBytes(kPlugin);
  const Layout l = layoutOf(bytes);
  put<std::uint16_t>(bytes, 62, 0);
  const fs::path dir = symseq::test::scratchDir("corrupt-elf");
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path file = dir / "corrupt.so";
  std::ofstream(file, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  Registry r;
  std::string message;
  try {
    r.loadDirectory(dir);
  } catch (const PluginError& e) {
    message = e.what();
  }
  CHECK(message == fs::canonical(file).string() +
                       ": error: not a shared object symseq can load: e_shstrndx 0 is not a section index (the file "
                       "has " + std::to_string(l.shnum) +
                       " sections, numbered from 1)\n"
                       "  hint: the file is corrupt, truncated or built for another platform; rebuild or reinstall "
                       "it, or move it out of the plugin directory");
  CHECK(r.list().empty());
}
