/* wl_keys: one virtual keyboard on a Wayland compositor for the whole of a test, fed key names.

   Usage: wl_keys (WAYLAND_DISPLAY and XDG_RUNTIME_DIR name the compositor)

   Creates one zwp_virtual_keyboard_v1 on the compositor's seat with the standard keymap
   (rules evdev, model pc105, layout us), prints "ready", then reads lines from standard input:
   each line is key names separated by spaces, each an XKB keysym name with optional modifiers
   before it ("Tab", "space", "Return", "Escape", "alt+1", "ctrl+shift+a"). Each key is pressed and
   released; after the line the compositor has received every key (a round trip), and "ok" is
   printed ("error: ..." for a name the keymap has no key for; nothing of that line is sent).
   Ends at the end of its input.

   Why one keyboard with one keymap for the whole run: GTK 3's Wayland backend does not rebuild
   its key bindings when a keyboard's keymap changes, so a tool that uploads a new keymap for each
   key (wtype) delivers keys that activate no button (tests/harness/wayland.py). */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>
#include <xkbcommon/xkbcommon.h>

#include "virtual-keyboard-v1-client-protocol.h"

static struct wl_seat* seat;
static struct zwp_virtual_keyboard_manager_v1* manager;

static void on_global(void* data, struct wl_registry* registry, uint32_t name, const char* interface,
                      uint32_t version) {
  (void)data;
  (void)version;
  if (strcmp(interface, wl_seat_interface.name) == 0 && seat == NULL)
    seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
  else if (strcmp(interface, zwp_virtual_keyboard_manager_v1_interface.name) == 0)
    manager = wl_registry_bind(registry, name, &zwp_virtual_keyboard_manager_v1_interface, 1);
}

static void on_global_remove(void* data, struct wl_registry* registry, uint32_t name) {
  (void)data;
  (void)registry;
  (void)name;
}

static const struct wl_registry_listener registry_listener = {on_global, on_global_remove};

static uint32_t now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint32_t)(t.tv_sec * 1000 + t.tv_nsec / 1000000);
}

struct found {
  xkb_keysym_t sym;
  xkb_keycode_t code;
  int shifted; /* found on level 2 (Shift) */
};

static void find_key(struct xkb_keymap* keymap, xkb_keycode_t code, void* data) {
  struct found* f = data;
  for (xkb_level_index_t level = 0; level < 2 && f->code == 0; ++level) {
    const xkb_keysym_t* syms = NULL;
    int n = xkb_keymap_key_get_syms_by_level(keymap, code, 0, level, &syms);
    for (int i = 0; i < n; ++i)
      if (syms[i] == f->sym) {
        f->code = code;
        f->shifted = level == 1;
      }
  }
}

struct stroke {
  xkb_keycode_t code;
  xkb_mod_mask_t mods;
};

/* One "mod+mod+name" token to a key and its modifier mask; 0 on success. */
static int parse(struct xkb_keymap* keymap, char* token, struct stroke* out) {
  xkb_mod_mask_t mods = 0;
  char* plus;
  while ((plus = strchr(token, '+')) != NULL && plus[1] != '\0') {
    *plus = '\0';
    const char* mod = strcasecmp(token, "ctrl") == 0    ? XKB_MOD_NAME_CTRL
                      : strcasecmp(token, "alt") == 0   ? XKB_MOD_NAME_ALT
                      : strcasecmp(token, "shift") == 0 ? XKB_MOD_NAME_SHIFT
                      : strcasecmp(token, "super") == 0 ? XKB_MOD_NAME_LOGO
                                                        : NULL;
    if (mod == NULL) return -1;
    mods |= 1u << xkb_keymap_mod_get_index(keymap, mod);
    token = plus + 1;
  }
  struct found f = {xkb_keysym_from_name(token, XKB_KEYSYM_NO_FLAGS), 0, 0};
  if (f.sym == XKB_KEY_NoSymbol) return -1;
  xkb_keymap_key_for_each(keymap, find_key, &f);
  if (f.code == 0) return -1;
  if (f.shifted) mods |= 1u << xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_SHIFT);
  out->code = f.code;
  out->mods = mods;
  return 0;
}

int main(void) {
  struct wl_display* display = wl_display_connect(NULL);
  if (display == NULL) {
    fprintf(stderr, "wl_keys: cannot connect to the Wayland display\n");
    return 1;
  }
  struct wl_registry* registry = wl_display_get_registry(display);
  wl_registry_add_listener(registry, &registry_listener, NULL);
  wl_display_roundtrip(display);
  if (seat == NULL || manager == NULL) {
    fprintf(stderr, "wl_keys: the compositor offers no %s\n",
            seat == NULL ? "seat" : "zwp_virtual_keyboard_manager_v1");
    return 1;
  }
  struct xkb_context* context = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
  struct xkb_rule_names names = {"evdev", "pc105", "us", "", ""};
  struct xkb_keymap* keymap = context != NULL ? xkb_keymap_new_from_names(context, &names, 0) : NULL;
  char* text = keymap != NULL ? xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) : NULL;
  if (text == NULL) {
    fprintf(stderr, "wl_keys: no keymap for evdev/pc105/us\n");
    return 1;
  }
  const size_t size = strlen(text) + 1;
  int fd = memfd_create("wl_keys-keymap", MFD_CLOEXEC);
  if (fd < 0 || write(fd, text, size) != (ssize_t)size) {
    perror("wl_keys: keymap file");
    return 1;
  }
  struct zwp_virtual_keyboard_v1* keyboard =
      zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(manager, seat);
  zwp_virtual_keyboard_v1_keymap(keyboard, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, fd, (uint32_t)size);
  if (wl_display_roundtrip(display) < 0) {
    fprintf(stderr, "wl_keys: the compositor refused the keyboard\n");
    return 1;
  }
  printf("ready\n");
  fflush(stdout);

  char line[4096];
  while (fgets(line, sizeof line, stdin) != NULL) {
    struct stroke strokes[64];
    size_t n = 0;
    int bad = 0;
    for (char* token = strtok(line, " \t\r\n"); token != NULL; token = strtok(NULL, " \t\r\n")) {
      if (n == sizeof strokes / sizeof strokes[0] || parse(keymap, token, &strokes[n]) != 0) {
        printf("error: no key for %s\n", token);
        bad = 1;
        break;
      }
      ++n;
    }
    if (bad) {
      fflush(stdout);
      continue;
    }
    for (size_t i = 0; i < n; ++i) {
      /* The compositor passes the modifier state on to the focused window (wl_keyboard.modifiers);
         the key's code is the evdev code, the XKB code less 8. */
      if (strokes[i].mods != 0) zwp_virtual_keyboard_v1_modifiers(keyboard, strokes[i].mods, 0, 0, 0);
      zwp_virtual_keyboard_v1_key(keyboard, now_ms(), strokes[i].code - 8, WL_KEYBOARD_KEY_STATE_PRESSED);
      zwp_virtual_keyboard_v1_key(keyboard, now_ms(), strokes[i].code - 8, WL_KEYBOARD_KEY_STATE_RELEASED);
      if (strokes[i].mods != 0) zwp_virtual_keyboard_v1_modifiers(keyboard, 0, 0, 0, 0);
    }
    if (wl_display_roundtrip(display) < 0) {
      fprintf(stderr, "wl_keys: the connection to the compositor was lost\n");
      return 1;
    }
    printf("ok\n");
    fflush(stdout);
  }
  zwp_virtual_keyboard_v1_destroy(keyboard);
  wl_display_roundtrip(display);
  wl_display_disconnect(display);
  return 0;
}
