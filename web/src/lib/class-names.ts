/** Joins the class names that are set; a tiny stand-in for clsx. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
