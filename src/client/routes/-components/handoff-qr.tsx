// The hand-off code as a QR code, drawn as one SVG path. Loaded lazily (React.lazy) with the
// code's panel, so the QR encoder never weighs on the first screen.
import { useMemo } from 'react';
import { encode } from 'uqr';
import { useT } from '@/client/i18n/i18n';
import { handoffQrText } from '@/domain/handoff/code';

export default function HandoffQr({ code }: { code: string }) {
  const t = useT('carrier');
  const { size, path } = useMemo(() => {
    const qr = encode(handoffQrText(code), { ecc: 'M', border: 2 });
    let d = '';
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { size: qr.size, path: d };
  }, [code]);
  return (
    <svg
      role="img"
      aria-label={t('carrier.handoff.qr', { digits: code.split('').join(' ') })}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="size-44 rounded-lg bg-white"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#0f172a" />
    </svg>
  );
}
