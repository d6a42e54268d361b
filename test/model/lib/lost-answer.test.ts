import { describe, expect, it } from 'vitest';
import { answerOf, failureOf, isAnswered, refusalOf } from '#machines/lib/lost-answer';
import { codeOf, problemOfEvent } from '#machines/lib/problems';
import { ApiError } from '#src/api/errors';

const done = (output: unknown) => ({ type: 'xstate.done.actor.submit', output });
const refusal = new ApiError({ kind: 'http', status: 409, codes: ['ALREADY_CANCELLED'], detail: null, body: null });

describe('an attempt of the lost-answer chart, read by its flow (decision 575)', () => {
  it('an answer is the answer, and no refusal', () => {
    const event = done({ kind: 'answered', answer: { id: 'a-1' } });
    expect(isAnswered(event, 'submit')).toBe(true);
    expect(answerOf(event, 'submit')).toEqual({ id: 'a-1' });
    expect(refusalOf(event, 'submit')).toStrictEqual({});
  });

  it('a refusal reads as the failed call did, through the one problem module', () => {
    const event = done({ kind: 'refused', error: refusal });
    expect(isAnswered(event, 'submit')).toBe(false);
    expect(answerOf(event, 'submit')).toBeUndefined();
    expect(codeOf(problemOfEvent(refusalOf(event, 'submit')))).toBe('ALREADY_CANCELLED');
    expect(failureOf(event, 'submit')).toEqual({ error: refusal });
  });

  it('leaving is neither an answer nor a refusal', () => {
    const event = done({ kind: 'left' });
    expect(isAnswered(event, 'submit')).toBe(false);
    expect(answerOf(event, 'submit')).toBeUndefined();
    expect(refusalOf(event, 'submit')).toStrictEqual({});
  });

  it('the attempt failing itself is read from its error event', () => {
    const event = { type: 'xstate.error.actor.submit', error: refusal };
    expect(failureOf(event, 'submit')).toBe(event);
  });

  it('another actor’s event is refused, not misread', () => {
    expect(() => answerOf(done({ kind: 'answered', answer: 1 }), 'other')).toThrow(/xstate.done.actor.other/);
  });
});
