/** The front door's addresses (issue 11): apart from its pages, so the entry can check one before loading them. */
export const FRONT_DOOR_PATHS = ['/', '/login', '/signup'] as const;

export type FrontDoorPath = (typeof FRONT_DOOR_PATHS)[number];

export function isFrontDoorPath(path: string): path is FrontDoorPath {
  return (FRONT_DOOR_PATHS as readonly string[]).includes(path);
}
