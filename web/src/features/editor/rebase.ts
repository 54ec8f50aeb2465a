import {
  applyPatchesWithInverse,
  deepEqual,
  PatchError,
  validateDocument,
  type GuidebookDocument,
  type Patch,
} from '@pocketguide/contracts';

/**
 * Re-applies our unsaved patches on a newer document someone else saved (another tab, another person), the way a
 * rebase does: each patch is moved to where its target now is and applied only if what it changes is still what
 * we changed it from.
 *
 * - Array indexes are followed by `_id` when the elements have one: an item we typed in is found again even if
 *   the other tab inserted, deleted or moved items around it. An insert goes after the element it followed.
 * - A patch whose target the other side deleted, or whose old value the other side changed too (both edited the
 *   same text), does not apply: the author is asked which version to keep instead of losing one silently.
 * - The result must be a valid document.
 *
 * `base` is the document our patches were made on (the last saved one), `theirs` the server's current one.
 */
export type RebaseResult = { doc: GuidebookDocument; patches: Patch[] };

type Json = unknown;
type Segment = Patch['path'][number];

const isRecord = (value: Json): value is Record<string, Json> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const idOf = (value: Json): string | null => (isRecord(value) && typeof value._id === 'string' ? value._id : null);
const hasOwn = (object: Record<string, Json>, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** The value at a path, or `undefined` when the path does not exist. */
function valueAt(doc: Json, path: readonly Segment[]): Json {
  let node = doc;
  for (const segment of path) {
    if (Array.isArray(node)) {
      if (segment === 'length') return node.length;
      node = node[Number(segment)];
    } else if (isRecord(node)) node = hasOwn(node, String(segment)) ? node[String(segment)] : undefined;
    else return undefined;
  }
  return node;
}

/** Where `path` (valid in `ours`) points in `theirs`, following array elements by `_id`; null when gone. */
function mapPath(ours: Json, theirs: Json, patch: Patch): Patch['path'] | null {
  const out: Segment[] = [];
  let a = ours;
  let b = theirs;
  const { path } = patch;
  for (let depth = 0; depth < path.length; depth++) {
    const segment = path[depth]!;
    const last = depth === path.length - 1;
    if (Array.isArray(a)) {
      if (!Array.isArray(b)) return null;
      if (segment === 'length') {
        // only an id-less array that nobody else changed may be shortened so
        if (!deepEqual(a, b)) return null;
        out.push(segment);
        continue;
      }
      const index = Number(segment);
      const keyed = a.length > 0 && a.every((element) => idOf(element) !== null);
      if (last && patch.op === 'add') {
        if (!keyed) {
          if (!deepEqual(a, b)) return null;
          out.push(index);
        } else if (index === 0) out.push(0);
        else {
          const previousId = idOf(a[index - 1]);
          const previous = b.findIndex((element) => idOf(element) === previousId);
          if (previous === -1) return null;
          out.push(previous + 1);
        }
        return out;
      }
      const element = a[index];
      const id = idOf(element);
      let mapped = index;
      if (id !== null) mapped = b.findIndex((candidate) => idOf(candidate) === id);
      else if (last && patch.op === 'remove' && !deepEqual(a, b)) return null;
      if (mapped === -1 || mapped >= b.length) return null;
      out.push(mapped);
      a = element;
      b = b[mapped];
      continue;
    }
    if (isRecord(a)) {
      if (!isRecord(b)) return null;
      const key = String(segment);
      if (!last && !hasOwn(b, key)) return null;
      out.push(segment);
      a = a[key];
      b = b[key];
      continue;
    }
    return null;
  }
  return out;
}

export function rebasePatches(
  base: GuidebookDocument,
  theirs: GuidebookDocument,
  mine: readonly Patch[],
): RebaseResult | null {
  let ours: Json = base;
  let next: Json = theirs;
  const rebased: Patch[] = [];
  for (const patch of mine) {
    const path = mapPath(ours, next, patch);
    if (!path) return null;
    const insertsIntoArray = patch.op === 'add' && Array.isArray(valueAt(ours, patch.path.slice(0, -1)));
    // what the patch overwrites or removes must be what it was when we made it
    if (!insertsIntoArray && !deepEqual(valueAt(ours, patch.path), valueAt(next, path))) return null;
    const moved: Patch = { ...patch, path };
    try {
      ours = applyPatchesWithInverse(ours, [patch]).doc;
      next = applyPatchesWithInverse(next, [moved]).doc;
    } catch (error) {
      if (error instanceof PatchError) return null;
      throw error;
    }
    rebased.push(moved);
  }
  if (validateDocument(next) !== null) return null;
  return { doc: next as GuidebookDocument, patches: rebased };
}
