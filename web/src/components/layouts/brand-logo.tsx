/** The PocketGuide mark: a folded travel map with a coral place pin. Decorative; the brand name is the label. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--color-primary-600)" />
      <path d="M6.5 11.2 12.3 9l7.4 2.6 5.8-2.2v13.4l-5.8 2.2-7.4-2.6-5.8 2.2Z" fill="#fff" />
      <path d="M12.3 9v13.4M19.7 11.6V25" stroke="var(--color-primary-200)" strokeWidth="1.2" />
      <path
        d="M16 6.2a3.6 3.6 0 0 1 3.6 3.6c0 2.5-3.6 6-3.6 6s-3.6-3.5-3.6-6A3.6 3.6 0 0 1 16 6.2Z"
        fill="var(--color-accent-500)"
        stroke="#fff"
        strokeWidth="1.2"
      />
      <circle cx="16" cy="9.8" r="1.3" fill="#fff" />
    </svg>
  );
}
