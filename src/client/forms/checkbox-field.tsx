// A labelled native checkbox for a boolean form field (a declaration that must be ticked), its
// message below it.
import { FieldError } from '@/client/ui/field';
import { errorText } from './field-error';
import { useFieldContext } from './form-context';

export function CheckboxField({ label }: { label: string }) {
  const field = useFieldContext<boolean>();
  const error = errorText(field.state.meta.errors);
  const id = field.name;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex items-start gap-2 text-sm text-slate-700">
        <input
          id={id}
          name={field.name}
          type="checkbox"
          checked={field.state.value === true}
          onChange={(e) => field.handleChange(e.target.checked)}
          onBlur={field.handleBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-4 shrink-0 accent-brand-600"
        />
        <span>{label}</span>
      </label>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
