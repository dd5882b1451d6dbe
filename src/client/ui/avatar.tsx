// A round initial standing in for a person.
import { initial } from '@/domain/format';

export function Avatar({
  name,
  className = 'size-10 text-base',
}: {
  name: string | null | undefined;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={`grid shrink-0 place-items-center rounded-full bg-brand-100 font-bold text-brand-800 ${className}`}
    >
      {initial(name)}
    </span>
  );
}
