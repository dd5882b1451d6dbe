// 'Upload Item Image': an image-only file input with a preview of the chosen picture.
import { ImagePlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { validationText } from '@/client/i18n/domain-text';
import { useT } from '@/client/i18n/i18n';
import { FieldError } from '@/client/ui/field';

interface ImagePickerProps {
  file: File | null;
  error?: string | undefined;
  onChange: (file: File | null) => void;
  inputKey: number;
  /** The photo's size before and after it was made smaller for sending. */
  sizeNote?: string | undefined;
}

export function ImagePicker({ file, error, onChange, inputKey, sizeNote }: ImagePickerProps) {
  const t = useT('sender');
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <div className="flex flex-col gap-1.5 sm:col-span-2">
      <label htmlFor="itemImage" className="text-sm font-medium text-slate-700">
        {t('sender.image.label')}
      </label>
      <div className="flex items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4">
        {preview ? (
          <img
            src={preview}
            alt={t('sender.image.preview')}
            className="size-20 rounded-lg object-cover ring-1 ring-slate-200"
          />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-20 place-items-center rounded-lg bg-white text-slate-400 ring-1 ring-slate-200"
          >
            <ImagePlus className="size-8" />
          </span>
        )}
        <input
          key={inputKey}
          id="itemImage"
          name="itemImage"
          type="file"
          accept="image/*"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'itemImage-error' : undefined}
          className="min-w-0 flex-1 text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-white"
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        />
      </div>
      {sizeNote ? (
        <p id="itemImage-size" className="text-sm text-slate-700" aria-live="polite">
          {sizeNote}
        </p>
      ) : null}
      <FieldError id="itemImage-error" message={error ? validationText(error, t) : undefined} />
    </div>
  );
}
