#pragma once
// CHECK_SAME(a, b): the two expressions are the same node, printing both when they are not.
// (A plain CHECK(a == b) does not compile: doctest's unqualified toString finds symseq::toString.)
#include <doctest/doctest.h>

#include <string>

#include "symseq/expr/Printer.h"

#define CHECK_SAME(a, b)                                                                       \
  do {                                                                                         \
    const symseq::Expr checkSameA_ = (a);                                                      \
    const symseq::Expr checkSameB_ = (b);                                                      \
    CHECK_MESSAGE((checkSameA_ == checkSameB_),                                                \
                  (checkSameA_.isNull() ? std::string("<null>") : symseq::toString(checkSameA_)) \
                      << "  is not  "                                                          \
                      << (checkSameB_.isNull() ? std::string("<null>") : symseq::toString(checkSameB_))); \
  } while (false)
