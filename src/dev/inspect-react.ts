/** `@xstate/react` as the dev server serves it to the app's own files: its actors report to the inspector. */
import { useActorRef as baseUseActorRef, useMachine as baseUseMachine } from '@xstate/react';
import { pageInspector, withInspect } from './inspect';

export * from '@xstate/react';

export const useMachine = ((
  logic: Parameters<typeof baseUseMachine>[0],
  options?: Parameters<typeof baseUseMachine>[1],
) => baseUseMachine(logic, withInspect(options, pageInspector))) as typeof baseUseMachine;

export const useActorRef = ((
  logic: Parameters<typeof baseUseActorRef>[0],
  options?: Parameters<typeof baseUseActorRef>[1],
  observer?: Parameters<typeof baseUseActorRef>[2],
) => baseUseActorRef(logic, withInspect(options, pageInspector), observer)) as typeof baseUseActorRef;
