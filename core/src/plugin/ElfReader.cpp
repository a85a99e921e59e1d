#include "ElfReader.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <functional>
#include <optional>
#include <system_error>

namespace symseq::elf {

namespace {

// ELF64 layout (the System V gABI); only what the pre-check reads.
constexpr std::size_t kHeaderSize = 64;
constexpr std::size_t kSectionHeaderSize = 64;
constexpr std::size_t kSymbolSize = 24;
constexpr std::uint32_t kShtSymtab = 2, kShtStrtab = 3, kShtNobits = 8, kShtDynsym = 11;
constexpr std::uint16_t kEtDyn = 3;

#if defined(__x86_64__)
constexpr std::uint16_t kMachine = 62;
constexpr const char* kMachineName = "x86-64";
#elif defined(__aarch64__)
constexpr std::uint16_t kMachine = 183;
constexpr const char* kMachineName = "AArch64";
#else
#error "the plugin pre-check knows the ELF machine number of x86-64 and AArch64 only"
#endif

// The bytes of a file, read on demand: the reader asks only for headers and tables.
struct Source {
  std::uint64_t size = 0;
  std::function<std::vector<std::byte>(std::uint64_t offset, std::size_t count)> read;  // in bounds
};

[[noreturn]] void refuse(const std::string& what) { throw ElfError(what, false); }

// Little-endian load; the caller has checked `at + sizeof(T) <= bytes.size()`.
template <class T>
T load(std::span<const std::byte> bytes, std::size_t at) {
  T value = 0;
  for (std::size_t i = 0; i < sizeof(T); ++i)
    value = static_cast<T>(value | static_cast<T>(static_cast<T>(bytes[at + i]) << (8 * i)));
  return value;
}

struct Header {
  std::uint64_t shoff = 0;
  std::uint16_t shnum = 0;
  std::uint16_t shstrndx = 0;
};

struct Section {
  std::uint16_t index = 0;
  std::uint32_t name = 0;
  std::uint32_t type = 0;
  std::uint64_t offset = 0;
  std::uint64_t size = 0;
  std::uint32_t link = 0;
  std::uint64_t entsize = 0;
};

std::string str(std::uint64_t v) { return std::to_string(v); }

Header readHeader(const Source& src) {
  const std::vector<std::byte> head = src.read(0, static_cast<std::size_t>(std::min<std::uint64_t>(src.size, kHeaderSize)));
  constexpr unsigned char kMagic[] = {0x7f, 'E', 'L', 'F'};
  if (head.size() < 4 || std::memcmp(head.data(), kMagic, 4) != 0)
    throw ElfError("no ELF magic number (\\x7fELF) at its start", true);
  if (head.size() < kHeaderSize)
    refuse("truncated: the file has " + str(src.size) + " bytes, fewer than an ELF64 header (64)");
  const std::span<const std::byte> h(head);
  if (const auto c = load<std::uint8_t>(h, 4); c != 2)
    refuse("EI_CLASS " + str(c) + " is not ELFCLASS64 (2): only 64-bit objects are read");
  if (const auto d = load<std::uint8_t>(h, 5); d != 1)
    refuse("EI_DATA " + str(d) + " is not ELFDATA2LSB (1): only little-endian objects are read");
  if (const auto v = load<std::uint8_t>(h, 6); v != 1) refuse("EI_VERSION " + str(v) + " is not EV_CURRENT (1)");
  if (const auto t = load<std::uint16_t>(h, 16); t != kEtDyn)
    refuse("e_type " + str(t) + " is not ET_DYN (3, a shared object)");
  if (const auto m = load<std::uint16_t>(h, 18); m != kMachine)
    refuse("e_machine " + str(m) + " is not this machine's (" + str(kMachine) + ", " + kMachineName + ")");
  if (const auto e = load<std::uint16_t>(h, 52); e != kHeaderSize)
    refuse("e_ehsize " + str(e) + " is not the size of an ELF64 header (64)");
  Header out;
  out.shoff = load<std::uint64_t>(h, 40);
  const auto shentsize = load<std::uint16_t>(h, 58);
  out.shnum = load<std::uint16_t>(h, 60);
  out.shstrndx = load<std::uint16_t>(h, 62);
  if (shentsize != kSectionHeaderSize)
    refuse("e_shentsize " + str(shentsize) + " is not the size of an ELF64 section header (64)");
  // 0 also stands for "more than 0xff00 sections, counted in section 0" (extended numbering),
  // which no plugin needs.
  if (out.shnum == 0) refuse("e_shnum 0: the file has no section headers");
  if (out.shoff < kHeaderSize || out.shoff >= src.size)
    refuse("e_shoff " + str(out.shoff) + " is not an offset in the file past the ELF header (the file has " +
           str(src.size) + " bytes)");
  // shnum * 64 < 2^22: no overflow.
  if (const std::uint64_t tableSize = std::uint64_t{out.shnum} * kSectionHeaderSize; tableSize > src.size - out.shoff)
    refuse("e_shnum " + str(out.shnum) + ": " + str(tableSize) + " bytes of section headers at e_shoff " +
           str(out.shoff) + " run past the end of the file (" + str(src.size) + " bytes)");
  if (out.shstrndx == 0 || out.shstrndx >= out.shnum)
    refuse("e_shstrndx " + str(out.shstrndx) + " is not a section index (the file has " + str(out.shnum) +
           " sections, numbered from 1)");
  return out;
}

Section sectionAt(std::span<const std::byte> table, std::uint16_t index) {
  const std::size_t at = std::size_t{index} * kSectionHeaderSize;  // index < shnum: in the table
  return Section{.index = index,
                 .name = load<std::uint32_t>(table, at),
                 .type = load<std::uint32_t>(table, at + 4),
                 .offset = load<std::uint64_t>(table, at + 24),
                 .size = load<std::uint64_t>(table, at + 32),
                 .link = load<std::uint32_t>(table, at + 40),
                 .entsize = load<std::uint64_t>(table, at + 56)};
}

// A section's bytes, after checking they are in the file and of a sane size.
std::vector<std::byte> contents(const Source& src, const Section& s, const std::string& role) {
  const std::string who = "section " + str(s.index) + " (" + role + ")";
  if (s.type == kShtNobits) refuse(who + ": sh_type SHT_NOBITS (8) has no bytes in the file");
  if (s.offset > src.size)
    refuse(who + ": sh_offset " + str(s.offset) + " is past the end of the file (" + str(src.size) + " bytes)");
  if (s.size > src.size - s.offset)
    refuse(who + ": sh_size " + str(s.size) + " at sh_offset " + str(s.offset) + " runs past the end of the file (" +
           str(src.size) + " bytes)");
  if (s.size > kMaxTableBytes)
    refuse(who + ": sh_size " + str(s.size) + " is larger than the pre-check reads (" + str(kMaxTableBytes) +
           " bytes)");
  return src.read(s.offset, static_cast<std::size_t>(s.size));
}

// The NUL-terminated string at `offset` of a string table.
std::string_view stringAt(std::span<const std::byte> table, std::uint64_t offset, const std::string& field,
                          const std::string& tableName) {
  if (offset >= table.size())
    refuse(field + " " + str(offset) + " is outside the " + tableName + " (" + str(table.size()) + " bytes)");
  const auto* begin = reinterpret_cast<const char*>(table.data()) + offset;
  const std::size_t room = table.size() - static_cast<std::size_t>(offset);
  const std::size_t length = strnlen(begin, room);
  if (length == room) refuse(field + " " + str(offset) + " names a string without its NUL end in the " + tableName);
  return {begin, length};
}

std::vector<std::string> symbolsOf(const Source& src, std::string_view wanted) {
  const Header header = readHeader(src);
  const std::vector<std::byte> tableBytes = src.read(header.shoff, std::size_t{header.shnum} * kSectionHeaderSize);
  const std::span<const std::byte> table(tableBytes);

  const Section names = sectionAt(table, header.shstrndx);
  if (names.type != kShtStrtab)
    refuse("e_shstrndx " + str(header.shstrndx) + " names a section of sh_type " + str(names.type) +
           ", not a string table (SHT_STRTAB, 3)");
  const std::vector<std::byte> nameBytes = contents(src, names, "section names");

  std::optional<Section> target, dynsym, symtab;
  for (std::uint16_t i = 1; i < header.shnum; ++i) {
    const Section s = sectionAt(table, i);
    const std::string_view name =
        stringAt(nameBytes, s.name, "section " + str(i) + ": sh_name", "section-name table");
    if (name == wanted && !target) target = s;
    if (s.type == kShtDynsym && !dynsym) dynsym = s;
    if (s.type == kShtSymtab && !symtab) symtab = s;
  }
  // The dynamic symbol table is what dlsym resolves and survives `strip`; a file without one
  // is read by its full symbol table, as Boost.DLL did.
  const std::optional<Section> symbols = dynsym ? dynsym : symtab;
  if (!target || !symbols) return {};

  const std::string role = "symbol table";
  const std::string who = "section " + str(symbols->index) + " (" + role + ")";
  if (symbols->entsize != kSymbolSize)
    refuse(who + ": sh_entsize " + str(symbols->entsize) + " is not the size of an ELF64 symbol (24)");
  if (symbols->size % kSymbolSize != 0)
    refuse(who + ": sh_size " + str(symbols->size) + " is not a multiple of sh_entsize 24");
  if (symbols->link == 0 || symbols->link >= header.shnum)
    refuse(who + ": sh_link " + str(symbols->link) + " is not a section index (the file has " + str(header.shnum) +
           " sections, numbered from 1)");
  const Section strings = sectionAt(table, static_cast<std::uint16_t>(symbols->link));
  if (strings.type != kShtStrtab)
    refuse(who + ": sh_link " + str(symbols->link) + " names a section of sh_type " + str(strings.type) +
           ", not a string table (SHT_STRTAB, 3)");
  const std::vector<std::byte> symbolBytes = contents(src, *symbols, role);
  const std::vector<std::byte> stringBytes = contents(src, strings, "symbol names");

  std::vector<std::string> out;
  const std::span<const std::byte> syms(symbolBytes);
  for (std::size_t at = 0; at + kSymbolSize <= syms.size(); at += kSymbolSize) {
    const auto name = load<std::uint32_t>(syms, at);
    const auto info = load<std::uint8_t>(syms, at + 4);
    const auto other = load<std::uint8_t>(syms, at + 5);
    const auto shndx = load<std::uint16_t>(syms, at + 6);
    const auto size = load<std::uint64_t>(syms, at + 16);
    // Visible as Boost.DLL counts it: default visibility, not local, with a size.
    const bool visible = (other & 0x03) == 0 && (info >> 4) != 0 && size != 0;
    if (shndx != target->index || !visible) continue;
    const std::string_view text = stringAt(stringBytes, name, "symbol " + str(at / kSymbolSize) + ": st_name",
                                           "symbol-name table (section " + str(strings.index) + ")");
    if (!text.empty()) out.emplace_back(text);
  }
  return out;
}

// Closes the descriptor on every path.
struct FileDescriptor {
  int fd = -1;
  explicit FileDescriptor(int f) : fd(f) {}
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  ~FileDescriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

std::vector<std::string> sectionSymbols(std::span<const std::byte> file, std::string_view section) {
  const Source src{.size = file.size(), .read = [file](std::uint64_t offset, std::size_t count) {
                     const auto first = file.begin() + static_cast<std::ptrdiff_t>(offset);
                     return std::vector<std::byte>(first, first + static_cast<std::ptrdiff_t>(count));
                   }};
  return symbolsOf(src, section);
}

std::vector<std::string> sectionSymbols(const std::filesystem::path& file, std::string_view section) {
  const FileDescriptor fd(::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
  if (fd.fd < 0) throw std::system_error(errno, std::generic_category(), "cannot open the file");
  struct stat st {};
  if (::fstat(fd.fd, &st) != 0) throw std::system_error(errno, std::generic_category(), "cannot stat the file");
  const Source src{.size = static_cast<std::uint64_t>(st.st_size), .read = [&fd](std::uint64_t offset, std::size_t count) {
                     std::vector<std::byte> out(count);
                     std::size_t done = 0;
                     while (done < count) {
                       const ssize_t n = ::pread(fd.fd, out.data() + done, count - done,
                                                 static_cast<off_t>(offset + done));
                       if (n < 0 && errno == EINTR) continue;
                       if (n < 0) throw std::system_error(errno, std::generic_category(), "cannot read the file");
                       // Shorter than fstat said: the file shrank while we read it.
                       if (n == 0) refuse("truncated while being read at offset " + str(offset + done));
                       done += static_cast<std::size_t>(n);
                     }
                     return out;
                   }};
  return symbolsOf(src, section);
}

}  // namespace symseq::elf
