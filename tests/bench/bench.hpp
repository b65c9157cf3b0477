/// Shared pieces of the benchmark binary: the link sets, the allocation counter, and reporting.
#pragma once

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mailtokit::bench {

/// One file of tests/bench/data: its name (file name without ".txt") and its links.
struct link_set {
  std::string name;
  std::vector<std::string> links;
  std::size_t bytes = 0;  ///< sum of the links' sizes
};

/// The link sets, loaded once from MAILTOKIT_BENCH_DATA (env) or the source tree's data/, plus
/// "all": every set but ref113 concatenated.
[[nodiscard]] const std::vector<link_set>& link_sets();

/// operator new calls made by this thread so far (alloc_count.cpp replaces operator new).
[[nodiscard]] std::uint64_t allocations() noexcept;

/// malloc, calloc and realloc calls made by this thread so far (alloc_count.cpp replaces them).
[[nodiscard]] std::uint64_t c_allocations() noexcept;

/// What one pass of a benchmark loop did.
struct pass {
  std::size_t items = 0;   ///< links (or drafts) per pass
  std::size_t bytes = 0;   ///< input bytes per pass
  std::size_t errors = 0;  ///< items that failed, per pass
};

/// Sets items/s, bytes/s, allocs/item, mallocs/item and error_rate after a loop of
/// `state.iterations()` passes; `allocs` is allocations() after the loop minus before it,
/// `c_allocs` the same for c_allocations().
void report(benchmark::State& state, const pass& p, std::uint64_t allocs, std::uint64_t c_allocs = 0);

/// Runs `fn(link)` (true = ok) over every link of `set` per iteration, then report()s the pass
/// with its errors and allocations.
template <class Fn>
void over_links(benchmark::State& state, const link_set& set, Fn fn) {
  std::size_t errors = 0;
  const std::uint64_t before = allocations();
  const std::uint64_t before_c = c_allocations();
  for (auto _ : state) {
    for (const auto& link : set.links) errors += fn(link) ? 0u : 1u;
  }
  const std::uint64_t allocs = allocations() - before;
  const std::uint64_t allocs_c = c_allocations() - before_c;
  pass p{set.links.size(), set.bytes, 0};
  p.errors = state.iterations() > 0 ? errors / static_cast<std::size_t>(state.iterations()) : 0;
  report(state, p, allocs, allocs_c);
}

/// A link of about `size` bytes: "mailto:" + address + subject + a body of encoded text lines.
[[nodiscard]] std::string sized_link(std::size_t size);

/// The sizes of the linearity benchmarks: 1 KB to 10 MB.
[[nodiscard]] const std::vector<std::int64_t>& linearity_sizes();

void register_ours();       // ours.cpp
void register_boost_url();  // peer_boost_url.cpp
void register_gmime();      // peer_gmime.cpp
void register_assembly();   // peer_assembly.cpp
void register_open();       // open_handover.cpp

}  // namespace mailtokit::bench
