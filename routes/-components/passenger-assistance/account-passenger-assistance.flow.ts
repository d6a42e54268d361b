import { fromPromise } from 'xstate';
import { accountPassengerAssistanceMachine } from '#machines/account-passenger-assistance';
import { passengerAssistanceApi } from '#src/api/passenger-assistance';
import { defineFlow } from '#src/flow';

/** The account's passenger assistance, bound to the API once (src/flow.tsx). */
export const accountPassengerAssistanceFlow = defineFlow(accountPassengerAssistanceMachine)(({ api }) => {
  const assistance = passengerAssistanceApi(api);
  return { actors: { fetchUpcoming: fromPromise(() => assistance.upcoming()) } };
});
