import type { Projector } from './projector.ts';
import { guidebookListProjector } from './guidebook-list/guidebook-list-projector.ts';

/** Every read model the product has; the runner, the rebuild CLI and /api/health read this list. */
export const allProjectors: readonly Projector[] = [guidebookListProjector as unknown as Projector];
