#include "open_link/request.hpp"

#include <utility>

#include "clients/handover_safety.hpp"
#include "mailtokit/policy.hpp"
#include "open_link/link.hpp"

namespace mailtokit::open_link {

namespace {

read_failure failed(read_step step, errors::open_failure why) {
  read_failure f;
  f.step = step;
  f.why = std::move(why);
  return f;
}

// The draft as the default policy reads the link, when it can be read.
std::optional<draft> read_by_default(std::string_view uri) {
  auto d = parse_draft(uri, {}, policy::defaults());
  return d ? std::optional<draft>(std::move(*d)) : std::nullopt;
}

}  // namespace

mailtokit::result<link_request, read_failure> read_request(const reading& r, const xdg::environment& env) {
  auto lc = xdg::read_config(env);
  if (auto refused = non_mailto(r.uri)) {
    auto f = failed(read_step::not_mailto, std::move(*refused));
    f.notify = !lc || lc->cfg.notify.value_or(true);
    return f;
  }
  if (!lc) {
    auto f = failed(read_step::config, lc.error());
    f.by_default = read_by_default(r.uri);
    return f;
  }
  const bool notify = lc->cfg.notify.value_or(true);
  auto p = xdg::make_policy(*lc, r.keep, r.drop);
  if (!p) {
    auto f = failed(read_step::policy, p.error());
    f.notify = notify;
    f.by_default = read_by_default(r.uri);
    return f;
  }
  link_request req{std::move(*lc), {}, {}};
  req.po.strict = r.strict || req.lc.cfg.strict.value_or(false);
  auto d = parse_draft(r.uri, req.po, *p);
  if (!d) {
    const bool repairable = req.po.strict && parse_draft(r.uri, {}, *p).has_value();
    auto f = failed(read_step::link, unreadable_link(d.error(), repairable));
    f.link_error = d.error();
    f.notify = notify;
    return f;
  }
  req.d = std::move(*d);
  if (auto from = xdg::apply_from(req.lc, req.d); !from) {
    auto f = failed(read_step::from, from.error());
    f.read = std::move(req.d);
    f.lc = std::move(req.lc);
    f.notify = notify;
    return f;
  }
  return req;
}

std::vector<std::string> hand_over_safe(draft& d) { return clients::make_handover_safe(d); }

}  // namespace mailtokit::open_link
