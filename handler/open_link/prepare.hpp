/// The launch stage's first half: the plan made one launch request (launch/request.hpp) from the
/// draft, by the target's descriptor: a mail program mailtokit knows (started directly, its
/// hand-over from handler/clients/), a desktop entry (the program the user chose on the desktop,
/// given its own hand-over when mailtokit knows it), a webmail (its compose link, in a browser),
/// the configured command (`custom`), or the draft file opened by the desktop (`eml`). Nothing is
/// written or started here: the request says what the runner (launch/runner.hpp) writes and starts.
#pragma once

#include <string>
#include <vector>

#include "base/errors.hpp"
#include "launch/request.hpp"
#include "mailtokit/compose.hpp"
#include "mailtokit/draft.hpp"
#include "open_link/plan.hpp"

namespace mailtokit::open_link {

/// What a request is prepared with besides the plan and the draft.
struct prepare_inputs {
  const open_request* r = nullptr;       ///< the configuration (never null)
  std::vector<std::string> attachments;  ///< private copies of the files the user chose to attach
  std::string drafts_dir;                ///< where the request's files go ("" when there is no such folder)
  bool dry_run = false;                  ///< a fixed file name: nothing is written
  compose_options co;                    ///< how the draft file is composed (draft_options())
  std::string activation_token;          ///< launch::activation_token()
};

/// A target's descriptor: which plans it takes, and its one function that prepares their request.
struct target_descriptor {
  const char* kind;  ///< "program", "desktop", "webmail", "custom", "eml"
  bool (*takes)(const open_plan& p);
  errors::open_result<launch::request> (*prepare)(const open_plan& p, const draft& d, launch::request files,
                                                   const prepare_inputs& in);
};

/// Every target's descriptor, the one that takes a plan first.
[[nodiscard]] const std::vector<target_descriptor>& descriptors();

/// The launch request for `p` and `d`: the files the plan needs (the draft file, Claws Mail's
/// body file) named in the drafts folder, then the request from the descriptor that takes `p`.
[[nodiscard]] errors::open_result<launch::request> prepare_launch(const open_plan& p, const draft& d,
                                                                   const prepare_inputs& in);

}  // namespace mailtokit::open_link
