/* The drink vending machine of adapters/examples/vending (the model:
 * configs/models/vending-machine.iosts). The logic only: no I/O, so that the stand-alone program
 * (main.c) and the shared-library adapter (adapter.c) run the same code.
 *
 * Compiled with -DPLANTED_BUG it has one bug that shows for one drink only: the price table spells
 * chocolate "chocolat", so choosing chocolate finds no price and the machine emits nothing, where
 * the model says it shows the missing amount or delivers. */
#ifndef VENDING_MACHINE_H
#define VENDING_MACHINE_H

#include <stdint.h>

typedef enum vm_drink { VM_TEA = 0, VM_COFFEE = 1, VM_CHOCOLATE = 2, VM_DRINKS = 3 } vm_drink;
/* What the screen shows (the model's enum Msg, same order). */
typedef enum vm_message { VM_CREDIT = 0, VM_MISSING = 1, VM_REFUSED = 2 } vm_message;

typedef enum vm_output_kind { VM_SCREEN, VM_DELIVER } vm_output_kind;

/* One output of the machine: screen(msg, amount) or deliver(drink, change). */
typedef struct vm_output {
  vm_output_kind kind;
  vm_message message; /* VM_SCREEN */
  vm_drink drink;     /* VM_DELIVER */
  int64_t amount;     /* VM_SCREEN: the amount shown; VM_DELIVER: the change */
} vm_output;

typedef struct vending_machine {
  int64_t credit; /* money inserted and not yet spent */
} vending_machine;

/* The largest coin the machine accepts (the model's 200). */
#define VM_MAX_COIN 200

void vm_reset(vending_machine* vm);
/* Each returns the number of outputs written to *out (0 or 1). */
int vm_coin(vending_machine* vm, int64_t value, vm_output* out);
int vm_choice(vending_machine* vm, vm_drink drink, vm_output* out);

/* Names as the model spells them; NULL or -1 when out of range / unknown. */
const char* vm_drink_name(int drink);
int vm_drink_parse(const char* name);
const char* vm_message_name(int message);

#endif
