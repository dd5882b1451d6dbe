// Rating the other side of a completed booking: 1 to 5 stars and an optional comment, saved on
// the device at once and queued; it can be changed for 48 hours after the first rating.

import { useForm } from '@tanstack/react-form';
import { Star } from 'lucide-react';
import { useState } from 'react';
import * as v from 'valibot';
import { errorText } from '@/client/forms/field-error';
import { useStore } from '@/client/hooks/use-store';
import { useT } from '@/client/i18n/i18n';
import { LOCALE } from '@/client/locale';
import { Button } from '@/client/ui/button';
import { CONTROL_CLASS, Field } from '@/client/ui/field';
import { StarRatingInput } from '@/client/ui/star-rating-input';
import { type OrderRow, rateBooking } from '@/data';
import { canEditRating, RATING_COMMENT_MAX_CHARS, ratingFormSchema } from '@/domain/rating/schema';

const until = (ms: number) =>
  new Date(ms).toLocaleString(LOCALE, {
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });

export function RateBooking({ row, otherName }: { row: OrderRow; otherName: string }) {
  const t = useT('people');
  const [editing, setEditing] = useState(false);
  const mine = row.myRating ?? null;
  if (row.status !== 'completed' || (row.syncState !== 'synced' && !mine)) return null;
  if (!mine && !editing) {
    return (
      <div className="mt-3 flex items-center gap-2 rounded-xl bg-slate-50 p-3 text-sm">
        <p className="flex-1 text-slate-700">{t('people.rate.ask', { name: otherName })}</p>
        <Button variant="secondary" className="min-h-9 px-3" onClick={() => setEditing(true)}>
          <Star aria-hidden="true" className="size-4" /> {t('people.rate.open', { name: otherName })}
        </Button>
      </div>
    );
  }
  if (mine && !editing) {
    const editable = canEditRating(mine, Date.now());
    return (
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-slate-50 p-3 text-sm">
        <p className="flex items-center gap-1 text-slate-800">
          {t('people.rate.youRated', { name: otherName })}{' '}
          <span className="inline-flex items-center gap-0.5 font-semibold">
            <span aria-hidden="true">{mine.stars}</span>
            <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
            <span className="sr-only">{t('people.rate.stars', { count: mine.stars })}</span>
          </span>
          {mine.comment ? <span className="text-slate-600">: “{mine.comment}”</span> : null}
        </p>
        {editable ? (
          <button
            type="button"
            onClick={() => setEditing(true)}
            className="text-sm font-semibold text-brand-700 hover:underline"
          >
            {t('people.rate.edit')}
            <span className="sr-only">{t('people.rate.editOf', { name: otherName })}</span>
          </button>
        ) : null}
        {editable ? (
          <p className="w-full text-xs text-slate-500">
            {t('people.rate.until', { when: until(mine.editableUntil) })}
          </p>
        ) : null}
      </div>
    );
  }
  return <RatingForm row={row} otherName={otherName} onDone={() => setEditing(false)} />;
}

function RatingForm({ row, otherName, onDone }: { row: OrderRow; otherName: string; onDone: () => void }) {
  const store = useStore();
  const t = useT('people');
  // The refusal's code, rendered in the language on screen.
  const [refusal, setRefusal] = useState<string | null>(null);
  const mine = row.myRating ?? null;
  const form = useForm({
    defaultValues: { stars: mine?.stars ?? 0, comment: mine?.comment ?? '' },
    validators: { onSubmit: ratingFormSchema },
    onSubmit: async ({ value }) => {
      const { stars, comment } = v.parse(ratingFormSchema, value);
      const result = await rateBooking(store, { bookingId: row.id, stars, comment });
      if (!result.ok) {
        setRefusal(result.code);
        return;
      }
      onDone();
    },
  });
  const commentId = `rating-comment-${row.id}`;
  return (
    <form
      noValidate
      aria-label={t('people.rate.form', { name: otherName })}
      className="mt-3 flex flex-col gap-3 rounded-xl bg-slate-50 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        void form.handleSubmit();
      }}
    >
      <form.Field name="stars">
        {(field) => (
          <StarRatingInput
            legend={t('people.rate.legend', { name: otherName })}
            name={`stars-${row.id}`}
            value={Number(field.state.value)}
            onChange={(n) => field.handleChange(n)}
            error={errorText(field.state.meta.errors)}
          />
        )}
      </form.Field>
      <form.Field name="comment">
        {(field) => {
          const error = errorText(field.state.meta.errors);
          return (
            <Field
              id={commentId}
              label={t('people.rate.comment')}
              error={error}
              hint={t('people.rate.chars', {
                count: field.state.value.length,
                max: RATING_COMMENT_MAX_CHARS,
              })}
            >
              <textarea
                id={commentId}
                name="comment"
                rows={2}
                value={field.state.value}
                onBlur={field.handleBlur}
                onChange={(e) => field.handleChange(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${commentId}-error` : undefined}
                className={`${CONTROL_CLASS} resize-y`}
              />
            </Field>
          );
        }}
      </form.Field>
      {refusal ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {refusal === 'rating/edit-closed' ? t('people.rate.editClosed') : t('people.rate.notCompleted')}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {mine ? (
          <Button variant="secondary" onClick={onDone}>
            {t('people.rate.cancel')}
          </Button>
        ) : null}
        <form.Subscribe selector={(s) => s.isSubmitting}>
          {(submitting) => (
            <Button type="submit" busy={submitting} busyLabel={t('people.rate.saving')}>
              {mine ? t('people.rate.save') : t('people.rate.submit')}
            </Button>
          )}
        </form.Subscribe>
      </div>
    </form>
  );
}
