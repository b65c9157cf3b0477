/* wl_pointer: one virtual pointer (a mouse) on a Wayland compositor for the whole of a test.

   Usage: wl_pointer WIDTH HEIGHT (WAYLAND_DISPLAY and XDG_RUNTIME_DIR name the compositor;
   WIDTH x HEIGHT is the size of its layout, where positions are)

   Creates one zwlr_virtual_pointer_v1 on the compositor's seat, prints "ready", then reads lines
   from standard input, each one of:
     move X Y     the pointer to (X, Y) in layout pixels
     press        the left button down
     release      the left button up
     click X Y    move there, then the left button down and up
   After each line the compositor has received it (a round trip), and "ok" is printed ("error:
   ..." for a line it does not know). Ends at the end of its input.

   Why: sway's headless backend has no input devices, so its seat has no pointer and a window
   gets no wl_pointer; a virtual pointer is a device of the seat like a real mouse, whose presses
   the compositor delivers to the window under it. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>

#include "virtual-pointer-v1-client-protocol.h"

enum { BTN_LEFT_CODE = 0x110 }; /* linux/input-event-codes.h: BTN_LEFT */

static struct wl_seat* seat;
static struct zwlr_virtual_pointer_manager_v1* manager;

static void on_global(void* data, struct wl_registry* registry, uint32_t name, const char* interface,
                      uint32_t version) {
  (void)data;
  (void)version;
  if (strcmp(interface, wl_seat_interface.name) == 0 && seat == NULL)
    seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
  else if (strcmp(interface, zwlr_virtual_pointer_manager_v1_interface.name) == 0)
    manager = wl_registry_bind(registry, name, &zwlr_virtual_pointer_manager_v1_interface, 1);
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

int main(int argc, char** argv) {
  const long width = argc == 3 ? strtol(argv[1], NULL, 10) : 0;
  const long height = argc == 3 ? strtol(argv[2], NULL, 10) : 0;
  if (width <= 0 || height <= 0) {
    fprintf(stderr, "usage: wl_pointer WIDTH HEIGHT\n");
    return 2;
  }
  struct wl_display* display = wl_display_connect(NULL);
  if (display == NULL) {
    fprintf(stderr, "wl_pointer: cannot connect to the Wayland display\n");
    return 1;
  }
  struct wl_registry* registry = wl_display_get_registry(display);
  wl_registry_add_listener(registry, &registry_listener, NULL);
  wl_display_roundtrip(display);
  if (seat == NULL || manager == NULL) {
    fprintf(stderr, "wl_pointer: the compositor offers no %s\n",
            seat == NULL ? "seat" : "zwlr_virtual_pointer_manager_v1");
    return 1;
  }
  struct zwlr_virtual_pointer_v1* pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, seat);
  if (wl_display_roundtrip(display) < 0) {
    fprintf(stderr, "wl_pointer: the compositor refused the pointer\n");
    return 1;
  }
  printf("ready\n");
  fflush(stdout);

  char line[256];
  while (fgets(line, sizeof line, stdin) != NULL) {
    long x = 0, y = 0;
    char word[16] = "";
    const int n = sscanf(line, "%15s %ld %ld", word, &x, &y);
    const int positioned = n == 3 && x >= 0 && y >= 0 && x < width && y < height;
    if (strcmp(word, "move") == 0 && positioned) {
      zwlr_virtual_pointer_v1_motion_absolute(pointer, now_ms(), (uint32_t)x, (uint32_t)y, (uint32_t)width,
                                              (uint32_t)height);
      zwlr_virtual_pointer_v1_frame(pointer);
    } else if ((strcmp(word, "press") == 0 || strcmp(word, "release") == 0) && n == 1) {
      zwlr_virtual_pointer_v1_button(pointer, now_ms(), BTN_LEFT_CODE,
                                     word[0] == 'p' ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED);
      zwlr_virtual_pointer_v1_frame(pointer);
    } else if (strcmp(word, "click") == 0 && positioned) {
      zwlr_virtual_pointer_v1_motion_absolute(pointer, now_ms(), (uint32_t)x, (uint32_t)y, (uint32_t)width,
                                              (uint32_t)height);
      zwlr_virtual_pointer_v1_frame(pointer);
      zwlr_virtual_pointer_v1_button(pointer, now_ms(), BTN_LEFT_CODE, WL_POINTER_BUTTON_STATE_PRESSED);
      zwlr_virtual_pointer_v1_frame(pointer);
      zwlr_virtual_pointer_v1_button(pointer, now_ms(), BTN_LEFT_CODE, WL_POINTER_BUTTON_STATE_RELEASED);
      zwlr_virtual_pointer_v1_frame(pointer);
    } else {
      printf("error: not a pointer command (move X Y, press, release, click X Y inside %ldx%ld): %s", width,
             height, line);
      fflush(stdout);
      continue;
    }
    if (wl_display_roundtrip(display) < 0) {
      fprintf(stderr, "wl_pointer: the connection to the compositor was lost\n");
      return 1;
    }
    printf("ok\n");
    fflush(stdout);
  }
  zwlr_virtual_pointer_v1_destroy(pointer);
  wl_display_roundtrip(display);
  wl_display_disconnect(display);
  return 0;
}
