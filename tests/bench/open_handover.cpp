// What `mailtokit open` adds per link over parse_draft: the canonical hand-over (issue 45) as
// open_link/run.cpp does it after reading the link, with the program's own functions (the static
// library mailtokit_program that the program links): make_handover_safe (addresses and names no
// reader can change), the preview findings and the question's words (made for every link, asked
// or not), plan_open for a known program (Thunderbird: the clean hardened URI and what it
// loses) or for the draft file (eml: the RFC 5322 message), and the launch request
// (open_link/prepare.hpp: the argv, the draft file's bytes). Nothing is written or
// started: the files, the desktop's probes, the configuration file and the process are per call
// of `open`, not per link, and are measured apart (tests/bench/README.md).
#include <optional>
#include <string>
#include <string_view>

#include "ask/policy.hpp"
#include "ask/question.hpp"
#include "bench.hpp"
#include "clients/handover_safety.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/preview.hpp"
#include "open_link/plan.hpp"
#include "open_link/prepare.hpp"
#include "xdg/config.hpp"

namespace mailtokit::bench {

namespace {

/// The request `open --target NAME` makes with an empty configuration, every program installed.
open_link::open_request request_for(const xdg::config& cfg, std::string target) {
  open_link::open_request r;
  r.cli_target = std::move(target);
  r.cfg = &cfg;
  r.config_name = "bench";
  r.config_where = [](std::size_t) { return std::string("bench"); };
  r.installed = [](std::string_view name) {
    return std::optional<std::string>("/usr/bin/" + std::string(name));
  };
  r.self_exe = "/usr/bin/mailtokit";
  return r;
}

/// One link as `open` treats it, from the link to the launch request (for eml, with the draft's bytes).
bool open_one(const std::string& link, const policy& pol, const open_link::open_request& req) {
  auto d = parse_draft(link, {}, pol);
  if (!d) return false;
  auto losses = clients::make_handover_safe(*d);
  auto findings = preview::check(*d);
  const bool decide = ask::needs_decision(*d, findings);
  auto plan = open_link::plan_open(*d, req);
  if (!plan) return false;
  plan->losses.insert(plan->losses.begin(), losses.begin(), losses.end());
  auto q = ask::make_question(*d, findings, plan->losses);
  benchmark::DoNotOptimize(q);
  benchmark::DoNotOptimize(decide);
  open_link::prepare_inputs in;
  in.r = &req;
  in.drafts_dir = "/run/user/1000/mailtokit/drafts";
  in.dry_run = true;  // a fixed file name: no random bytes asked for per link
  in.co = open_link::draft_options(req.cfg, false);
  auto launch = open_link::prepare_launch(*plan, *d, in);
  benchmark::DoNotOptimize(launch);
  return launch.has_value();
}

void open_bench(benchmark::State& state, const link_set* set, bool eml) {
  const xdg::config cfg;
  const auto req = request_for(cfg, eml ? "eml" : "thunderbird");
  const policy pol = policy::defaults();
  over_links(state, *set, [&](const std::string& link) { return open_one(link, pol, req); });
}

}  // namespace

void register_open() {
  for (const auto& set : link_sets()) {
    benchmark::RegisterBenchmark(("open_link/" + set.name + "/mailtokit").c_str(), open_bench, &set, false);
    benchmark::RegisterBenchmark(("open_eml/" + set.name + "/mailtokit").c_str(), open_bench, &set, true);
  }
}

}  // namespace mailtokit::bench
