/** `xstate` as the dev server serves it to the app's own files: createActor reports to the inspector. */
import { createActor as baseCreateActor } from 'xstate';
import { pageInspector, withInspect } from './inspect';

export * from 'xstate';

export const createActor = ((
  logic: Parameters<typeof baseCreateActor>[0],
  options?: Parameters<typeof baseCreateActor>[1],
) => baseCreateActor(logic, withInspect(options, pageInspector))) as typeof baseCreateActor;
