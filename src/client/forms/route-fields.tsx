// From and To, as one field group every route form shares: two airport pickers, To leaving out
// the chosen origin, and a From equal to To clearing To.
import type { ChoiceSource } from '@/domain/reference/choices';
import { withFieldGroup } from './app-form';

export const RouteFields = withFieldGroup({
  defaultValues: { from: '', to: '' },
  props: {} as { airports: ChoiceSource; fromPlaceholder?: string; toPlaceholder?: string },
  render: function RouteFieldsRender({ group, airports, fromPlaceholder, toPlaceholder }) {
    return (
      <>
        <group.AppField name="from">
          {(field) => (
            <field.ComboboxField
              label="From"
              options={airports}
              recentKind="airport"
              placeholder={fromPlaceholder}
              onPick={(code) => {
                if (group.getFieldValue('to') === code) group.setFieldValue('to', '');
              }}
            />
          )}
        </group.AppField>
        <group.Subscribe selector={(s) => s.values.from}>
          {(from) => (
            <group.AppField name="to">
              {(field) => (
                <field.ComboboxField
                  label="To"
                  options={airports}
                  exclude={from}
                  recentKind="airport"
                  placeholder={toPlaceholder}
                />
              )}
            </group.AppField>
          )}
        </group.Subscribe>
      </>
    );
  },
});
