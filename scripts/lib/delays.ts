/**
 * How the diagrams, the chart JSON and the gallery write a machine's named delay: a fixed spec
 * constant as its value in milliseconds, a delay that really depends on context as its rule from
 * docs/product/constants.md (a designer cannot run the machine to find out). A context delay missing from
 * RULES is written as such, and test/model/charts.test.ts fails on it, so a new one gets its rule.
 */
import type { AnyStateMachine } from 'xstate';

/** Rules of the delays that depend on context, by delay name (docs/product/constants.md). */
const RULES: Readonly<Record<string, string>> = {
  ticketPollMs: '800 ms × 2^n, at most 15 tries',
  pollDelay: '2000 ms × 2^n, at most 3 retries',
};

export const UNKNOWN_RULE = 'computed from context (rule not written in scripts/lib/delays.ts)';

/** The delay's value in ms when fixed, else null. */
function delayMs(machine: AnyStateMachine, name: string | number): number | null {
  if (typeof name === 'number') return name;
  const d = (machine.implementations.delays as Record<string, unknown>)[name];
  return typeof d === 'number' ? d : null;
}

/** "400 ms", or the delay's rule. */
export function delayValue(machine: AnyStateMachine, name: string | number): string {
  const ms = delayMs(machine, name);
  if (ms !== null) return `${ms} ms`;
  return RULES[String(name)] ?? UNKNOWN_RULE;
}

/** "insuranceRefreshDebounceMs (400 ms)", "ticketPollMs (800 ms × 2^n, at most 15 tries)", "250 ms". */
export function delayText(machine: AnyStateMachine, name: string | number): string {
  return typeof name === 'number' ? `${name} ms` : `${name} (${delayValue(machine, name)})`;
}
