// From and To, as one field group every route form shares: two airport pickers, To leaving out
// the chosen origin, and a From equal to To clearing To.
import { useT } from '@/client/i18n/i18n';
import type { ChoiceSource } from '@/domain/reference/choices';
import { withFieldGroup } from './app-form';

export const RouteFields = withFieldGroup({
  defaultValues: { from: '', to: '' },
  props: {} as { airports: ChoiceSource; fromPlaceholder?: string; toPlaceholder?: string },
  render: function RouteFieldsRender({ group, airports, fromPlaceholder, toPlaceholder }) {
    const t = useT('search');
    return (
      <>
        <group.AppField name="from">
          {(field) => (
            <field.ComboboxField
              label={t('search.route.from')}
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
                  label={t('search.route.to')}
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
