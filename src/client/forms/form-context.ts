// The contexts TanStack Form's createFormHook binds field and form components through: a field
// component reads its field with useFieldContext instead of taking it as a prop.
import { createFormHookContexts } from '@tanstack/react-form';

export const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();
