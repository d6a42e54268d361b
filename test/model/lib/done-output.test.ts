import { describe, expect, it } from 'vitest';
import { doneOutput } from '#machines/lib/done-output';

/** machines/lib/done-output.ts: a named guard or action reads an invoked actor's output through it. */
describe('doneOutput', () => {
  it("gives the output of the named actor's done event", () => {
    expect(
      doneOutput<{ id: string }>(
        { type: 'xstate.done.actor.fetchBooking', output: { id: 'B1' } } as never,
        'fetchBooking',
      ),
    ).toEqual({ id: 'B1' });
  });
  it("throws, naming both, for another actor's done event or any other event (a chart wired to the wrong event)", () => {
    expect(() => doneOutput({ type: 'xstate.done.actor.fetchOther', output: {} } as never, 'fetchBooking')).toThrow(
      'expected xstate.done.actor.fetchBooking, got xstate.done.actor.fetchOther',
    );
    expect(() => doneOutput({ type: 'form.submit' }, 'fetchBooking')).toThrow(
      'expected xstate.done.actor.fetchBooking, got form.submit',
    );
  });
});
