// 'Upload Item Image': an image-only file input with a preview of the chosen picture. The input is
// visually hidden and its button and "no photo" line are the app's words: a browser's own ("Choose
// File", "No file chosen") are in the browser's language, English on a phone set to English with
// the app in Hindi, and were cut short at 390 px.
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
        <div className="flex min-w-0 flex-1 flex-col items-start gap-1.5">
          <input
            key={inputKey}
            id="itemImage"
            name="itemImage"
            type="file"
            accept="image/*"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'itemImage-chosen itemImage-error' : 'itemImage-chosen'}
            className="peer sr-only"
            onChange={(e) => onChange(e.target.files?.[0] ?? null)}
          />
          <label
            htmlFor="itemImage"
            aria-hidden="true"
            className="cursor-pointer rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
          >
            {t('sender.image.choose')}
          </label>
          <span id="itemImage-chosen" className="max-w-full truncate text-sm text-slate-600">
            {file ? file.name : t('sender.image.none')}
          </span>
        </div>
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
