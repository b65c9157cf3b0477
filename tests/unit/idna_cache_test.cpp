#include "mailtokit/idna_cache.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <thread>
#include <vector>

#include "mailtokit/idna.hpp"
#include "tsv.hpp"

using namespace mailtokit;

namespace {

// The uncached functions (libidn2 behind them) are the oracle: a cache must never change a result.
void check_same(const result<std::string>& got, const result<std::string>& want) {
  REQUIRE(got.has_value() == want.has_value());
  if (want) {
    CHECK(*got == *want);
  } else {
    CHECK(got.error() == want.error());
  }
}

std::vector<std::string> domains() {
  std::vector<std::string> out;
  for (const auto& row : test::load_tsv("idna.tsv")) out.push_back(row.at(0));
  return out;
}

}  // namespace

TEST_CASE("cache gives the idna.tsv results, cold and warm", "[idna_cache]") {
  idna::cache c(8);
  for (int round = 0; round < 3; ++round) {
    for (const auto& row : test::load_tsv("idna.tsv")) {
      INFO("round " << round << ", line " << row.line << ": " << row.at(3));
      auto a = c.to_ascii(row.at(0));
      auto u = c.to_unicode(row.at(0));
      check_same(a, idna::to_ascii(row.at(0)));
      check_same(u, idna::to_unicode(row.at(0)));
      if (row.at(1).rfind("error ", 0) != 0) CHECK(*a == row.at(1));
      if (row.at(2).rfind("error ", 0) != 0) CHECK(*u == row.at(2));
    }
  }
  CHECK(c.size() <= 2 * c.capacity());
}

TEST_CASE("repeated IDN domains hit, and plain ASCII domains bypass the cache", "[idna_cache]") {
  idna::cache c(16);
  const std::string natto = "\xE7\xB4\x8D\xE8\xB1\x86.example.org";
  for (int i = 0; i < 100; ++i) {
    auto r = c.to_ascii(natto);
    REQUIRE(r);
    CHECK(*r == "xn--99zt52a.example.org");
  }
  CHECK(c.misses() == 1);
  CHECK(c.hits() == 99);
  for (int i = 0; i < 10; ++i) CHECK(*c.to_ascii("Example.COM") == "example.com");
  CHECK(c.size() == 1);
  CHECK(c.misses() == 1);
  // Errors are remembered too (hostile input repeats).
  for (int i = 0; i < 5; ++i) {
    auto r = c.to_ascii("www.xn--a.org");
    REQUIRE_FALSE(r);
    CHECK(r.error() == error{errc::idna_disallowed, 4});
  }
  CHECK(c.misses() == 2);
  CHECK(c.hits() == 103);
}

TEST_CASE("the cache stays bounded and evicts the least recently used", "[idna_cache]") {
  idna::cache c(4);  // one set of four
  CHECK(c.capacity() == 4);
  auto name = [](int i) { return "caf\xC3\xA9" + std::to_string(i) + ".example"; };
  for (int i = 0; i < 1000; ++i) {
    auto r = c.to_ascii(name(i));
    check_same(r, idna::to_ascii(name(i)));
    CHECK(c.size() <= 4);
  }
  CHECK(c.misses() == 1000);
  CHECK(c.hits() == 0);
  // The last four are cached; touching 996 makes 997 the oldest, so 997 is evicted by a new one.
  (void)c.to_ascii(name(996));
  CHECK(c.hits() == 1);
  (void)c.to_ascii(name(5000));
  (void)c.to_ascii(name(996));
  CHECK(c.hits() == 2);
  (void)c.to_ascii(name(997));
  CHECK(c.hits() == 2);
  CHECK(c.misses() == 1002);
}

TEST_CASE("keys longer than max_key are computed, never stored", "[idna_cache]") {
  idna::cache c(8);
  std::string big;
  while (big.size() <= idna::cache::max_key) big += "\xC3\xA9.";
  big += "org";
  for (int i = 0; i < 3; ++i) check_same(c.to_ascii(big), idna::to_ascii(big));
  CHECK(c.size() == 0);
  CHECK(c.misses() == 3);
}

TEST_CASE("capacity is rounded up to a whole set", "[idna_cache]") {
  CHECK(idna::cache(0).capacity() == 4);
  CHECK(idna::cache(5).capacity() == 8);
  CHECK(idna::cache(256).capacity() == 256);
}

TEST_CASE("cached_to_ascii is safe from many threads (one cache each)", "[idna_cache]") {
  const auto list = domains();
  std::vector<result<std::string>> want;
  for (const auto& d : list) want.push_back(idna::to_ascii(d));
  std::vector<int> mismatches(4, 0);
  std::vector<std::uint64_t> hits(4, 0);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int round = 0; round < 50; ++round) {
        for (std::size_t i = 0; i < list.size(); ++i) {
          auto r = idna::cached_to_ascii(list[i]);
          const bool same = r.has_value() == want[i].has_value() &&
                            (r ? *r == *want[i] : r.error() == want[i].error());
          mismatches[t] += same ? 0 : 1;
          auto u = idna::cached_to_unicode(list[i]);
          auto uw = idna::to_unicode(list[i]);
          mismatches[t] += (u.has_value() == uw.has_value() && (u ? *u == *uw : u.error() == uw.error())) ? 0 : 1;
        }
      }
      hits[t] = idna::thread_cache().hits();
    });
  }
  for (auto& th : threads) th.join();
  for (std::size_t t = 0; t < 4; ++t) {
    CHECK(mismatches[t] == 0);
    CHECK(hits[t] > 0);
  }
}
