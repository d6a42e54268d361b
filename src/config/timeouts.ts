/**
 * How long any call to the API may take before the screen shows its error state with a retry.
 * docs/product/api.md gives 10 seconds for GraphQL; the same bound holds for every REST call
 * (docs/decisions/162) so that no screen waits forever on a hung server.
 */
export const requestTimeoutMs = 10_000;

/** Message of the error a timed-out call ends in (the screen shows its own error copy). */
export const requestTimeoutMessage = 'The server took too long to answer';
