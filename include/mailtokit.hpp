/// Umbrella header: the whole mailtokit C++ API.
#pragma once

#include "mailtokit/result.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/utf8.hpp"
#include "mailtokit/percent.hpp"
#include "mailtokit/bidi.hpp"
#include "mailtokit/iri.hpp"
#include "mailtokit/charset.hpp"
#include "mailtokit/idna.hpp"
#include "mailtokit/address.hpp"
#include "mailtokit/encoded_word.hpp"
#include "mailtokit/draft.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/json.hpp"
#include "mailtokit/transfer_encoding.hpp"
#include "mailtokit/compose.hpp"
