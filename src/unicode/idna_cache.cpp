#include "mailtokit/idna_cache.hpp"

#include <algorithm>
#include <vector>

#include "mailtokit/idna.hpp"

namespace mailtokit::idna {

namespace {
constexpr std::size_t k_ways = 4;

// FNV-1a, 64 bits: keys are short domains, spread over sets by the low bits.
std::uint64_t hash(std::string_view s) noexcept {
  std::uint64_t h = 14695981039346656037ull;
  for (const char c : s) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return h;
}
}  // namespace

struct cache::table {
  struct entry {
    std::string key;
    std::string value;
    error err{};
    bool ok = false;
    bool used = false;
    std::uint64_t stamp = 0;  // last use; the smallest in a set is evicted
  };
  std::vector<entry> entries;
  std::size_t sets = 1;
  std::uint64_t clock = 0;
  std::uint64_t hits = 0;
  std::uint64_t misses = 0;

  explicit table(std::size_t capacity) : entries(capacity), sets(capacity / k_ways) {}

  template <class Fn>
  result<std::string> get(std::string_view domain, Fn compute) {
    if (domain.size() > max_key) {
      ++misses;
      return compute(domain);
    }
    const std::size_t set = static_cast<std::size_t>(hash(domain) % sets);
    entry* const first = &entries[set * k_ways];
    entry* victim = first;
    for (entry* e = first; e != first + k_ways; ++e) {
      if (e->used && e->key == domain) {
        ++hits;
        e->stamp = ++clock;
        if (e->ok) return e->value;
        return e->err;
      }
      if (!e->used || (victim->used && e->stamp < victim->stamp)) victim = e;
    }
    ++misses;
    auto r = compute(domain);
    // Memory running out says nothing about the domain: not kept.
    if (!r && r.error().code == errc::no_memory) return r;
    victim->key.assign(domain);
    victim->ok = r.has_value();
    if (r) {
      victim->value = *r;
    } else {
      victim->value.clear();
      victim->err = r.error();
    }
    victim->used = true;
    victim->stamp = ++clock;
    return r;
  }

  [[nodiscard]] std::size_t size() const noexcept {
    return static_cast<std::size_t>(std::count_if(entries.begin(), entries.end(), [](const entry& e) { return e.used; }));
  }
};

cache::cache(std::size_t capacity) {
  const std::size_t c = std::max<std::size_t>(k_ways, (capacity + k_ways - 1) / k_ways * k_ways);
  ascii_ = std::make_unique<table>(c);
  unicode_ = std::make_unique<table>(c);
}
cache::~cache() = default;
cache::cache(cache&&) noexcept = default;
cache& cache::operator=(cache&&) noexcept = default;

result<std::string> cache::to_ascii(std::string_view domain) {
  if (is_plain_ascii(domain)) return idna::to_ascii(domain);
  return ascii_->get(domain, [](std::string_view d) { return idna::to_ascii(d); });
}

result<std::string> cache::to_unicode(std::string_view domain) {
  if (is_plain_ascii(domain)) return idna::to_unicode(domain);
  return unicode_->get(domain, [](std::string_view d) { return idna::to_unicode(d); });
}

std::size_t cache::capacity() const noexcept { return ascii_->entries.size(); }
std::size_t cache::size() const noexcept { return ascii_->size() + unicode_->size(); }
std::uint64_t cache::hits() const noexcept { return ascii_->hits + unicode_->hits; }
std::uint64_t cache::misses() const noexcept { return ascii_->misses + unicode_->misses; }

cache& thread_cache() {
  thread_local cache c(256);
  return c;
}

result<std::string> cached_to_ascii(std::string_view domain) { return thread_cache().to_ascii(domain); }
result<std::string> cached_to_unicode(std::string_view domain) { return thread_cache().to_unicode(domain); }

}  // namespace mailtokit::idna
