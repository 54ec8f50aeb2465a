import { useState } from 'react';
import { cx } from '../lib/class-names.ts';

type AvatarProps = {
  name: string;
  image: string | null;
  /** the image's description; omit when a visible name sits beside the avatar */
  alt?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

const sizes = { sm: 'size-8 text-xs', md: 'size-9 text-sm', lg: 'size-12 text-lg' } as const;

/** A portrait, or the name's first letter on the primary tint when there is none (or it fails to load). */
export function Avatar({ name, image, alt = '', size = 'md', className }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const initial = [...name.trim()][0]?.toUpperCase() ?? '?';
  const showImage = image !== null && image !== '' && failed !== image;
  return (
    <span
      className={cx(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary-100 font-bold text-primary-800',
        'ring-1 ring-neutral-200',
        sizes[size],
        className,
      )}
    >
      {showImage ? (
        <img src={image} alt={alt} className="size-full object-cover" onError={() => setFailed(image)} />
      ) : (
        <span aria-hidden={alt === '' ? true : undefined}>{initial}</span>
      )}
    </span>
  );
}
