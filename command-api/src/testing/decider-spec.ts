import { expect } from 'vitest';
import type { Decider, DomainEvent } from '../core/decider.ts';

/**
 * given(events).when(command).then(events) for deciders, in the Emmett style:
 *   spec.given([created]).when(publish).then([published])
 *   spec.given([]).when(publish).thenThrows(NotFoundError, 'Not Found')
 */
export function deciderSpec<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
  return {
    given(events: readonly Event[]) {
      const state = events.reduce(decider.evolve, decider.initialState());
      return {
        when(command: Command) {
          const run = () => decider.decide(command, state);
          return {
            then(expected: readonly Event[]) {
              expect(run()).toEqual(expected);
            },
            thenNothingHappens() {
              expect(run()).toEqual([]);
            },
            thenThrows(errorClass: abstract new (...args: never[]) => Error, message?: string | RegExp) {
              let thrown: unknown;
              try {
                run();
              } catch (error) {
                thrown = error;
              }
              expect(thrown).toBeInstanceOf(errorClass);
              if (message !== undefined) expect((thrown as Error).message).toMatch(message);
            },
            /** the state after applying the decided events: for checking evolve */
            thenState(expected: State) {
              expect(run().reduce(decider.evolve, state)).toEqual(expected);
            },
          };
        },
      };
    },
  };
}
