// The <form> every screen uses: no browser validation bubbles (the spec's messages show beside
// the fields instead), and submit handed to the TanStack Form instance.
import type { ReactNode } from 'react';

interface FormElementProps {
  form: { handleSubmit(): Promise<void> };
  className?: string;
  'aria-label'?: string;
  children: ReactNode;
}

export function FormElement({ form, className, children, ...rest }: FormElementProps) {
  return (
    <form
      noValidate
      className={className}
      aria-label={rest['aria-label']}
      onSubmit={(e) => {
        e.preventDefault();
        void form.handleSubmit();
      }}
    >
      {children}
    </form>
  );
}
