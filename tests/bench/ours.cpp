// Our side: parse, parse + policy, compose, inspect JSON, end to end, linearity over sizes.
#include <map>
#include <string>

#include "bench.hpp"
#include "bench_drafts.hpp"
#include "mailtokit/compose.hpp"
#include "mailtokit/json.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/message.hpp"
#include "mailtokit/policy.hpp"

namespace mailtokit::bench {

const compose_options& fixed_compose_options() {
  static const compose_options o = [] {
    compose_options c;
    c.date = "Sun, 22 Nov 2026 12:00:00 +0000";
    c.message_id = "<bench.1@mailtokit.invalid>";
    return c;
  }();
  return o;
}

const draft_set& composable_drafts(const link_set& set) {
  static std::map<const link_set*, draft_set> cache;
  auto [it, inserted] = cache.try_emplace(&set);
  if (inserted) {
    const policy pol = policy::defaults();
    for (const auto& link : set.links) {
      auto d = parse_draft(link, {}, pol);
      if (!d || !compose(*d, fixed_compose_options())) continue;
      it->second.bytes += link.size();
      it->second.drafts.push_back(std::move(*d));
    }
  }
  return it->second;
}

namespace {

void parse_ours(benchmark::State& state, const link_set* set) {
  over_links(state, *set, [](const std::string& link) {
    auto r = parse_mailto(link);
    benchmark::DoNotOptimize(r);
    return r.has_value();
  });
}

void parse_policy_ours(benchmark::State& state, const link_set* set) {
  const policy pol = policy::defaults();
  over_links(state, *set, [&](const std::string& link) {
    auto r = parse_draft(link, {}, pol);
    benchmark::DoNotOptimize(r);
    return r.has_value();
  });
}

// The bulk API (draft_parser, what `batch` uses): the same parse + policy, one draft reused.
void parse_policy_bulk_ours(benchmark::State& state, const link_set* set) {
  draft_parser parser;
  over_links(state, *set, [&](const std::string& link) {
    auto r = parser.parse(link);
    benchmark::DoNotOptimize(parser.current());
    return r.has_value();
  });
}

// What `inspect --json` and `batch --json` do per link: parse + policy, then the JSON object
// (or the error object) appended to a reused buffer.
void inspect_json_ours(benchmark::State& state, const link_set* set) {
  const policy pol = policy::defaults();
  std::string out;
  over_links(state, *set, [&](const std::string& link) {
    out.clear();
    auto d = parse_draft(link, {}, pol);
    if (d) {
      json::append_draft(out, *d);
    } else {
      json::append_error(out, d.error());
    }
    benchmark::DoNotOptimize(out.data());
    return d.has_value();
  });
}

void end_to_end_ours(benchmark::State& state, const link_set* set) {
  const policy pol = policy::defaults();
  over_links(state, *set, [&](const std::string& link) {
    auto d = parse_draft(link, {}, pol);
    if (!d) return false;
    auto bytes = compose(*d, fixed_compose_options());
    benchmark::DoNotOptimize(bytes);
    return bytes.has_value();
  });
}

void compose_ours(benchmark::State& state, const link_set* set) {
  const auto& ds = composable_drafts(*set);
  const std::uint64_t before = allocations();
  for (auto _ : state) {
    for (const auto& d : ds.drafts) {
      auto bytes = compose(d, fixed_compose_options());
      benchmark::DoNotOptimize(bytes);
    }
  }
  report(state, pass{ds.drafts.size(), ds.bytes, 0}, allocations() - before);
}

parse_options big_input() {
  parse_options o;
  o.limits.max_input = std::size_t{16} << 20;
  return o;
}

void parse_size_ours(benchmark::State& state, std::int64_t size) {
  const std::string link = sized_link(static_cast<std::size_t>(size));
  const parse_options opts = big_input();
  std::size_t errors = 0;
  const std::uint64_t before = allocations();
  for (auto _ : state) {
    auto r = parse_mailto(link, opts);
    errors += r ? 0u : 1u;
    benchmark::DoNotOptimize(r);
  }
  report(state, pass{1, link.size(), errors > 0 ? 1u : 0u}, allocations() - before);
}

void end_to_end_size_ours(benchmark::State& state, std::int64_t size) {
  const std::string link = sized_link(static_cast<std::size_t>(size));
  const parse_options opts = big_input();
  const policy pol = policy::defaults();
  std::size_t errors = 0;
  const std::uint64_t before = allocations();
  for (auto _ : state) {
    auto d = parse_draft(link, opts, pol);
    if (!d) {
      ++errors;
      continue;
    }
    auto bytes = compose(*d, fixed_compose_options());
    errors += bytes ? 0u : 1u;
    benchmark::DoNotOptimize(bytes);
  }
  report(state, pass{1, link.size(), errors > 0 ? 1u : 0u}, allocations() - before);
}

// A message of about `size` bytes for read_message(): with `folded_header`, nearly all of it
// header fields of 59 KB folded into lines of 900 octets (under read_options::max_field, which
// bounds what mimetic reads in time growing with the square of a field's length); else a short
// header and a body of 76-octet lines.
std::string sized_message(std::size_t size, bool folded_header) {
  std::string m = "To: Alice <alice@example.com>\r\nSubject: Size test";
  if (folded_header) {
    const std::string piece = "\r\n " + std::string(897, 'x');
    for (std::size_t k = 1; m.size() + piece.size() + 40 <= size; ++k) {
      if (k % 66 == 0) m += "\r\nX-Filler: x";
      m += piece;
    }
    m += "\r\n\r\nbody\r\n";
    return m;
  }
  m += "\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n";
  const std::string line = std::string(74, 'y') + "\r\n";
  while (m.size() + line.size() <= size) m += line;
  return m;
}

void read_message_size_ours(benchmark::State& state, std::int64_t size, bool folded_header) {
  const std::string eml = sized_message(static_cast<std::size_t>(size), folded_header);
  read_options o;
  o.max_input = std::size_t{16} << 20;
  const policy pol = policy::defaults();
  std::size_t errors = 0;
  const std::uint64_t before = allocations();
  for (auto _ : state) {
    auto d = read_message(eml, o, pol);
    errors += d ? 0u : 1u;
    benchmark::DoNotOptimize(d);
  }
  report(state, pass{1, eml.size(), errors > 0 ? 1u : 0u}, allocations() - before);
}

}  // namespace

void register_ours() {
  for (const auto& set : link_sets()) {
    benchmark::RegisterBenchmark(("parse/" + set.name + "/mailtokit").c_str(), parse_ours, &set);
    benchmark::RegisterBenchmark(("parse_policy/" + set.name + "/mailtokit").c_str(), parse_policy_ours, &set);
    benchmark::RegisterBenchmark(("parse_policy_bulk/" + set.name + "/mailtokit").c_str(), parse_policy_bulk_ours, &set);
    benchmark::RegisterBenchmark(("compose/" + set.name + "/mailtokit").c_str(), compose_ours, &set);
    benchmark::RegisterBenchmark(("inspect_json/" + set.name + "/mailtokit").c_str(), inspect_json_ours, &set);
    benchmark::RegisterBenchmark(("end_to_end/" + set.name + "/mailtokit").c_str(), end_to_end_ours, &set);
  }
  for (auto size : linearity_sizes()) {
    const std::string n = std::to_string(size);
    benchmark::RegisterBenchmark(("parse_size/" + n + "/mailtokit").c_str(), parse_size_ours, size);
    benchmark::RegisterBenchmark(("end_to_end_size/" + n + "/mailtokit").c_str(), end_to_end_size_ours, size);
    benchmark::RegisterBenchmark(("read_message_header_size/" + n + "/mailtokit").c_str(), read_message_size_ours,
                                 size, true);
    benchmark::RegisterBenchmark(("read_message_body_size/" + n + "/mailtokit").c_str(), read_message_size_ours,
                                 size, false);
  }
}

}  // namespace mailtokit::bench
