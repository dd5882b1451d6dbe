// Choosing 1 to 5 stars: native radio buttons in a fieldset (arrow keys move between them), each
// drawn as a star with its number of stars as its label.
import { Star } from 'lucide-react';
import { useId } from 'react';
import { useT } from '@/client/i18n/i18n';

interface StarRatingInputProps {
  legend: string;
  name: string;
  value: number;
  onChange: (stars: number) => void;
  error?: string | undefined;
  disabled?: boolean;
}

const STARS = [1, 2, 3, 4, 5] as const;

export function StarRatingInput({ legend, name, value, onChange, error, disabled }: StarRatingInputProps) {
  const errorId = useId();
  const t = useT();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-1.5 flex items-center gap-1">
        {STARS.map((n) => (
          <label
            key={n}
            className="relative cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="peer sr-only"
            />
            <Star
              aria-hidden="true"
              className={`size-8 ${n <= value ? 'fill-amber-400 text-amber-500' : 'text-slate-400'}`}
            />
            <span className="sr-only">{t('stars.count', { count: n })}</span>
          </label>
        ))}
        <span className="ml-2 text-sm text-slate-600" aria-hidden="true">
          {value ? t('stars.of5', { value }) : ''}
        </span>
      </div>
      {error ? (
        <p id={errorId} className="mt-1 flex items-start gap-1 text-xs font-medium text-red-700">
          <span aria-hidden="true">⚠</span>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
