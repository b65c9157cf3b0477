#include "clients/dispatch.hpp"
#include "clients/webmail.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <string>
#include <vector>

#include "clients/client.hpp"
#include "clients/handover_safety.hpp"
#include "mailtokit/address.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/percent.hpp"
#include "mailtokit/policy.hpp"

using namespace mailtokit;
using namespace mailtokit::dispatch;

namespace {

address addr(std::string local, std::string domain, std::string ascii = "") {
  address a;
  a.local_part = std::move(local);
  a.domain = std::move(domain);
  a.domain_ascii = ascii.empty() ? a.domain : std::move(ascii);
  a.original = a.local_part + "@" + a.domain;
  a.valid = true;
  return a;
}

// The query parameter `name` of `url`, percent-decoded.
std::string query_param(const std::string& url, const std::string& name) {
  const auto q = url.find('?');
  REQUIRE(q != std::string::npos);
  std::size_t pos = q + 1;
  while (pos < url.size()) {
    auto amp = url.find('&', pos);
    if (amp == std::string::npos) amp = url.size();
    const std::string pair = url.substr(pos, amp - pos);
    const auto eq = pair.find('=');
    if (pair.substr(0, eq) == name) {
      auto v = percent::decode(pair.substr(eq + 1));
      REQUIRE(v);
      return *v;
    }
    pos = amp + 1;
  }
  return "<absent>";
}

// No argument taken from the link may begin with '-'.
void check_no_injected_option(const std::vector<std::string>& argv, const std::vector<std::string>& own_flags) {
  for (std::size_t i = 1; i < argv.size(); ++i) {
    if (argv[i].empty() || argv[i][0] != '-') continue;
    bool ours = false;
    for (const auto& f : own_flags) ours = ours || argv[i] == f || argv[i].rfind(f + "=", 0) == 0;
    INFO(argv[i]);
    CHECK(ours);
  }
}

// Every target but desktop (a desktop:ID names an entry, not a target of its own).
std::vector<target> all_targets() {
  std::vector<target> v;
  for (const auto* c : mailtokit::clients::all()) v.push_back(c->id());
  v.insert(v.end(), {target::webmail, target::eml, target::custom});
  return v;
}

}  // namespace

TEST_CASE("target names round-trip", "[dispatch]") {
  for (const auto t : all_targets()) {
    INFO(to_name(t));
    CHECK(parse_target(to_name(t)) == t);
  }
  CHECK(parse_target("claws") == target{"claws-mail"});
  CHECK_FALSE(parse_target("Thunderbird"));
  CHECK_FALSE(parse_target(""));
  CHECK(needs_terminal(target{"neomutt"}));
  CHECK(needs_draft_file(target::eml));
  CHECK_FALSE(needs_uri(target{"kmail"}));
  CHECK_FALSE(needs_uri(target{"aerc"}));  // built from the draft
}

TEST_CASE("harden_uri rewrites only to equivalent spellings", "[dispatch]") {
  CHECK(harden_uri("mailto:a+b@example.org?subject=1+1") == "mailto:a%2Bb@example.org?subject=1%2B1");
  CHECK(harden_uri("mailto:a@example.org?body=see%20x.eml") == "mailto:a@example.org?body=see%20x%2Eeml");
  CHECK(harden_uri("mailto:a@b.VCF") == "mailto:a@b%2EVCF");
  CHECK(harden_uri("mailto:a@b.org?body=x.mozeml") == "mailto:a@b.org?body=x%2Emozeml");
  CHECK(harden_uri("mailto:a@b.org") == "mailto:a@b.org");
  // Decoding gives the same octets.
  for (const std::string u : {"mailto:a+b@x.org?body=1+2.eml", "mailto:x@y.z?subject=a.wdseml"})
    CHECK(*percent::decode(harden_uri(u)) == *percent::decode(u));
}

TEST_CASE("each built-in target gets the link as single, non-option arguments", "[dispatch]") {
  // A link crafted to splice: quotes, commas, spaces, a leading dash and -compose syntax, all
  // percent-encoded in the clean URI by the builder.
  const std::string uri =
      "mailto:victim@example.org?subject=-compose%20to%3D'x'%2Cattachment%3D'%2Fetc%2Fpasswd'&body=%22%3B%20rm%20-rf%20~";
  draft d;
  d.to = {addr("victim", "example.org")};
  d.cc = {addr("c", "b\xC3\xBC" "cher.example", "xn--bcher-kva.example")};
  d.bcc = {addr("hidden", "example.net")};
  d.subject = "-compose to='x',attachment='/etc/passwd'";
  d.body = "\"; rm -rf ~\r\nline 2";
  d.headers = {{"In-Reply-To", "<1@example.org>"}};
  argv_inputs in;
  in.uri = uri;
  in.draft_file = "/home/u/.local/state/mailtokit/drafts/draft-0123456789abcdef0123456789abcdef.eml";
  in.d = &d;
  in.terminal = {"xterm", "-e"};

  using V = std::vector<std::string>;
  CHECK(*client_argv(target{"thunderbird"}, in) == V{"thunderbird", uri});
  CHECK(*client_argv(target{"evolution"}, in) == V{"evolution", uri});
  CHECK(*client_argv(target{"alpine"}, in) == V{"xterm", "-e", "alpine", "-url", uri});
  CHECK(*client_argv(target{"geary"}, in) == V{"geary", uri});
  CHECK(*client_argv(target{"claws-mail"}, in) == V{"claws-mail", "--compose", uri});
  // mutt and neomutt drop Bcc unless told to read it: fixed text, never from the link.
  CHECK(*client_argv(target{"neomutt"}, in) == V{"xterm", "-e", "neomutt", "-e", "mailto_allow to bcc keywords", "--", uri});
  CHECK(*client_argv(target{"mutt"}, in) == V{"xterm", "-e", "mutt", "-e", "mailto_allow to bcc keywords", "--", uri});
  CHECK(*client_argv(target{"aerc"}, in) ==
        V{"xterm", "-e", "aerc",
          "mailto:victim@example.org?cc=c%40xn--bcher-kva.example&bcc=hidden%40example.net&subject=-compose%20to%3D%27x%27"
          "%2Cattachment%3D%27%2Fetc%2Fpasswd%27&body=%22%3B%20rm%20-rf%20~%0D%0Aline%202&in-reply-to=%3C1%40example.org%3E"});
  CHECK(*client_argv(target::eml, in) == V{"xdg-open", std::string(in.draft_file)});

  auto kmail = client_argv(target{"kmail"}, in);
  REQUIRE(kmail);
  CHECK(*kmail == V{"kmail", "--composer", "--subject=-compose to='x',attachment='/etc/passwd'",
                    "--cc=c@xn--bcher-kva.example", "--bcc=hidden@example.net",
                    "--body=\"; rm -rf ~\nline 2", "--header=In-Reply-To: <1@example.org>", "--",
                    "victim@example.org"});

  // A webmail is not started as a program: the browser gets its link (open_link/prepare.cpp), which
  // holds the same draft (clients/webmail.hpp; each service read back in tests/cli/webmail_links.py).
  CHECK_FALSE(client_argv(target::webmail, in));
  auto gmail = webmail::compose_link(*webmail::by_name("gmail"), d, "");
  REQUIRE(gmail);
  CHECK(gmail->rfind("https://mail.google.com/mail/?extsrc=mailto&url=mailto%3A", 0) == 0);
  CHECK(query_param(*gmail, "extsrc") == "mailto");
  auto inner = parse_draft(query_param(*gmail, "url"));
  REQUIRE(inner);
  // The same addresses (the link carries their ASCII forms: A-labels).
  const auto ascii = [](const std::vector<address>& l) {
    std::vector<std::string> out;
    for (const auto& a : l) out.push_back(a.ascii().value_or(a.unicode()));
    return out;
  };
  CHECK(ascii(inner->to) == ascii(d.to));
  CHECK(ascii(inner->cc) == ascii(d.cc));
  CHECK(ascii(inner->bcc) == ascii(d.bcc));
  CHECK(inner->subject == d.subject);
  CHECK(inner->body == d.body);

  for (const char* name : {"outlook", "fastmail"}) {
    INFO(name);
    auto o = webmail::compose_link(*webmail::by_name(name), d, "");
    REQUIRE(o);
    CHECK(query_param(*o, "to") == "victim@example.org");
    CHECK(query_param(*o, "cc") == "c@xn--bcher-kva.example");
    CHECK(query_param(*o, "bcc") == "hidden@example.net");
    CHECK(query_param(*o, "subject") == *d.subject);
    CHECK(query_param(*o, "body") == *d.body);
  }

  for (const auto t : all_targets()) {
    if (t == target::custom || t == target::webmail) continue;
    auto argv = client_argv(t, in);
    REQUIRE(argv);
    check_no_injected_option(*argv, {"-e", "--", "--compose", "--composer", "--subject", "--cc", "--bcc",
                                      "--body", "--header", "-url", "-m"});
  }
}

TEST_CASE("claws_uri puts a To list with display names in the address part", "[dispatch]") {
  // Claws Mail reads the address part as its To text and ignores a to= field (seen with the real
  // Claws Mail 4.1): a display name must travel there, percent-encoded, the rest as usual.
  auto plain = parse_draft("mailto:a@example.org?subject=x");
  REQUIRE(plain);
  CHECK(claws_uri(*plain) == harden_uri(build_mailto(*plain)));
  auto named = parse_draft("mailto:%22Doe%2C%20Jane%22%20%3Cjane%40example.org%3E,b+1@%E7%B4%8D%E8%B1%86.example?cc=c@example.org&subject=a%2Bb");
  REQUIRE(named);
  const std::string uri = claws_uri(*named);
  CHECK(uri == "mailto:%22Doe%2C%20Jane%22%20%3Cjane@example.org%3E%2C%20b%2B1@xn--99zt52a.example?cc=c@example.org&subject=a%2Bb");
  // What Claws Mail does with it: the address part decoded once is an RFC 5322 address list.
  auto to = percent::decode(std::string_view(uri).substr(7, uri.find('?') - 7));
  REQUIRE(to);
  auto list = parse_address_list(*to);
  REQUIRE(list);
  REQUIRE(list->size() == 2);
  CHECK((*list)[0].display_name == "Doe, Jane");
  CHECK((*list)[1].unicode() == "b+1@納豆.example");
  // KMail and aerc read address lists as text too: the display name goes with the address.
  const std::string clean = harden_uri(build_mailto(*named));
  argv_inputs in;
  in.uri = clean;
  in.d = &*named;
  in.terminal = {"xterm", "-e"};
  auto k = client_argv(target{"kmail"}, in);
  REQUIRE(k);
  REQUIRE(k->size() >= 2);
  CHECK((*k)[k->size() - 2] == "\"Doe, Jane\" <jane@example.org>");
  CHECK(k->back() == "b+1@xn--99zt52a.example");
  auto a = client_argv(target{"aerc"}, in);
  REQUIRE(a);
  CHECK(a->back().rfind("mailto:\"Doe, Jane\" <jane@example.org>, b+1@xn--99zt52a.example?", 0) == 0);
}

TEST_CASE("client_argv refuses what would be unsafe", "[dispatch]") {
  argv_inputs in;
  in.uri = "-compose";
  CHECK_FALSE(client_argv(target{"thunderbird"}, in));
  in.uri = "mailto:a@b.org";
  CHECK_FALSE(client_argv(target::custom, in));
  CHECK_FALSE(client_argv(target{"neomutt"}, in));  // no terminal
  CHECK_FALSE(client_argv(target{"kmail"}, in));    // no draft
  in.draft_file = "relative.eml";
  CHECK_FALSE(client_argv(target::eml, in));
  draft d;
  address bad;
  bad.original = "-x";
  d.to = {bad};
  in.d = &d;
  CHECK(client_argv(target{"kmail"}, in).error().code == errc::invalid_address);
  bad.original = "file:/etc/passwd";  // QUrl would read a scheme: an attachment
  d.to = {bad};
  CHECK(client_argv(target{"kmail"}, in).error().code == errc::invalid_address);
  in.program = "/opt/tb/thunderbird";
  CHECK(*client_argv(target{"thunderbird"}, in) == std::vector<std::string>{"/opt/tb/thunderbird", "mailto:a@b.org"});
}

TEST_CASE("aerc gets the To list decoded and one cc= or bcc= per address", "[dispatch]") {
  // aerc 0.14 does not percent-decode the address part (url.URL.Opaque): "user%2Btag" would be
  // another mailbox, and an encoded display name gives no composer at all.
  draft d;
  address shown;
  shown.original = "\"Doe, Jane\" <jane@example.org>";
  d.to = {shown, addr("user+tag", "b\xC3\xBC" "cher.example", "xn--bcher-kva.example")};
  d.cc = {addr("a", "example.org"), addr("b+c", "example.net")};
  d.subject = "1+1?";
  argv_inputs in;
  in.d = &d;
  in.terminal = {"xterm", "-e"};
  using V = std::vector<std::string>;
  CHECK(*client_argv(target{"aerc"}, in) ==
        V{"xterm", "-e", "aerc",
          "mailto:\"Doe, Jane\" <jane@example.org>, user+tag@xn--bcher-kva.example"
          "?cc=a%40example.org&cc=b%2Bc%40example.net&subject=1%2B1%3F"});
  CHECK(client_losses(target{"aerc"}, d).empty());  // Go's net/mail reads a display name
  address junk;
  junk.original = "Jane <jane@";
  d.to.push_back(junk);
  CHECK(client_losses(target{"aerc"}, d) ==
        V{"aerc: this client may lose To: aerc opens no composer when it cannot parse 'Jane <jane@'"});

  // '?', '#' and '%' cannot pass Go's url.Parse in the address part: encoded, and the user told.
  d.to = {addr("a?b", "example.org")};
  CHECK(client_argv(target{"aerc"}, in)->back().rfind("mailto:a%3Fb@example.org?", 0) == 0);
  REQUIRE(client_losses(target{"aerc"}, d).size() == 1);
  CHECK(client_losses(target{"aerc"}, d)[0].find("this client changes To") != std::string::npos);
  in.d = nullptr;
  CHECK_FALSE(client_argv(target{"aerc"}, in));
}

TEST_CASE("with files, Thunderbird's -compose spec loses the other fields, and says which", "[dispatch]") {
  draft d;
  d.to = {addr("a", "example.org")};
  d.headers = {{"In-Reply-To", "<1@example.org>"}, {"Keywords", "x"}};
  std::vector<std::string> lost;
  const auto* tb = mailtokit::clients::by_target(target{"thunderbird"});
  REQUIRE(tb != nullptr);
  REQUIRE(tb->losses_with_files != nullptr);
  tb->losses_with_files(d, lost);
  CHECK(lost == std::vector<std::string>{
                    "Thunderbird: with files attached, this client loses In-Reply-To (the command line that carries "
                    "files has no place for it)",
                    "Thunderbird: with files attached, this client loses Keywords (the command line that carries "
                    "files has no place for it)"});
  // Programs that take files in the link or their own way lose nothing more.
  for (const auto t : {target{"evolution"}, target{"geary"}, target{"claws-mail"}, target{"neomutt"}, target{"mutt"}})
    CHECK(mailtokit::clients::by_target(t)->losses_with_files == nullptr);
  d.headers.clear();
  lost.clear();
  tb->losses_with_files(d, lost);
  CHECK(lost.empty());
}

TEST_CASE("client_losses names what a client does not read from a link", "[dispatch]") {
  draft d;
  d.to = {addr("a", "example.org")};
  d.headers = {{"Keywords", "x"}, {"In-Reply-To", "<1@example.org>"}, {"References", "<1@example.org>"}};
  using V = std::vector<std::string>;
  CHECK(client_losses(target{"thunderbird"}, d).empty());
  CHECK(client_losses(target{"mutt"}, d).empty());  // keywords is allowed by client_argv's command
  CHECK(client_losses(target{"aerc"}, d) ==
        V{"aerc: this client loses Keywords (it does not read that field from a link)",
          "aerc: this client loses References (it does not read that field from a link)"});
  d.headers = {{"X-Custom", "y"}};
  CHECK(client_losses(target{"neomutt"}, d) == V{"neomutt: this client loses X-Custom (it does not read that field from a link)"});
  d.body = "a b\r\nc";
  CHECK(client_losses(target{"evolution"}, d).empty());
  for (const std::string body : {" a", "a\r\n b", "a  b"}) {
    d.body = body;
    CHECK(client_losses(target{"evolution"}, d) ==
          V{"evolution: this client changes Body: it turns a space at the start of a line or next to another space "
            "into a no-break space (U+00A0)"});
  }
  d.body.reset();
  address bad;
  bad.original = "not an address";
  d.headers.clear();
  d.cc = {bad};
  REQUIRE(client_losses(target{"aerc"}, d).size() == 1);
  CHECK(client_losses(target{"aerc"}, d)[0].find("may lose Cc") != std::string::npos);
}

TEST_CASE("kmail gets A-labels and display names", "[dispatch]") {
  draft d;
  address shown;
  shown.original = "\"Doe, Jane\" <jane@example.org>";
  d.to = {addr("user", "\xE7\xB4\x8D\xE8\xB1\x86.example.org", "xn--99zt52a.example.org"), shown};
  argv_inputs in;
  in.d = &d;
  using V = std::vector<std::string>;
  CHECK(*client_argv(target{"kmail"}, in) ==
        V{"kmail", "--composer", "--", "user@xn--99zt52a.example.org", "\"Doe, Jane\" <jane@example.org>"});
}

TEST_CASE("a long body goes to Claws Mail in a file", "[dispatch]") {
  // A running Claws Mail reads "compose <uri>\n" into 8192 bytes and drops the rest.
  CHECK(claws_link_fits(std::string(8181, 'a')));
  CHECK_FALSE(claws_link_fits(std::string(8182, 'a')));
  CHECK(claws_body_text("a\r\nb\r\n") == "a\nb\n");
  argv_inputs in;
  in.uri = "mailto:a@example.org?subject=long";
  in.body_file = "/home/u/.local/state/mailtokit/drafts/draft-0123456789abcdef0123456789abcdef.eml";
  using V = std::vector<std::string>;
  CHECK(*client_argv(target{"claws-mail"}, in) ==
        V{"claws-mail", "--compose", "mailto:a@example.org?subject=long", "--insert", std::string(in.body_file)});
  in.body_file = "relative";
  CHECK_FALSE(client_argv(target{"claws-mail"}, in));
}

namespace {

// Thunderbird's GetArgs() (MsgComposeCommands.js, read in Thunderbird 153's omni.ja), ported:
// how Thunderbird splits a -compose spec into keys. A quote right after '=' opens a quoted value,
// which ends at the same quote followed by ',' or the end; ',' outside one separates pairs; a pair
// is split at its first '='; a value in single quotes is taken as it is, any other value is
// decodeURIComponent()ed (kept as it is when that fails). Later pairs do not override earlier ones.
std::map<std::string, std::string> thunderbird_get_args(const std::string& in) {
  const char sep = '\x01';
  std::string data;
  char quote = 0, prev = 0;
  for (std::size_t i = 0; i < in.size(); prev = in[i], ++i) {
    const char c = in[i];
    const char next = i + 1 < in.size() ? in[i + 1] : 0;
    if (quote != 0 && c == quote && (next == ',' || next == 0)) {
      quote = 0;
      data += c;
    } else if ((c == '\'' || c == '"') && prev == '=') {
      if (quote == 0) quote = c;
      data += c;
    } else if (c == ',') {
      data += quote == 0 ? sep : c;
    } else {
      data += c;
    }
  }
  std::vector<std::string> pairs;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= data.size(); ++i)
    if (i == data.size() || data[i] == sep) {
      pairs.push_back(data.substr(start, i - start));
      start = i + 1;
    }
  std::map<std::string, std::string> args;
  for (auto it = pairs.rbegin(); it != pairs.rend(); ++it) {
    const auto eq = it->find('=');
    if (eq == std::string::npos) continue;
    std::string value = it->substr(eq + 1);
    if (value.size() >= 2 && value.front() == '\'' && value.back() == '\'') {
      value = value.substr(1, value.size() - 2);
    } else {
      if (value.size() >= 2 && value.front() == '"' && value.back() == '"') value = value.substr(1, value.size() - 2);
      if (auto decoded = percent::decode(value)) value = *decoded;
    }
    args[it->substr(0, eq)] = value;
  }
  return args;
}

// The attachment value as Thunderbird splits it: ',' not followed by "file:" is taken as part of
// a path (written %2C), then split at ','; each file: URI back to its path.
std::vector<std::string> thunderbird_attachment_paths(const std::string& value) {
  std::string processed;
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (value[i] == ',' && value.compare(i + 1, 5, "file:") != 0) processed += "%2C";
    else processed += value[i];
  }
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= processed.size(); ++i)
    if (i == processed.size() || processed[i] == ',') {
      const std::string uri = processed.substr(start, i - start);
      REQUIRE(uri.rfind("file:///", 0) == 0);
      out.push_back(*percent::decode(uri.substr(7)));
      start = i + 1;
    }
  return out;
}

}  // namespace

TEST_CASE("Thunderbird gets files in a -compose spec no name or file name can splice", "[dispatch]") {
  // CVE-2022-4055: in a quoted -compose value, a quote followed by ',' ends the value and the rest
  // becomes new keys. Every value here tries that.
  draft d;
  address named = addr("jane", "example.org");
  named.display_name = "Doe, Jane',attachment='/etc/shadow";
  d.to = {named, addr("boss", "example.org")};
  d.cc = {addr("c", "b\xC3\xBC" "cher.example", "xn--bcher-kva.example")};
  d.bcc = {addr("hidden", "example.net")};
  d.subject = "a',attachment='/etc/passwd.odt";
  d.body = "x,to=evil@x\r\n\"line 2\",bcc='evil@example.net'";
  const std::vector<std::string> files = {
      "/home/u/.local/state/mailtokit/drafts/f1/a',attachment='etc-passwd.odt",
      "/home/u/.local/state/mailtokit/drafts/f2/x,to=evil@x",
      "/home/u/.local/state/mailtokit/drafts/f3/Bericht-\xC3\x9Cn\xC3\xAF" "c\xC3\xB6" "d\xC3\xA9.bin",
      "/home/u/.local/state/mailtokit/drafts/f4/100% sure, file:///etc/passwd"};
  argv_inputs in;
  const std::string uri = "mailto:jane@example.org?subject=x";
  in.uri = uri;
  in.d = &d;
  in.attachments = files;
  auto argv = client_argv(target{"thunderbird"}, in);
  REQUIRE(argv);
  REQUIRE(argv->size() == 3);
  CHECK((*argv)[0] == "thunderbird");
  CHECK((*argv)[1] == "-compose");
  const std::string& spec = (*argv)[2];
  // Only unreserved characters, '%', and the ',' and '=' the spec itself is made of.
  CHECK(spec.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~%,=") ==
        std::string::npos);

  const auto args = thunderbird_get_args(spec);
  std::vector<std::string> keys;
  for (const auto& [k, v] : args) keys.push_back(k);
  CHECK(keys == std::vector<std::string>{"attachment", "bcc", "body", "cc", "format", "subject", "to"});
  CHECK(args.at("to") == "\"Doe, Jane',attachment='/etc/shadow\" <jane@example.org>, boss@example.org");
  CHECK(args.at("cc") == "c@xn--bcher-kva.example");
  CHECK(args.at("bcc") == "hidden@example.net");
  CHECK(args.at("subject") == *d.subject);
  CHECK(args.at("body") == "x,to=evil@x\n\"line 2\",bcc='evil@example.net'");
  CHECK(args.at("format") == "text");
  CHECK(thunderbird_attachment_paths(args.at("attachment")) == files);

  // Without files: the link, as ever.
  in.attachments.clear();
  CHECK(*client_argv(target{"thunderbird"}, in) == std::vector<std::string>{"thunderbird", uri});
}

TEST_CASE("each program gets files its own way: attach= fields, -a FILE... --, --attach=FILE, ...", "[dispatch]") {
  draft d;
  d.to = {addr("boss", "example.org")};
  const std::string uri = "mailto:boss@example.org?subject=Quarterly%20report";
  argv_inputs in;
  in.uri = uri;
  in.d = &d;
  in.terminal = {"xterm", "-e"};
  in.attachments = {"/tmp/f/a&attach=/etc/passwd#x", "/tmp/f/-rf ,'\xC3\x9C"};
  using V = std::vector<std::string>;
  auto evo = client_argv(target{"evolution"}, in);
  REQUIRE(evo);
  REQUIRE(evo->size() == 2);
  CHECK((*evo)[1] == uri + "&attach=%2Ftmp%2Ff%2Fa%26attach%3D%2Fetc%2Fpasswd%23x&attach=%2Ftmp%2Ff%2F-rf%20%2C%27%C3%9C");
  CHECK(*client_argv(target{"neomutt"}, in) == V{"xterm", "-e", "neomutt", "-e", "mailto_allow to bcc keywords", "-a",
                                               in.attachments[0], in.attachments[1], "--", uri});
  const auto& f = in.attachments;
  // KMKernel: --attach=FILE before "--" and the To addresses.
  CHECK(*client_argv(target{"kmail"}, in) == V{"kmail", "--composer", "--attach=" + f[0], "--attach=" + f[1], "--",
                                               "boss@example.org"});
  // balsa -m URI --attach=FILE...; alpine -url URI -attach FILE -attach FILE, in a terminal.
  CHECK(*client_argv(target{"balsa"}, in) == V{"balsa", "-m", uri, "--attach=" + f[0], "--attach=" + f[1]});
  CHECK(*client_argv(target{"alpine"}, in) == V{"xterm", "-e", "alpine", "-url", uri, "-attach", f[0], "-attach", f[1]});
  // claws-mail and sylpheed: --compose URI --attach FILE... (Sylpheed's link is made from the draft).
  CHECK(*client_argv(target{"claws-mail"}, in) == V{"claws-mail", "--compose", uri, "--attach", f[0], f[1]});
  CHECK(*client_argv(target{"sylpheed"}, in) ==
        V{"sylpheed", "--compose", "mailto:boss@example.org", "--attach", f[0], f[1]});
}

