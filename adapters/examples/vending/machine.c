/* The vending machine's logic (machine.h); the model is configs/models/vending-machine.iosts. */
#include "machine.h"

#include <string.h>

static const char* const drink_names[VM_DRINKS] = {"tea", "coffee", "chocolate"};
static const char* const message_names[] = {"Credit", "Missing", "Refused"};

/* The price list, looked up by the drink's name as a real machine reads its configuration. */
typedef struct price_entry {
  const char* drink;
  int64_t price;
} price_entry;

static const price_entry prices[] = {
    {"tea", 100},
    {"coffee", 150},
#ifdef PLANTED_BUG
    {"chocolat", 180}, /* the planted bug: a misspelt name, so chocolate has no price */
#else
    {"chocolate", 180},
#endif
};

/* The price of a drink, or -1 when the list has none for it. */
static int64_t price_of(vm_drink drink) {
  const char* name = vm_drink_name((int)drink);
  if (name == NULL) return -1;
  for (size_t i = 0; i < sizeof prices / sizeof prices[0]; ++i)
    if (strcmp(prices[i].drink, name) == 0) return prices[i].price;
  return -1;
}

void vm_reset(vending_machine* vm) { vm->credit = 0; }

int vm_coin(vending_machine* vm, int64_t value, vm_output* out) {
  out->kind = VM_SCREEN;
  if (value <= 0 || value > VM_MAX_COIN) {
    out->message = VM_REFUSED; /* the coin drops back out; the screen shows what was refused */
    out->amount = value;
    return 1;
  }
  vm->credit += value;
  out->message = VM_CREDIT;
  out->amount = vm->credit;
  return 1;
}

int vm_choice(vending_machine* vm, vm_drink drink, vm_output* out) {
  const int64_t price = price_of(drink);
  if (price < 0) return 0; /* no price: the machine ignores the button (what the bug does) */
  if (vm->credit < price) {
    out->kind = VM_SCREEN;
    out->message = VM_MISSING;
    out->amount = price - vm->credit;
    return 1;
  }
  out->kind = VM_DELIVER;
  out->drink = drink;
  out->amount = vm->credit - price; /* the change */
  vm->credit = 0;
  return 1;
}

const char* vm_drink_name(int drink) { return drink >= 0 && drink < VM_DRINKS ? drink_names[drink] : NULL; }

int vm_drink_parse(const char* name) {
  for (int d = 0; d < VM_DRINKS; ++d)
    if (strcmp(drink_names[d], name) == 0) return d;
  return -1;
}

const char* vm_message_name(int message) {
  return message >= 0 && message < (int)(sizeof message_names / sizeof message_names[0]) ? message_names[message] : NULL;
}
