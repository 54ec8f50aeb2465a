/** An event as deciders see it: a type and its data; the store adds ids, revisions and positions. */
export type DomainEvent = { type: string; data: unknown };

/**
 * The decider pattern: three pure functions. `decide` throws typed errors (ValidationError, ForbiddenError…)
 * when the command is refused; it returns no events when the command changes nothing.
 */
export interface Decider<State, Command, Event extends DomainEvent> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): readonly Event[];
}
