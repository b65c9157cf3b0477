// The error of a result that must hold one: a test failure (REQUIRE_FALSE) when it holds a value.
#pragma once

#include <catch2/catch.hpp>

template <class Result>
auto error_of(const Result& r) {
  REQUIRE_FALSE(r);
  return r.error();
}
