// Peer: GMime 3. compose/<set>/gmime builds and writes the message our compose() writes, from the
// same drafts: To/Cc/Bcc mailboxes (display name + the address we write), Subject and the kept
// headers (RFC 2047-encoded by GMime as needed), Date, Message-Id and X-Unsent fixed as ours,
// a text/plain part whose charset and transfer encoding GMime picks (7-bit constraint), written
// with CRLF line ends to a memory stream. end_to_end/<set>/boost_url+gmime starts from the link:
// Boost.URL parse_uri + decoded path and params, GMime's address-list parser, then the same build.
#include <gmime/gmime.h>

#include <boost/url/parse.hpp>
#include <boost/url/url_view.hpp>
#include <cctype>
#include <string>

#include "bench.hpp"
#include "bench_drafts.hpp"

namespace mailtokit::bench {

namespace {

struct gmime_env {
  GDateTime* date = nullptr;
  GMimeFormatOptions* format = nullptr;
  gmime_env() {
    g_mime_init();
    date = g_date_time_new_utc(2026, 11, 22, 12, 0, 0);
    format = g_mime_format_options_new();
    g_mime_format_options_set_newline_format(format, GMIME_NEWLINE_FORMAT_DOS);
  }
};

const gmime_env& env() {
  static const gmime_env e;
  return e;
}

void add_mailboxes(GMimeMessage* m, GMimeAddressType type, const std::vector<address>& list) {
  InternetAddressList* l = g_mime_message_get_addresses(m, type);
  for (const auto& a : list) {
    const auto ascii = a.ascii();
    InternetAddress* box = internet_address_mailbox_new(a.display_name.empty() ? nullptr : a.display_name.c_str(),
                                                        ascii ? ascii->c_str() : a.unicode().c_str());
    internet_address_list_add(l, box);
    g_object_unref(box);
  }
}

/// Date, Message-Id, X-Unsent and the body part, then write: shared by both benchmarks.
std::size_t finish_and_write(GMimeMessage* m, const char* body) {
  const auto& e = env();
  g_mime_message_set_date(m, e.date);
  g_mime_message_set_message_id(m, "bench.1@mailtokit.invalid");
  g_mime_object_set_header(GMIME_OBJECT(m), "X-Unsent", "1", nullptr);
  GMimeTextPart* part = g_mime_text_part_new_with_subtype("plain");
  g_mime_text_part_set_text(part, body != nullptr ? body : "");
  g_mime_object_encode(GMIME_OBJECT(part), GMIME_ENCODING_CONSTRAINT_7BIT);
  g_mime_message_set_mime_part(m, GMIME_OBJECT(part));
  g_object_unref(part);
  GMimeStream* out = g_mime_stream_mem_new();
  g_mime_object_write_to_stream(GMIME_OBJECT(m), e.format, out);
  const std::size_t size = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(out))->len;
  g_object_unref(out);
  g_object_unref(m);
  return size;
}

std::size_t build_gmime(const draft& d) {
  GMimeMessage* m = g_mime_message_new(TRUE);
  add_mailboxes(m, GMIME_ADDRESS_TYPE_TO, d.to);
  add_mailboxes(m, GMIME_ADDRESS_TYPE_CC, d.cc);
  add_mailboxes(m, GMIME_ADDRESS_TYPE_BCC, d.bcc);
  if (d.subject) g_mime_message_set_subject(m, d.subject->c_str(), "utf-8");
  for (const auto& h : d.headers) g_mime_object_set_header(GMIME_OBJECT(m), h.name.c_str(), h.value.c_str(), "utf-8");
  return finish_and_write(m, d.body ? d.body->c_str() : nullptr);
}

void compose_gmime(benchmark::State& state, const link_set* set) {
  const auto& ds = composable_drafts(*set);
  (void)env();
  const std::uint64_t before = allocations();
  for (auto _ : state) {
    for (const auto& d : ds.drafts) benchmark::DoNotOptimize(build_gmime(d));
  }
  report(state, pass{ds.drafts.size(), ds.bytes, 0}, allocations() - before);
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  }
  return true;
}

/// Boost.URL + GMime, link to draft bytes. Returns false for a link either refuses.
bool pipeline_peer(const std::string& link) {
  auto r = boost::urls::parse_uri(link);
  if (!r || !iequals(r->scheme(), "mailto")) return false;
  GMimeMessage* m = g_mime_message_new(TRUE);
  auto add_list = [&](GMimeAddressType type, const std::string& text) {
    if (InternetAddressList* parsed = internet_address_list_parse(nullptr, text.c_str())) {
      internet_address_list_append(g_mime_message_get_addresses(m, type), parsed);
      g_object_unref(parsed);
    }
  };
  const std::string to = r->path();
  if (!to.empty()) add_list(GMIME_ADDRESS_TYPE_TO, to);
  std::string body;
  bool has_body = false;
  for (auto param : r->params(boost::urls::encoding_opts(false))) {
    if (iequals(param.key, "to")) {
      add_list(GMIME_ADDRESS_TYPE_TO, param.value);
    } else if (iequals(param.key, "cc")) {
      add_list(GMIME_ADDRESS_TYPE_CC, param.value);
    } else if (iequals(param.key, "bcc")) {
      add_list(GMIME_ADDRESS_TYPE_BCC, param.value);
    } else if (iequals(param.key, "subject")) {
      g_mime_message_set_subject(m, param.value.c_str(), "utf-8");
    } else if (iequals(param.key, "body")) {
      body = param.value;
      has_body = true;
    } else if (iequals(param.key, "keywords") || iequals(param.key, "in-reply-to") ||
               iequals(param.key, "references")) {
      g_mime_object_set_header(GMIME_OBJECT(m), param.key.c_str(), param.value.c_str(), "utf-8");
    }
  }
  benchmark::DoNotOptimize(finish_and_write(m, has_body ? body.c_str() : nullptr));
  return true;
}

void end_to_end_peer(benchmark::State& state, const link_set* set) {
  (void)env();
  over_links(state, *set, [](const std::string& link) { return pipeline_peer(link); });
}

}  // namespace

void register_gmime() {
  for (const auto& set : link_sets()) {
    benchmark::RegisterBenchmark(("compose/" + set.name + "/gmime").c_str(), compose_gmime, &set);
    benchmark::RegisterBenchmark(("end_to_end/" + set.name + "/boost_url+gmime").c_str(), end_to_end_peer, &set);
  }
}

}  // namespace mailtokit::bench
