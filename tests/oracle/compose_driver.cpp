// Oracle test driver: compose every row of tests/data/compose_oracle.tsv (drafts built directly)
// and of tests/data/compose_oracle_uri.tsv (mailto URIs through parse_draft) with the real
// library, and write each message to OUTDIR/<table>-<line>.eml for run_oracles.py to check.
// Prints one line per row: "<name>\tok" or "<name>\terror <errc> <offset>".
// Usage: compose_driver DATA_DIR OUTDIR
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "mailtokit/compose.hpp"
#include "mailtokit/policy.hpp"
#include "tsv.hpp"

using namespace mailtokit;

namespace {

std::vector<std::string> split(const std::string& s, const std::string& sep) {
  std::vector<std::string> out;
  if (s.empty()) return out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t p = s.find(sep, start);
    out.push_back(s.substr(start, p == std::string::npos ? std::string::npos : p - start));
    if (p == std::string::npos) break;
    start = p + sep.size();
  }
  return out;
}

// "Display Name <local@domain>" or "local@domain" (the table's own simple format).
address parse_entry(const std::string& e) {
  address a;
  std::string spec = e;
  if (!e.empty() && e.back() == '>') {
    const std::size_t lt = e.rfind('<');
    a.display_name = lt > 0 ? e.substr(0, lt - 1) : "";
    spec = e.substr(lt + 1, e.size() - lt - 2);
  }
  const std::size_t at = spec.rfind('@');
  a.local_part = spec.substr(0, at);
  a.domain = spec.substr(at + 1);
  a.valid = true;
  a.needs_smtputf8 = false;
  for (char c : a.local_part) a.needs_smtputf8 = a.needs_smtputf8 || static_cast<unsigned char>(c) >= 0x80;
  return a;
}

std::vector<address> parse_list(const std::string& cell) {
  std::vector<address> out;
  for (const std::string& e : split(cell, " || ")) out.push_back(parse_entry(e));
  return out;
}

bool write_file(const std::string& path, const std::string& bytes) {
  std::ofstream f(path, std::ios::binary);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(f);
}

void report(const std::string& outdir, const std::string& name, const result<std::string>& r) {
  if (!r) {
    std::cout << name << "\terror " << to_name(r.error().code) << ' ' << r.error().offset << '\n';
    return;
  }
  if (!write_file(outdir + "/" + name + ".eml", *r)) {
    std::cerr << "cannot write " << outdir << "/" << name << ".eml\n";
    std::exit(2);
  }
  std::cout << name << "\tok\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: compose_driver DATA_DIR OUTDIR\n";
    return 2;
  }
  const std::string outdir = argv[2];
  compose_options base;
  base.date = "Sun, 22 Nov 2026 10:00:00 +0000";
  // Columns: to, cc, bcc, subject, body, headers, from, flags, note.
  for (const auto& row : test::load_tsv("compose_oracle.tsv")) {
    draft d;
    d.to = parse_list(row.at(0));
    d.cc = parse_list(row.at(1));
    d.bcc = parse_list(row.at(2));
    if (row.at(3) != "(none)") d.subject = row.at(3);
    if (row.at(4) != "(none)") d.body = row.at(4);
    for (const std::string& h : split(row.at(5), " || ")) {
      const std::size_t colon = h.find(": ");
      d.headers.push_back({h.substr(0, colon), h.substr(colon + 2)});
    }
    if (!row.at(6).empty()) d.from = parse_entry(row.at(6));
    compose_options o = base;
    o.allow_smtputf8 = row.at(7).find("smtputf8") != std::string::npos;
    o.message_id = "<row-" + std::to_string(row.line) + "@example.net>";
    report(outdir, "draft-" + std::to_string(row.line), compose(d, o));
  }
  // Columns: uri, expected to, cc, subject, body, headers, note.
  for (const auto& row : test::load_tsv("compose_oracle_uri.tsv")) {
    const std::string name = "uri-" + std::to_string(row.line);
    auto d = parse_draft(row.at(0));
    if (!d) {
      std::cout << name << "\terror " << to_name(d.error().code) << ' ' << d.error().offset << '\n';
      continue;
    }
    compose_options o = base;
    o.message_id = "<uri-" + std::to_string(row.line) + "@example.net>";
    report(outdir, name, compose(*d, o));
  }
  return 0;
}
