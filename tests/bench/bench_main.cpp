// mailtokit_bench: our parse, policy, compose and inspect JSON against Boost.URL and GMime, on
// the link sets of tests/bench/data, in one run; prints the ratios (ours / peer) and the
// linearity check at the end. Usage: mailtokit_bench [Google Benchmark flags].
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "bench.hpp"

#ifndef MAILTOKIT_BENCH_DATA
#define MAILTOKIT_BENCH_DATA "tests/bench/data"
#endif

namespace mailtokit::bench {

namespace {

std::vector<link_set> load() {
  const char* env = std::getenv("MAILTOKIT_BENCH_DATA");
  const std::filesystem::path dir = env != nullptr ? env : MAILTOKIT_BENCH_DATA;
  std::vector<link_set> sets;
  link_set all{"all", {}, 0};
  for (const char* name : {"ref113", "short", "subject_body", "idn", "encoded_words", "long_body", "hostile"}) {
    std::ifstream in(dir / (std::string(name) + ".txt"), std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "mailtokit_bench: cannot read %s/%s.txt (set MAILTOKIT_BENCH_DATA)\n",
                   dir.c_str(), name);
      std::exit(66);
    }
    link_set s{name, {}, 0};
    for (std::string line; std::getline(in, line);) {
      if (line.empty()) continue;
      s.bytes += line.size();
      s.links.push_back(line);
    }
    if (s.name != "ref113") {
      all.links.insert(all.links.end(), s.links.begin(), s.links.end());
      all.bytes += s.bytes;
    }
    sets.push_back(std::move(s));
  }
  sets.push_back(std::move(all));
  return sets;
}

}  // namespace

const std::vector<link_set>& link_sets() {
  static const std::vector<link_set> sets = load();
  return sets;
}

void report(benchmark::State& state, const pass& p, std::uint64_t allocs, std::uint64_t c_allocs) {
  const auto passes = static_cast<double>(state.iterations());
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(p.items));
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(p.bytes));
  const double items = passes * static_cast<double>(p.items);
  state.counters["allocs/item"] = items > 0 ? static_cast<double>(allocs) / items : 0.0;
  state.counters["mallocs/item"] = items > 0 ? static_cast<double>(c_allocs) / items : 0.0;
  state.counters["error_rate"] = p.items > 0 ? static_cast<double>(p.errors) / static_cast<double>(p.items) : 0.0;
}

std::string sized_link(std::size_t size) {
  // One 60-byte encoded line: "Line of text with caf\u00e9 and \u20ac." + CRLF.
  static constexpr std::string_view line = "Line%20of%20text%20with%20caf%C3%A9%20and%20%E2%82%AC.%0D%0A";
  std::string link = "mailto:alice@example.com?subject=Size%20test&body=";
  while (link.size() + line.size() <= size) link += line;
  while (link.size() < size) link += 'x';
  return link;
}

const std::vector<std::int64_t>& linearity_sizes() {
  static const std::vector<std::int64_t> sizes{1 << 10, 10 << 10, 100 << 10, 1 << 20, 10 << 20};
  return sizes;
}

namespace {

/// Keeps the best repetition of each benchmark (highest items/s) for the summary: on a shared
/// machine other work only ever slows a repetition down.
class collecting_reporter : public benchmark::ConsoleReporter {
 public:
  struct row {
    double items_per_second = 0;
    double bytes_per_second = 0;
    double allocs_per_item = 0;
    double mallocs_per_item = 0;
  };
  std::map<std::string, row> rows;

  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.error_occurred || run.run_type == Run::RT_Aggregate) continue;
      auto get = [&](const char* key) {
        auto it = run.counters.find(key);
        return it == run.counters.end() ? 0.0 : it->second.value;
      };
      row r{get("items_per_second"), get("bytes_per_second"), get("allocs/item"), get("mallocs/item")};
      auto [it, inserted] = rows.try_emplace(run.run_name.str(), r);
      if (!inserted && r.items_per_second > it->second.items_per_second) it->second = r;
    }
    ConsoleReporter::ReportRuns(runs);
  }
};

void print_summary(const collecting_reporter& rep) {
  auto find = [&](const std::string& name) -> const collecting_reporter::row* {
    auto it = rep.rows.find(name);
    return it == rep.rows.end() ? nullptr : &it->second;
  };
  struct pair_spec {
    const char* stage;
    const char* ours;
    const char* peer;
    const char* peer_label;
    double target;  // minimum ratio, 0 = none
  };
  static constexpr pair_spec pairs[] = {
      {"parse", "parse", "parse", "boost_url", 0},
      {"parse+policy", "parse_policy", "parse", "boost_url", 2},
      {"p+p bulk", "parse_policy_bulk", "parse", "boost_url", 2},
      {"p+p fair", "parse_policy", "parse_policy", "assembly", 2},
      {"p+p bulk fair", "parse_policy_bulk", "parse_policy", "assembly", 2},
      {"compose", "compose", "compose", "gmime", 10},
      {"end to end", "end_to_end", "end_to_end", "boost_url+gmime", 0},
  };
  std::printf("\nRatios, ours / peer (items/s, best repetition):\n");
  std::printf("%-14s %-14s %14s %-16s %14s %8s  %s\n", "stage", "set", "ours items/s", "peer", "peer items/s",
              "ratio", "target");
  for (const auto& p : pairs) {
    for (const auto& set : link_sets()) {
      const auto* o = find(std::string(p.ours) + "/" + set.name + "/mailtokit");
      const auto* q = find(std::string(p.peer) + "/" + set.name + "/" + p.peer_label);
      if (o == nullptr || q == nullptr || q->items_per_second <= 0) continue;
      const double ratio = o->items_per_second / q->items_per_second;
      char target[32] = "";
      if (p.target > 0) std::snprintf(target, sizeof target, ">= %.0fx %s", p.target, ratio >= p.target ? "met" : "MISSED");
      std::printf("%-14s %-14s %14.0f %-16s %14.0f %7.2fx  %s\n", p.stage, set.name.c_str(),
                  o->items_per_second, p.peer_label, q->items_per_second, ratio, target);
    }
  }
  struct absolute_spec {
    const char* name;
    double target;
  };
  static constexpr absolute_spec absolutes[] = {
      {"parse_policy/ref113/mailtokit", 5e6},
      {"parse_policy_bulk/ref113/mailtokit", 5e6},
      {"compose/ref113/mailtokit", 5e5},
      {"parse_policy/idn/mailtokit", 1e6},
  };
  std::printf("\nAbsolute targets (one core):\n");
  for (const auto& a : absolutes) {
    if (const auto* o = find(a.name)) {
      std::printf("%-34s %12.0f items/s  target %.0f: %s\n", a.name, o->items_per_second, a.target,
                  o->items_per_second >= a.target ? "met" : "MISSED");
    }
  }
  // What `open` adds per link over parse_draft (the canonical hand-over, open_handover.cpp): the
  // difference of the two benchmarks' CPU time per link, in the same run.
  std::printf("\nWhat open adds per link over parse_draft (CPU time per link, best repetitions):\n");
  std::printf("%-14s %14s %14s %14s %14s %14s\n", "set", "parse_draft ns", "open ns", "open adds ns", "open_eml ns",
              "eml adds ns");
  for (const auto& set : link_sets()) {
    const auto* base = find("parse_policy/" + set.name + "/mailtokit");
    const auto* op = find("open_link/" + set.name + "/mailtokit");
    const auto* eml = find("open_eml/" + set.name + "/mailtokit");
    if (base == nullptr || op == nullptr || eml == nullptr || base->items_per_second <= 0 ||
        op->items_per_second <= 0 || eml->items_per_second <= 0)
      continue;
    const double b = 1e9 / base->items_per_second, o = 1e9 / op->items_per_second, e = 1e9 / eml->items_per_second;
    std::printf("%-14s %14.0f %14.0f %14.0f %14.0f %14.0f\n", set.name.c_str(), b, o, o - b, e, e - b);
  }
  std::printf("\nAllocations per item (operator new calls + malloc/calloc/realloc calls):\n");
  for (const auto& [name, row] : rep.rows) {
    if (name.find("/all/") != std::string::npos &&
        (name.ends_with("/mailtokit") || name.ends_with("/assembly"))) {
      std::printf("%-34s %8.2f + %8.2f\n", name.c_str(), row.allocs_per_item, row.mallocs_per_item);
    }
  }
  for (const char* stage : {"parse_size", "end_to_end_size", "read_message_header_size", "read_message_body_size"}) {
    double lo = 0, hi = 0;
    int n = 0;
    for (auto size : linearity_sizes()) {
      const auto* o = find(std::string(stage) + "/" + std::to_string(size) + "/mailtokit");
      if (o == nullptr || o->bytes_per_second <= 0) continue;
      lo = n == 0 ? o->bytes_per_second : std::min(lo, o->bytes_per_second);
      hi = n == 0 ? o->bytes_per_second : std::max(hi, o->bytes_per_second);
      ++n;
    }
    if (n >= 2) {
      std::printf("\nLinearity %s (1 KB .. 10 MB): bytes/s from %.1f MB/s to %.1f MB/s, max/min %.2f: %s\n", stage,
                  lo / 1e6, hi / 1e6, hi / lo, hi / lo <= 3.0 ? "linear (within 3x)" : "NOT LINEAR (over 3x)");
    }
  }
}

}  // namespace
}  // namespace mailtokit::bench

int main(int argc, char** argv) {
  using namespace mailtokit::bench;
  (void)link_sets();
  register_ours();
  register_boost_url();
  register_gmime();
  register_assembly();
  register_open();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 64;
  collecting_reporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  print_summary(reporter);
  benchmark::Shutdown();
  return 0;
}
