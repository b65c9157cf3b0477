// The draft of a link as the default policy reads it: a test failure when it cannot be read.
#pragma once

#include <catch2/catch.hpp>
#include <string_view>

#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"

inline mailtokit::draft draft_of(std::string_view uri) {
  auto d = mailtokit::parse_draft(uri, {}, mailtokit::policy::defaults());
  REQUIRE(d);
  return *d;
}
