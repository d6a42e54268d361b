/**
 * The stem of a screen's Idempotency-Keys (decision 310): 128 random bits as hex, made once when a
 * money-moving screen starts; its machine adds the attempt number (machines/lib/attempt-key.ts).
 * getRandomValues rather than randomUUID: the latter exists only in secure contexts.
 */
export function newKeySeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
