// A message that fills the viewport: the first auth check's 'Loading...' and similar.
import { LogoMark } from './logo';

export function FullScreenMessage({ message }: { message: string }) {
  return (
    <div role="status" className="grid min-h-dvh place-items-center bg-slate-50">
      <div className="flex flex-col items-center gap-4">
        <LogoMark className="size-14 animate-pulse" />
        <p className="text-base font-medium text-slate-600">{message}</p>
      </div>
    </div>
  );
}
