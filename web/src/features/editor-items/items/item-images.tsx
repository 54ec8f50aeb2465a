import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import type { ImageSet, SectionItem } from '@pocketguide/contracts';
import type { SectionItemProps } from '../../editor/item-contract.ts';
import { GuidebookImage } from './guidebook-image.tsx';
import { ImageUploadButton } from './image-upload-button.tsx';

type WithImages = Extract<SectionItem, { images: readonly ImageSet[] }>;

/**
 * The pictures under an accordion's body or an air ticket's flight (a boarding pass): each with its remove button
 * in the editor, and while the item is selected the button that adds one.
 */
export function ItemImages<T extends WithImages>({
  item,
  editable,
  active,
  onEdit,
  uploadImage,
}: Pick<SectionItemProps<T>, 'item' | 'editable' | 'active' | 'onEdit' | 'uploadImage'>) {
  const { t } = useTranslation();
  return (
    <>
      <ImageList
        images={item.images}
        editable={editable}
        onRemove={(index) =>
          onEdit((draft) => {
            draft.images.splice(index, 1);
          })
        }
      />
      {editable && active ? (
        <div className="self-start">
          <ImageUploadButton uploadImage={uploadImage} label={t('editorItems.images.add')} />
        </div>
      ) : null}
    </>
  );
}

function ImageList({
  images,
  editable,
  onRemove,
}: {
  images: readonly ImageSet[];
  editable: boolean;
  onRemove(index: number): void;
}) {
  const { t } = useTranslation();
  if (images.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2">
      {images.map((image, index) => (
        <li key={`${image.large}-${index}`} className="relative overflow-hidden rounded-control">
          <GuidebookImage image={image} displayWidth={400} />
          {editable ? (
            <button
              type="button"
              aria-label={t('editorItems.images.remove', { number: index + 1 })}
              onClick={() => onRemove(index)}
              className="absolute top-2 right-2 flex size-8 items-center justify-center rounded-full bg-neutral-900/70 text-white hover:bg-neutral-900"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
