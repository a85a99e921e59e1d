#pragma once
// Ownership of objects that a plugin made. The deleter keeps the plugin's shared library loaded
// until after the object's destructor (whose code lives in that library) has run, so no object
// outlives its library. Kernel-made objects use the same type with an empty anchor.
#include <memory>
#include <utility>

#pragma GCC visibility push(default)

namespace symseq {

class LibraryAnchor {
 public:
  LibraryAnchor() = default;
  explicit LibraryAnchor(std::shared_ptr<const void> library) : library_(std::move(library)) {}

  template <class T>
  void operator()(T* object) const {
    static_assert(sizeof(T) > 0, "include the full definition of the plugin interface before deleting it");
    delete object;  // runs while library_ still holds the code
  }

 private:
  std::shared_ptr<const void> library_;
};

template <class T>
using PluginPtr = std::unique_ptr<T, LibraryAnchor>;

// For kernel-side objects (layers, built-ins): a PluginPtr that anchors nothing.
template <class T, class... Args>
PluginPtr<T> makePluginPtr(Args&&... args) {
  return PluginPtr<T>(new T(std::forward<Args>(args)...));
}

}  // namespace symseq

#pragma GCC visibility pop
