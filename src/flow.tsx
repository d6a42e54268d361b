import { createActorContext, useMachine } from '@xstate/react';
import type { ReactNode } from 'react';
import type { AnyStateMachine, ActorOptions, InputFrom } from 'xstate';
import { useServices, type AppServices } from './services';

/**
 * One binding per flow (docs/architecture.md, "A flow's files"). A flow's chart in `machines/` is pure:
 * it names its actors and actions. The flow's `<flow>.flow.ts` next to its screens binds them to this
 * app's API once, from the services, instead of each screen writing `machine.provide(…)` with inline
 * adapters at every use.
 *
 * - `bind(services)` is the chart with its implementations, memoised per services object, so a screen
 *   re-rendering never hands `useMachine` a new chart, and a test's services give it its own.
 * - `useFlow(options)` runs the flow for one screen (the usual case).
 * - `Provider` + `useSelector` / `useActorRef` share one running flow between the components of a
 *   screen (XState's `createActorContext`), so a child reads the flow instead of taking it as props.
 *
 * What a screen knows and the chart needs (an id from the route, today's date) goes in as `input`;
 * what needs React (navigation, focus) stays in the screen and follows the snapshot.
 */
export type Implementations<TMachine extends AnyStateMachine> = Parameters<TMachine['provide']>[0];

export const defineFlow =
  <TMachine extends AnyStateMachine>(machine: TMachine) =>
  (implement: (services: AppServices) => Implementations<TMachine>) => {
    const bound = new WeakMap<AppServices, TMachine>();
    const bind = (services: AppServices): TMachine => {
      let logic = bound.get(services);
      if (!logic) {
        logic = machine.provide(implement(services)) as TMachine;
        bound.set(services, logic);
      }
      return logic;
    };
    const Context = createActorContext(machine);

    function Provider({ children, input }: { children: ReactNode; input?: InputFrom<TMachine> }) {
      const logic = bind(useServices());
      const options = input === undefined ? undefined : ({ input } as ActorOptions<TMachine>);
      return (
        <Context.Provider logic={logic} options={options}>
          {children}
        </Context.Provider>
      );
    }

    return {
      machine,
      bind,
      useFlow: (options?: ActorOptions<TMachine>) => useMachine(bind(useServices()), options),
      Provider,
      useSelector: Context.useSelector,
      useActorRef: Context.useActorRef,
    };
  };
