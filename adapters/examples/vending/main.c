/* The vending machine as a program: it reads one command per line on stdin and answers on stdout
 * with its outputs, one per line, then a line "." that ends the reaction (so that a driver knows
 * the machine has nothing more to say without waiting for a timeout).
 *
 *   coin 100        ->  screen Credit 100        (or: screen Refused 250)
 *   choice coffee   ->  screen Missing 50        (or: deliver coffee 0)
 *   reset           ->  (nothing: the credit is back to 0)
 *   anything else   ->  error TEXT
 *
 * End of input ends the program (exit 0). Built twice: vending-machine and, with -DPLANTED_BUG,
 * vending-machine-buggy (machine.h says what the bug is). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "machine.h"

static void print_output(const vm_output* out) {
  if (out->kind == VM_SCREEN)
    printf("screen %s %" PRId64 "\n", vm_message_name((int)out->message), out->amount);
  else
    printf("deliver %s %" PRId64 "\n", vm_drink_name((int)out->drink), out->amount);
}

/* Runs one command line (without its newline). */
static void run_command(vending_machine* vm, char* line) {
  char* arg = strchr(line, ' ');
  if (arg != NULL) *arg++ = '\0';
  vm_output out;
  int count = 0;
  if (strcmp(line, "reset") == 0 && arg == NULL) {
    vm_reset(vm);
  } else if (strcmp(line, "coin") == 0 && arg != NULL) {
    char* end = NULL;
    errno = 0;
    const long long value = strtoll(arg, &end, 10);
    if (errno != 0 || end == arg || *end != '\0') {
      printf("error coin needs an integer within 64 bits, got '%s'\n", arg);
      return;
    }
    count = vm_coin(vm, (int64_t)value, &out);
  } else if (strcmp(line, "choice") == 0 && arg != NULL) {
    const int drink = vm_drink_parse(arg);
    if (drink < 0) {
      printf("error no drink named '%s' (tea, coffee, chocolate)\n", arg);
      return;
    }
    count = vm_choice(vm, (vm_drink)drink, &out);
  } else {
    printf("error unknown command '%s' (coin N, choice DRINK, reset)\n", line);
    return;
  }
  if (count > 0) print_output(&out);
}

int main(void) {
  vending_machine vm;
  vm_reset(&vm);
  char line[256];
  while (fgets(line, sizeof line, stdin) != NULL) {
    const size_t n = strcspn(line, "\r\n");
    if (line[n] == '\0' && n == sizeof line - 1) { /* longer than any command: skip the rest */
      int c;
      while ((c = getchar()) != EOF && c != '\n') {
      }
      printf("error command too long\n.\n");
      fflush(stdout);
      continue;
    }
    line[n] = '\0';
    run_command(&vm, line);
    printf(".\n");
    fflush(stdout);
  }
  return 0;
}
