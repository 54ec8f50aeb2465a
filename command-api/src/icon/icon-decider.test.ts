import { describe, it } from 'vitest';
import { ICON_MESSAGES, ICONS_PER_USER, type IconEvent } from '@pocketguide/contracts';
import { NotFoundError } from '@pocketguide/platform/http/errors';
import { deciderSpec } from '../testing/decider-spec.ts';
import { IconLimitError, iconLibraryDecider, type DeleteIcon, type UploadIcon } from './icon-decider.ts';

const spec = deciderSpec(iconLibraryDecider);
const now = new Date('2026-11-25T01:00:00.000Z');
const url = (n: number) => `/media/icons/u1/${n}.png`;
const upload = (n: number): UploadIcon => ({
  type: 'UploadIcon',
  data: { iconId: `i${n}`, userId: 'u1', url: url(n), bytes: 900, now },
});
const remove = (n: number): DeleteIcon => ({ type: 'DeleteIcon', data: { iconId: `i${n}`, userId: 'u1', now } });
const uploaded = (n: number): IconEvent => ({
  type: 'IconUploaded',
  data: { iconId: `i${n}`, userId: 'u1', url: url(n), bytes: 900, uploadedAt: now.toISOString() },
});
const deleted = (n: number): IconEvent => ({
  type: 'IconDeleted',
  data: { iconId: `i${n}`, userId: 'u1', deletedAt: now.toISOString() },
});
const full = Array.from({ length: ICONS_PER_USER }, (_, index) => uploaded(index + 1));

describe('UploadIcon', () => {
  it('given an empty library, when an icon is uploaded, then IconUploaded with its address and the time', () => {
    spec
      .given([])
      .when(upload(1))
      .then([uploaded(1)]);
  });

  it('given 99 icons, when one more is uploaded, then it is the 100th', () => {
    spec
      .given(full.slice(0, 99))
      .when(upload(100))
      .then([uploaded(100)]);
  });

  it('given 100 icons, when a 101st is uploaded, then it is refused with the spec’s text', () => {
    spec.given(full).when(upload(101)).thenThrows(IconLimitError, ICON_MESSAGES.limit);
  });

  it('given 100 icons of which one was deleted, when another is uploaded, then there is room for it', () => {
    spec
      .given([...full, deleted(7)])
      .when(upload(101))
      .then([uploaded(101)]);
  });

  it('given the icon already uploaded (a retried command), when it is uploaded again, then nothing happens', () => {
    spec
      .given([uploaded(1)])
      .when(upload(1))
      .thenNothingHappens();
  });
});

describe('DeleteIcon', () => {
  it('given an icon, when it is deleted, then IconDeleted and the library no longer holds it', () => {
    spec
      .given([uploaded(1)])
      .when(remove(1))
      .then([deleted(1)]);
    spec
      .given([uploaded(1), uploaded(2)])
      .when(remove(1))
      .thenState({ icons: new Map([['i2', url(2)]]) });
  });

  it('given no such icon, or one already deleted, when it is deleted, then Not Found', () => {
    spec.given([]).when(remove(1)).thenThrows(NotFoundError, ICON_MESSAGES.notFound);
    spec
      .given([uploaded(1), deleted(1)])
      .when(remove(1))
      .thenThrows(NotFoundError, ICON_MESSAGES.notFound);
  });
});
