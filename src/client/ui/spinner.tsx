// A spinning ring with a text alternative.
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-10 text-sm text-slate-500">
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700"
      />
      <span>{label}</span>
    </div>
  );
}
